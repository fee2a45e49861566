package io.kvmapper.internal.codec;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Base of the generated Protobuf codecs: they write and read one Protobuf message (proto3 wire
 * format, described by the {@code .proto} file the processor exports) with {@link CodedOutputStream}
 * and {@link CodedInputStream}, with no reflection. This class owns the streams and the framing: the
 * message runs to the end of the value.
 *
 * @param <E> the entity type
 */
public abstract class ProtobufCodec<E> implements ValueCodec<E> {
    private static final int BUFFER_SIZE = 256;

    /** For subclasses. */
    protected ProtobufCodec() {
    }

    @Override
    public final byte codecId() {
        return ValueHeader.PROTOBUF;
    }

    @Override
    public final void encode(E entity, ValueBuffer out) {
        CodedOutputStream coded = CodedOutputStream.newInstance(out, BUFFER_SIZE);
        try {
            write(coded, entity);
            coded.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public final E decode(byte[] bytes, int offset, int length) {
        CodedInputStream in = CodedInputStream.newInstance(bytes, offset, length);
        try {
            return read(in);
        } catch (IOException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** Writes the fields of {@code entity}. */
    protected abstract void write(CodedOutputStream out, E entity) throws IOException;

    /** Reads fields until {@code in.readTag()} returns 0 (the end of the value) and builds the entity. */
    protected abstract E read(CodedInputStream in) throws IOException;
}
