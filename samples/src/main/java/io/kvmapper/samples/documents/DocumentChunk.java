package io.kvmapper.samples.documents;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/**
 * One chunk of a large document: the data-modelling article's composite key {@code entity:id:chunk}, as
 * the tuple {@code (("DocumentChunk", "r", documentId), chunk)}. The document is the partition, so its
 * chunks lie together in chunk order, a prefix scan reads them back in that order, and one unit of work
 * writing a whole document touches one partition. Protobuf stores the bytes as they are (JSON would store
 * them as base64, a third larger).
 *
 * @param documentId the document (the partition)
 * @param chunk the chunk's number, from 0
 * @param bytes the chunk's part of the document, at most {@link ChunkedDocuments#CHUNK_SIZE} bytes
 */
@Entity(codec = Codec.PROTOBUF)
public record DocumentChunk(@Key String documentId, @Key int chunk, byte[] bytes) {
}
