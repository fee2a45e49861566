package io.kvmapper.tuple;

import io.kvmapper.internal.tuple.TupleWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.UUID;

/** Writes values of any supported type by their runtime type: the one dispatch behind {@link Tuples#encode}. */
final class TupleValues {
    private TupleValues() {
    }

    /**
     * Writes {@code value} by its runtime type: null, {@code byte[]}, {@link String}, {@link Long},
     * {@link Integer}, {@link Short}, {@link Byte}, {@link BigInteger}, {@link Float}, {@link Double},
     * {@link Boolean}, {@link UUID}, {@link Character}, {@link Instant}, {@link LocalDate},
     * {@link LocalDateTime}, any {@link Enum}, {@link BigDecimal}, a {@link List} (a nested tuple of its
     * elements) or a {@link Descending} (its value, descending).
     *
     * @throws IllegalArgumentException naming the type if it is none of these
     */
    static TupleWriter write(TupleWriter writer, Object value) {
        if (value == null) {
            return writer.writeNull();
        } else if (value instanceof String s) {
            return writer.writeString(s);
        } else if (value instanceof Long l) {
            return writer.writeLong(l);
        } else if (value instanceof Integer i) {
            return writer.writeLong(i);
        } else if (value instanceof byte[] bytes) {
            return writer.writeBytes(bytes);
        } else if (value instanceof List<?> list) {
            writer.beginNested();
            for (Object element : list) {
                write(writer, element);
            }
            return writer.endNested();
        } else if (value instanceof Descending d) {
            return write(writer.descending(), d.value());
        } else if (value instanceof Boolean b) {
            return writer.writeBoolean(b);
        } else if (value instanceof Double d) {
            return writer.writeDouble(d);
        } else if (value instanceof Float f) {
            return writer.writeFloat(f);
        } else if (value instanceof UUID u) {
            return writer.writeUuid(u);
        } else if (value instanceof BigInteger b) {
            return writer.writeBigInteger(b);
        } else if (value instanceof Short s) {
            return writer.writeLong(s);
        } else if (value instanceof Byte b) {
            return writer.writeLong(b);
        } else if (value instanceof Character c) {
            return writer.writeChar(c);
        } else if (value instanceof Instant t) {
            return writer.writeInstant(t);
        } else if (value instanceof LocalDate d) {
            return writer.writeLocalDate(d);
        } else if (value instanceof LocalDateTime t) {
            return writer.writeLocalDateTime(t);
        } else if (value instanceof Enum<?> e) {
            return writer.writeEnum(e);
        } else if (value instanceof BigDecimal d) {
            return writer.writeBigDecimal(d);
        }
        throw new IllegalArgumentException("a tuple cannot hold a " + value.getClass().getName()
                + "; supported: null, byte[], String, Long, Integer, Short, Byte, BigInteger, Float, Double,"
                + " Boolean, UUID, Character, Instant, LocalDate, LocalDateTime, enums, BigDecimal, List"
                + " (nested tuple) and Descending");
    }
}
