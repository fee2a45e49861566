package io.kvmapper.internal.codec;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;

/**
 * How one kind of Java value travels as a Protobuf field: its wire type, its bytes after the tag, and
 * how to read it back. Generated Protobuf codecs use the scalar constants of {@link Proto} and compose
 * them into embedded messages, wrapper messages for nested collections, and map entries. Instances are
 * stateless and thread-safe.
 *
 * @param <T> the Java type
 */
public abstract class ProtoType<T> {
    private final int wireType;

    ProtoType(int wireType) {
        this.wireType = wireType;
    }

    /** The size of {@code value} after its tag. */
    abstract int sizeNoTag(T value);

    /** Writes {@code value} without a tag. */
    abstract void writeNoTag(CodedOutputStream out, T value) throws IOException;

    /** Reads one value written by {@link #writeNoTag}; the tag has been read and checked. */
    abstract T readNoTag(CodedInputStream in) throws IOException;

    /**
     * The value an absent map key or map value stands for: Protobuf's default of the wire type where
     * it means a Java value (zero, false, the empty string, an empty message), otherwise an error.
     */
    T absent() {
        throw new IllegalStateException("a map entry lacks its key or value, and it has no default");
    }

    /** Whether a repeated field of this type is written packed. */
    final boolean packable() {
        return wireType != WireFormat.WIRETYPE_LENGTH_DELIMITED;
    }

    /** The size of field {@code field} holding {@code value}, tag included. */
    public final int size(int field, T value) {
        return CodedOutputStream.computeTagSize(field) + sizeNoTag(value);
    }

    /** Writes field {@code field} holding {@code value}, which is not null. */
    public final void write(CodedOutputStream out, int field, T value) throws IOException {
        out.writeTag(field, wireType);
        writeNoTag(out, value);
    }

    /**
     * Reads the value of a field whose tag, just read, is {@code tag}.
     *
     * @throws IllegalStateException if the tag's wire type is not this type's (the field changed type)
     */
    public final T read(CodedInputStream in, int tag) throws IOException {
        Proto.expectWireType(tag, wireType);
        return readNoTag(in);
    }
}
