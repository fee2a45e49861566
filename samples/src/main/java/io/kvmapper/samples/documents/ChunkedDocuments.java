package io.kvmapper.samples.documents;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Large documents stored as {@link DocumentChunk}s of at most {@link #CHUNK_SIZE} bytes: the repository
 * layer of the chunked-document pattern. A write or a delete of a document is one unit of work; a read
 * streams the chunks in order, holding at most {@link #PAGE} of them at a time.
 *
 * <p>A unit of work holds all of its writes until it commits (RocksDB's write batch, the Cassandra
 * backend's client-side buffer), so one document must fit in one: on Cassandra the chunks of one document
 * lie in one partition, and their commit is one mutation, which Cassandra bounds at half of
 * {@code commitlog_segment_size} (16 MiB by default). An object larger than that would be written in
 * several units of work, with a manifest written last as the commit point; this class does not do that.
 *
 * <p>A read pages through the chunks without a transaction, so a reader racing with a replacement of the
 * same document may get pages of both versions. An empty document has no chunks and reads as absent.
 */
public final class ChunkedDocuments {
    /**
     * The most bytes one chunk holds. Small enough that a chunk's stored value (the bytes, the key fields
     * and a few bytes of header) stays below the Cassandra backend's 64 KiB {@code valueChunkSize}, so the
     * backend never splits a chunk again.
     */
    public static final int CHUNK_SIZE = 32 * 1024;
    /** How many chunks one read fetches: a reader holds at most this many at a time. */
    public static final int PAGE = 8;

    private final KvStore store;
    private final DocumentChunkRepository chunks;

    /** The documents of {@code store}. */
    public ChunkedDocuments(KvStore store) {
        this.store = store;
        this.chunks = new DocumentChunkRepository(store);
    }

    /**
     * Stores {@code content} as document {@code documentId}, replacing any earlier version, in one unit of
     * work: saves chunks 0 to n - 1 and deletes every chunk numbered n or more that an earlier, longer
     * version left, so the store holds one whole version or the other, never a mix, and no stale chunk.
     *
     * @return n, and how many stale chunks were deleted
     */
    public Written write(String documentId, byte[] content) {
        int count = (content.length + CHUNK_SIZE - 1) / CHUNK_SIZE;
        return store.transactResult(tx -> {
            DocumentChunkRepository inTx = chunks.with(tx);
            for (int chunk = 0; chunk < count; chunk++) {
                int from = chunk * CHUNK_SIZE;
                byte[] bytes = Arrays.copyOfRange(content, from, Math.min(content.length, from + CHUNK_SIZE));
                inTx.save(new DocumentChunk(documentId, chunk, bytes));
            }
            return new Written(count, deleteChunksFrom(inTx, documentId, count));
        });
    }

    /**
     * Writes document {@code documentId} to {@code out}, chunk by chunk in chunk order: one prefix scan of
     * the document's partition, read {@link #PAGE} chunks at a time, so memory stays bounded however large
     * the document.
     *
     * @return what was read; no chunks if the document does not exist
     * @throws IllegalStateException if a chunk is missing from the sequence
     * @throws IOException if {@code out} fails
     */
    public Read readTo(String documentId, OutputStream out) throws IOException {
        int next = 0;
        long bytes = 0;
        int reads = 0;
        Page<DocumentChunk> page = chunks.findByDocumentId(documentId, PageRequest.ofSize(PAGE));
        while (true) {
            reads++;
            for (DocumentChunk chunk : page.items()) {
                if (chunk.chunk() != next) {
                    throw new IllegalStateException("document " + documentId + ": expected chunk " + next
                            + " but read chunk " + chunk.chunk());
                }
                out.write(chunk.bytes());
                bytes += chunk.bytes().length;
                next++;
            }
            if (page.continuation().isEmpty()) {
                return new Read(next, bytes, reads);
            }
            page = chunks.findByDocumentId(documentId, PageRequest.resume(page.continuation().get(), PAGE));
        }
    }

    /**
     * Deletes document {@code documentId}, every chunk of it, in one unit of work.
     *
     * @return how many chunks it had
     */
    public int delete(String documentId) {
        return store.transactResult(tx -> deleteChunksFrom(chunks.with(tx), documentId, 0));
    }

    /**
     * Deletes the chunks of {@code documentId} numbered {@code first} or more, found by a range scan of the
     * chunk numbers from {@code first}, {@link #PAGE} at a time.
     */
    private static int deleteChunksFrom(DocumentChunkRepository inTx, String documentId, int first) {
        int deleted = 0;
        Page<DocumentChunk> page = inTx.findByDocumentIdAndChunkBetween(documentId, first, Integer.MAX_VALUE,
                PageRequest.ofSize(PAGE));
        while (true) {
            for (DocumentChunk chunk : page.items()) {
                inTx.deleteById(documentId, chunk.chunk());
                deleted++;
            }
            if (page.continuation().isEmpty()) {
                return deleted;
            }
            page = inTx.findByDocumentIdAndChunkBetween(documentId, first, Integer.MAX_VALUE,
                    PageRequest.resume(page.continuation().get(), PAGE));
        }
    }

    /**
     * What a write did.
     *
     * @param chunks how many chunks the document now has
     * @param staleDeleted how many chunks of a longer earlier version it deleted
     */
    public record Written(int chunks, int staleDeleted) {
    }

    /**
     * What a read returned.
     *
     * @param chunks how many chunks
     * @param bytes how many bytes, all chunks together
     * @param reads how many reads (pages) it took
     */
    public record Read(int chunks, long bytes, int reads) {
    }
}
