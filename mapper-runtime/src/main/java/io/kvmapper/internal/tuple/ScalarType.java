package io.kvmapper.internal.tuple;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Writes and reads one Java type as a tuple element, for structures whose element types are chosen at
 * run time (a multimap's keys and values). The encodings are the ones generated code uses for key
 * components (see {@code docs/key-encoding.md}).
 *
 * @param <T> the Java type
 */
public final class ScalarType<T> {
    private static final Map<Class<?>, ScalarType<?>> TYPES = Map.ofEntries(
            entry(String.class, TupleWriter::writeString, TupleReader::readString),
            entry(Long.class, TupleWriter::writeLong, TupleReader::readLong),
            entry(Integer.class, (w, v) -> w.writeLong(v), TupleReader::readInt),
            entry(Short.class, (w, v) -> w.writeLong(v), TupleReader::readShort),
            entry(Byte.class, (w, v) -> w.writeLong(v), TupleReader::readByte),
            entry(Character.class, TupleWriter::writeChar, TupleReader::readChar),
            entry(Boolean.class, TupleWriter::writeBoolean, TupleReader::readBoolean),
            entry(Double.class, TupleWriter::writeDouble, TupleReader::readDouble),
            entry(Float.class, TupleWriter::writeFloat, TupleReader::readFloat),
            entry(UUID.class, TupleWriter::writeUuid, TupleReader::readUuid),
            entry(Instant.class, TupleWriter::writeInstant, TupleReader::readInstant),
            entry(LocalDate.class, TupleWriter::writeLocalDate, TupleReader::readLocalDate),
            entry(LocalDateTime.class, TupleWriter::writeLocalDateTime, TupleReader::readLocalDateTime),
            entry(BigDecimal.class, TupleWriter::writeBigDecimal, TupleReader::readBigDecimal),
            entry(BigInteger.class, TupleWriter::writeBigInteger, TupleReader::readBigInteger),
            entry(byte[].class, TupleWriter::writeBytes, TupleReader::readBytes));

    private final Class<T> type;
    private final BiConsumer<TupleWriter, T> writer;
    private final Function<TupleReader, T> reader;

    private ScalarType(Class<T> type, BiConsumer<TupleWriter, T> writer, Function<TupleReader, T> reader) {
        this.type = type;
        this.writer = writer;
        this.reader = reader;
    }

    private static <T> Map.Entry<Class<?>, ScalarType<?>> entry(Class<T> type, BiConsumer<TupleWriter, T> writer,
            Function<TupleReader, T> reader) {
        return Map.entry(type, new ScalarType<>(type, writer, reader));
    }

    /**
     * The element type of {@code type}: a boxed primitive, {@code String}, {@code byte[]}, an enum,
     * {@code UUID}, {@code Instant}, {@code LocalDate}, {@code LocalDateTime}, {@code BigDecimal} or
     * {@code BigInteger}.
     *
     * @throws IllegalArgumentException naming the type if it has no tuple encoding
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> ScalarType<T> of(Class<T> type) {
        Objects.requireNonNull(type, "type");
        if (type.isEnum()) {
            Class<? extends Enum> enumType = (Class<? extends Enum>) type;
            return new ScalarType<>(type, (w, v) -> w.writeEnum((Enum<?>) v), r -> (T) r.readEnum(enumType));
        }
        ScalarType<?> known = TYPES.get(box(type));
        if (known == null) {
            throw new IllegalArgumentException(type.getName() + " has no tuple encoding; use a boxed primitive, String, "
                    + "byte[], an enum, UUID, Instant, LocalDate, LocalDateTime, BigDecimal or BigInteger");
        }
        return (ScalarType<T>) known;
    }

    /** The Java type. */
    public Class<T> type() {
        return type;
    }

    /** Writes {@code value}, which must not be null. */
    public TupleWriter write(TupleWriter out, T value) {
        writer.accept(out, Objects.requireNonNull(value, "value"));
        return out;
    }

    /** Reads a value. */
    public T read(TupleReader in) {
        return reader.apply(in);
    }

    private static Class<?> box(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return switch (type.getName()) {
            case "long" -> Long.class;
            case "int" -> Integer.class;
            case "short" -> Short.class;
            case "byte" -> Byte.class;
            case "char" -> Character.class;
            case "boolean" -> Boolean.class;
            case "double" -> Double.class;
            case "float" -> Float.class;
            default -> type;
        };
    }
}
