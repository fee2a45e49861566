package io.kvmapper.tuple;

/**
 * Marks a value to be encoded in descending form by {@link Tuples#encode(Object...)}, so that keys holding it
 * sort from the largest value to the smallest (for "newest first" scans). The element is stored as a byte
 * string: FoundationDB tooling and {@link Tuples#decode(byte[])} see it as {@code byte[]}; generated code
 * reads the value back with its type.
 *
 * @param value the value to encode descending: any value {@link Tuples#encode(Object...)} accepts
 */
public record Descending(Object value) {
}
