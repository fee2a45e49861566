package io.kvmapper.tuple;

/**
 * Marks a value to be encoded in descending form by {@link Tuples#encode(Object...)} and
 * {@link TupleWriter#write(Object)}, so that keys holding it sort from the largest value to the smallest
 * (for "newest first" scans). The element is stored as a byte string: FoundationDB tooling and
 * {@link Tuples#decode(byte[])} see it as {@code byte[]}; {@link TupleReader#descending()} reads the value.
 *
 * @param value the value to encode descending: any value {@link TupleWriter#write(Object)} accepts
 */
public record Descending(Object value) {
}
