package io.kvmapper.internal.operations;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.tuple.TupleWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * What generated query methods do with their arguments: check them, encode the elements of a collection, join
 * encoded values into key prefixes, and bind a continuation to them.
 */
public final class QueryArguments {
    /** The encoding of null, as an index value or a filter compares it. */
    public static final byte[] NULL = {0x00};

    private QueryArguments() {
    }

    /**
     * Rejects a null bound of a range or {@code StartingWith}: no value lies beyond null.
     *
     * @return {@code value}
     * @throws InvalidRequestException naming the method and the parameter
     */
    public static <T> T requireBound(T value, String method, String parameter) {
        if (value == null) {
            throw new InvalidRequestException(method + ": '" + parameter + "' is null, and a range or StartingWith"
                    + " needs a value; pass one, or declare a method without that predicate");
        }
        return value;
    }

    /**
     * The elements of an {@code In} argument, each encoded by {@code encoder}, in the collection's order.
     *
     * @throws InvalidRequestException if the collection is null
     */
    public static <T> List<byte[]> encodeEach(Collection<? extends T> values, Function<? super T, byte[]> encoder,
            String method, String parameter) {
        if (values == null) {
            throw new InvalidRequestException(method + ": '" + parameter + "' is null; In needs a collection of values"
                    + " (an empty one finds nothing)");
        }
        List<byte[]> encoded = new ArrayList<>(values.size());
        for (T value : values) {
            encoded.add(encoder.apply(value));
        }
        return encoded;
    }

    /** Encoded elements one after another: the leading values of an index entry, or a counter's group. */
    public static byte[] concat(byte[]... parts) {
        return KeyLayout.concat(parts);
    }

    /**
     * A prefix of record keys: the partition tuple opened with {@code head} ({@code RecordKeys.partitionHead}),
     * the encoded leading key components, the partition closed after its last component if they reach it.
     */
    public static byte[] recordPrefix(byte[] head, int partitionSize, byte[]... components) {
        TupleWriter writer = new TupleWriter(head.length + 16 * components.length + 8).beginNested().appendRaw(head);
        for (int i = 0; i < components.length; i++) {
            writer.appendRaw(components[i]);
            if (i == partitionSize - 1) {
                writer.endNested();
            }
        }
        return writer.toPrefixBytes();
    }

    /**
     * What a page's continuation is bound to: every encoded argument ({@code byte[]}, or a {@code List<byte[]>}
     * for an {@code In}), each with its length, so that no two argument lists give the same bytes.
     */
    public static byte[] bind(Object... encoded) {
        List<byte[]> parts = new ArrayList<>();
        for (Object argument : encoded) {
            if (argument instanceof byte[] bytes) {
                parts.add(bytes);
            } else {
                @SuppressWarnings("unchecked")
                List<byte[]> values = (List<byte[]>) argument;
                parts.add(ByteBuffer.allocate(4).putInt(values.size()).array());
                parts.addAll(values);
            }
        }
        int length = 0;
        for (byte[] part : parts) {
            length += 4 + part.length;
        }
        ByteBuffer binding = ByteBuffer.allocate(length);
        for (byte[] part : parts) {
            binding.putInt(part.length).put(part);
        }
        return binding.array();
    }
}
