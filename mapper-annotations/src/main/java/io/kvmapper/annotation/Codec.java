package io.kvmapper.annotation;

/**
 * The encoding of stored values.
 *
 * @see Entity#codec()
 */
public enum Codec {
    /** JSON, written and read by generated code on Jackson's streaming API. */
    JSON,
    /** Protocol Buffers, with field numbers from {@link Field#number()}. */
    PROTOBUF
}
