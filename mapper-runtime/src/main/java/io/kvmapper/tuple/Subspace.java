package io.kvmapper.tuple;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.spi.KeyRange;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable key prefix, like FoundationDB's {@code Subspace}: keys are the prefix followed by tuple
 * elements. Thread-safe.
 */
public final class Subspace {
    private final byte[] prefix;

    /** A subspace whose prefix is the raw bytes {@code rawPrefix} (copied). */
    public Subspace(byte[] rawPrefix) {
        this.prefix = rawPrefix.clone();
    }

    /** A subspace whose prefix is the tuple of {@code prefixElements}. */
    public static Subspace of(Object... prefixElements) {
        return new Subspace(Tuples.encode(prefixElements));
    }

    /** A copy of the prefix. */
    public byte[] prefix() {
        return prefix.clone();
    }

    /** The subspace of keys in this one that continue with {@code elements}. */
    public Subspace child(Object... elements) {
        return new Subspace(pack(elements));
    }

    /** The key: the prefix followed by the encoded {@code elements}. */
    public byte[] pack(Object... elements) {
        TupleWriter writer = new TupleWriter(prefix.length + 16 * elements.length).appendRaw(prefix);
        for (Object element : elements) {
            TupleValues.write(writer, element);
        }
        return writer.toByteArray();
    }

    /**
     * The elements of {@code key} after the prefix, decoded as {@link Tuples#decode(byte[])} does.
     *
     * @throws IllegalArgumentException if the key does not start with the prefix
     * @throws CorruptDataException if the rest of the key is not a valid tuple
     */
    public List<Object> unpack(byte[] key) {
        if (!contains(key)) {
            throw new IllegalArgumentException("key " + Tuples.toString(key) + " is not in subspace " + this);
        }
        return Tuples.decode(key, prefix.length, key.length - prefix.length);
    }

    /** Whether {@code key} starts with the prefix (the prefix itself included). */
    public boolean contains(byte[] key) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }

    /**
     * Every key that is the prefix followed by at least one tuple element: from the prefix plus 0x00
     * (inclusive) to the prefix plus 0xFF (exclusive), as in FoundationDB. The prefix itself is not in it.
     */
    public KeyRange range() {
        byte[] begin = Arrays.copyOf(prefix, prefix.length + 1);
        byte[] end = Arrays.copyOf(prefix, prefix.length + 1);
        end[prefix.length] = (byte) 0xFF;
        return new KeyRange(begin, end);
    }

    /** The {@link #range()} of {@link #child(Object...) child(elements)}. */
    public KeyRange range(Object... elements) {
        return child(elements).range();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Subspace that && Arrays.equals(prefix, that.prefix);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(prefix);
    }

    /** The prefix as {@link Tuples#toString(byte[])} prints it. */
    @Override
    public String toString() {
        return "Subspace" + Tuples.toString(prefix);
    }
}
