package io.kvmapper.internal.codec;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The Protobuf wire mapping of every Java type KV Mapper stores, for generated Protobuf codecs: one
 * {@link ProtoType} per scalar, composers for embedded messages, nested collections and maps, and
 * readers that check each field's wire type. Every decision about how a Java value looks on the wire
 * is made here; {@code docs/codecs.md} lists them.
 *
 * <p>Reads fail with an {@link IllegalStateException} (or the exception of the value's own parser)
 * naming what was wrong; the repository turns it into a {@link io.kvmapper.CorruptDataException}
 * naming entity and key. Writes of a value Protobuf cannot hold (a null collection element, a string
 * with an unpaired surrogate) fail with an {@link IllegalArgumentException}.
 */
public final class Proto {
    private static final int VARINT = WireFormat.WIRETYPE_VARINT;
    private static final int FIXED32 = WireFormat.WIRETYPE_FIXED32;
    private static final int FIXED64 = WireFormat.WIRETYPE_FIXED64;
    private static final int LENGTH_DELIMITED = WireFormat.WIRETYPE_LENGTH_DELIMITED;

    private Proto() {
    }

    /** Computes the encoded size of an embedded object's fields. */
    @FunctionalInterface
    public interface Sizer<T> {
        /** The size of the fields of {@code value}. */
        int size(T value);
    }

    /** Writes an embedded object's fields. */
    @FunctionalInterface
    public interface Writer<T> {
        /** Writes the fields of {@code value}. */
        void write(CodedOutputStream out, T value) throws IOException;
    }

    /** Reads an embedded object's fields up to the end of its message. */
    @FunctionalInterface
    public interface Reader<T> {
        /** Reads fields until {@code in.readTag()} returns 0 and builds the object. */
        T read(CodedInputStream in) throws IOException;
    }

    /** {@code boolean}: {@code bool}. */
    public static final ProtoType<Boolean> BOOLEAN = new ProtoType<>(VARINT) {
        @Override
        int sizeNoTag(Boolean value) {
            return 1;
        }

        @Override
        void writeNoTag(CodedOutputStream out, Boolean value) throws IOException {
            out.writeBoolNoTag(value);
        }

        @Override
        Boolean readNoTag(CodedInputStream in) throws IOException {
            return in.readBool();
        }

        @Override
        Boolean absent() {
            return false;
        }
    };

    /** {@code byte}: {@code sint32}, checked to fit on read. */
    public static final ProtoType<Byte> BYTE = new ProtoType<>(VARINT) {
        @Override
        int sizeNoTag(Byte value) {
            return CodedOutputStream.computeSInt32SizeNoTag(value);
        }

        @Override
        void writeNoTag(CodedOutputStream out, Byte value) throws IOException {
            out.writeSInt32NoTag(value);
        }

        @Override
        Byte readNoTag(CodedInputStream in) throws IOException {
            return toByte(in.readSInt32());
        }

        @Override
        Byte absent() {
            return 0;
        }
    };

    /** {@code short}: {@code sint32}, checked to fit on read. */
    public static final ProtoType<Short> SHORT = new ProtoType<>(VARINT) {
        @Override
        int sizeNoTag(Short value) {
            return CodedOutputStream.computeSInt32SizeNoTag(value);
        }

        @Override
        void writeNoTag(CodedOutputStream out, Short value) throws IOException {
            out.writeSInt32NoTag(value);
        }

        @Override
        Short readNoTag(CodedInputStream in) throws IOException {
            return toShort(in.readSInt32());
        }

        @Override
        Short absent() {
            return 0;
        }
    };

    /** {@code int}: {@code sint32} (zigzag varint, so small negative numbers stay small). */
    public static final ProtoType<Integer> INT = new ProtoType<>(VARINT) {
        @Override
        int sizeNoTag(Integer value) {
            return CodedOutputStream.computeSInt32SizeNoTag(value);
        }

        @Override
        void writeNoTag(CodedOutputStream out, Integer value) throws IOException {
            out.writeSInt32NoTag(value);
        }

        @Override
        Integer readNoTag(CodedInputStream in) throws IOException {
            return in.readSInt32();
        }

        @Override
        Integer absent() {
            return 0;
        }
    };

    /** {@code long}: {@code sint64}. */
    public static final ProtoType<Long> LONG = new ProtoType<>(VARINT) {
        @Override
        int sizeNoTag(Long value) {
            return CodedOutputStream.computeSInt64SizeNoTag(value);
        }

        @Override
        void writeNoTag(CodedOutputStream out, Long value) throws IOException {
            out.writeSInt64NoTag(value);
        }

        @Override
        Long readNoTag(CodedInputStream in) throws IOException {
            return in.readSInt64();
        }

        @Override
        Long absent() {
            return 0L;
        }
    };

    /** {@code char}: {@code uint32}, the UTF-16 code unit, checked to fit on read. */
    public static final ProtoType<Character> CHAR = new ProtoType<>(VARINT) {
        @Override
        int sizeNoTag(Character value) {
            return CodedOutputStream.computeUInt32SizeNoTag(value);
        }

        @Override
        void writeNoTag(CodedOutputStream out, Character value) throws IOException {
            out.writeUInt32NoTag(value);
        }

        @Override
        Character readNoTag(CodedInputStream in) throws IOException {
            return toChar(in.readUInt32());
        }

        @Override
        Character absent() {
            return '\0';
        }
    };

    /** {@code float}: {@code float}. */
    public static final ProtoType<Float> FLOAT = new ProtoType<>(FIXED32) {
        @Override
        int sizeNoTag(Float value) {
            return 4;
        }

        @Override
        void writeNoTag(CodedOutputStream out, Float value) throws IOException {
            out.writeFloatNoTag(value);
        }

        @Override
        Float readNoTag(CodedInputStream in) throws IOException {
            return in.readFloat();
        }

        @Override
        Float absent() {
            return 0f;
        }
    };

    /** {@code double}: {@code double}. */
    public static final ProtoType<Double> DOUBLE = new ProtoType<>(FIXED64) {
        @Override
        int sizeNoTag(Double value) {
            return 8;
        }

        @Override
        void writeNoTag(CodedOutputStream out, Double value) throws IOException {
            out.writeDoubleNoTag(value);
        }

        @Override
        Double readNoTag(CodedInputStream in) throws IOException {
            return in.readDouble();
        }

        @Override
        Double absent() {
            return 0d;
        }
    };

    /** {@code String}: {@code string} (UTF-8); a string with an unpaired surrogate cannot be written. */
    public static final ProtoType<String> STRING = new ProtoType<>(LENGTH_DELIMITED) {
        @Override
        int sizeNoTag(String value) {
            return CodedOutputStream.computeStringSizeNoTag(value);
        }

        @Override
        void writeNoTag(CodedOutputStream out, String value) throws IOException {
            out.writeStringNoTag(wellFormed(value));
        }

        @Override
        String readNoTag(CodedInputStream in) throws IOException {
            return in.readStringRequireUtf8();
        }

        @Override
        String absent() {
            return "";
        }
    };

    /** {@code byte[]}: {@code bytes}. */
    public static final ProtoType<byte[]> BYTES = new ProtoType<>(LENGTH_DELIMITED) {
        @Override
        int sizeNoTag(byte[] value) {
            return CodedOutputStream.computeByteArraySizeNoTag(value);
        }

        @Override
        void writeNoTag(CodedOutputStream out, byte[] value) throws IOException {
            out.writeByteArrayNoTag(value);
        }

        @Override
        byte[] readNoTag(CodedInputStream in) throws IOException {
            return in.readByteArray();
        }

        @Override
        byte[] absent() {
            return new byte[0];
        }
    };

    /** {@code UUID}: {@code bytes}, its 16 bytes big-endian (most significant half first). */
    public static final ProtoType<UUID> UUID_BYTES = new ProtoType<>(LENGTH_DELIMITED) {
        @Override
        int sizeNoTag(UUID value) {
            return 17;
        }

        @Override
        void writeNoTag(CodedOutputStream out, UUID value) throws IOException {
            out.writeByteArrayNoTag(ByteBuffer.allocate(16).putLong(value.getMostSignificantBits())
                    .putLong(value.getLeastSignificantBits()).array());
        }

        @Override
        UUID readNoTag(CodedInputStream in) throws IOException {
            byte[] bytes = in.readByteArray();
            if (bytes.length != 16) {
                throw new IllegalStateException("a UUID has 16 bytes, found " + bytes.length);
            }
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            return new UUID(buffer.getLong(), buffer.getLong());
        }
    };

    /** {@code UUID} as a map key (Protobuf map keys cannot be bytes): {@code string}, the canonical form. */
    public static final ProtoType<UUID> UUID_STRING = new ProtoType<>(LENGTH_DELIMITED) {
        @Override
        int sizeNoTag(UUID value) {
            return 37;
        }

        @Override
        void writeNoTag(CodedOutputStream out, UUID value) throws IOException {
            out.writeStringNoTag(value.toString());
        }

        @Override
        UUID readNoTag(CodedInputStream in) throws IOException {
            return UUID.fromString(in.readStringRequireUtf8());
        }
    };

    /**
     * {@code Instant}: the well-known message {@code google.protobuf.Timestamp} (seconds since the epoch
     * and nanoseconds); instants outside Timestamp's documented years 1 to 9999 are stored the same way.
     */
    public static final ProtoType<Instant> INSTANT = new ProtoType<>(LENGTH_DELIMITED) {
        @Override
        int sizeNoTag(Instant value) {
            int size = contentSize(value);
            return CodedOutputStream.computeUInt32SizeNoTag(size) + size;
        }

        private int contentSize(Instant value) {
            return (value.getEpochSecond() == 0 ? 0 : CodedOutputStream.computeInt64Size(1, value.getEpochSecond()))
                    + (value.getNano() == 0 ? 0 : CodedOutputStream.computeInt32Size(2, value.getNano()));
        }

        @Override
        void writeNoTag(CodedOutputStream out, Instant value) throws IOException {
            out.writeUInt32NoTag(contentSize(value));
            if (value.getEpochSecond() != 0) {
                out.writeInt64(1, value.getEpochSecond());
            }
            if (value.getNano() != 0) {
                out.writeInt32(2, value.getNano());
            }
        }

        @Override
        Instant readNoTag(CodedInputStream in) throws IOException {
            int limit = in.pushLimit(in.readRawVarint32());
            long seconds = 0;
            int nanos = 0;
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case 1:
                        expectWireType(tag, VARINT);
                        seconds = in.readInt64();
                        break;
                    case 2:
                        expectWireType(tag, VARINT);
                        nanos = in.readInt32();
                        break;
                    default:
                        skip(in, tag);
                        break;
                }
            }
            in.popLimit(limit);
            if (nanos < 0 || nanos > 999_999_999) {
                throw new IllegalStateException("a Timestamp's nanos must be 0 to 999999999, found " + nanos);
            }
            return Instant.ofEpochSecond(seconds, nanos);
        }

        @Override
        Instant absent() {
            return Instant.EPOCH;
        }
    };

    /** {@code LocalDate}: {@code sint64}, days since 1970-01-01 ({@link LocalDate#toEpochDay()}). */
    public static final ProtoType<LocalDate> LOCAL_DATE = new ProtoType<>(VARINT) {
        @Override
        int sizeNoTag(LocalDate value) {
            return CodedOutputStream.computeSInt64SizeNoTag(value.toEpochDay());
        }

        @Override
        void writeNoTag(CodedOutputStream out, LocalDate value) throws IOException {
            out.writeSInt64NoTag(value.toEpochDay());
        }

        @Override
        LocalDate readNoTag(CodedInputStream in) throws IOException {
            return LocalDate.ofEpochDay(in.readSInt64());
        }

        @Override
        LocalDate absent() {
            return LocalDate.EPOCH;
        }
    };

    /**
     * {@code LocalDateTime}: a message {@code LocalDateTime} of the exported {@code .proto}, with the
     * day ({@code sint64 epoch_day = 1}, days since 1970-01-01) and the time of day
     * ({@code int64 nano_of_day = 2}, nanoseconds since midnight).
     */
    public static final ProtoType<LocalDateTime> LOCAL_DATE_TIME = new ProtoType<>(LENGTH_DELIMITED) {
        @Override
        int sizeNoTag(LocalDateTime value) {
            int size = contentSize(value);
            return CodedOutputStream.computeUInt32SizeNoTag(size) + size;
        }

        private int contentSize(LocalDateTime value) {
            long day = value.toLocalDate().toEpochDay();
            long nanos = value.toLocalTime().toNanoOfDay();
            return (day == 0 ? 0 : CodedOutputStream.computeSInt64Size(1, day))
                    + (nanos == 0 ? 0 : CodedOutputStream.computeInt64Size(2, nanos));
        }

        @Override
        void writeNoTag(CodedOutputStream out, LocalDateTime value) throws IOException {
            out.writeUInt32NoTag(contentSize(value));
            long day = value.toLocalDate().toEpochDay();
            long nanos = value.toLocalTime().toNanoOfDay();
            if (day != 0) {
                out.writeSInt64(1, day);
            }
            if (nanos != 0) {
                out.writeInt64(2, nanos);
            }
        }

        @Override
        LocalDateTime readNoTag(CodedInputStream in) throws IOException {
            int limit = in.pushLimit(in.readRawVarint32());
            long day = 0;
            long nanos = 0;
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case 1:
                        expectWireType(tag, VARINT);
                        day = in.readSInt64();
                        break;
                    case 2:
                        expectWireType(tag, VARINT);
                        nanos = in.readInt64();
                        break;
                    default:
                        skip(in, tag);
                        break;
                }
            }
            in.popLimit(limit);
            return LocalDateTime.of(LocalDate.ofEpochDay(day), LocalTime.ofNanoOfDay(nanos));
        }

        @Override
        LocalDateTime absent() {
            return LocalDateTime.of(LocalDate.EPOCH, LocalTime.MIDNIGHT);
        }
    };

    /** {@code BigDecimal}: {@code string}, {@link BigDecimal#toString()} (exact, scale included). */
    public static final ProtoType<BigDecimal> BIG_DECIMAL = new ProtoType<>(LENGTH_DELIMITED) {
        @Override
        int sizeNoTag(BigDecimal value) {
            return CodedOutputStream.computeStringSizeNoTag(value.toString());
        }

        @Override
        void writeNoTag(CodedOutputStream out, BigDecimal value) throws IOException {
            out.writeStringNoTag(value.toString());
        }

        @Override
        BigDecimal readNoTag(CodedInputStream in) throws IOException {
            return DecimalText.parse(in.readStringRequireUtf8());
        }
    };

    /** {@code BigInteger}: {@code bytes}, two's complement big-endian ({@link BigInteger#toByteArray()}). */
    public static final ProtoType<BigInteger> BIG_INTEGER = new ProtoType<>(LENGTH_DELIMITED) {
        @Override
        int sizeNoTag(BigInteger value) {
            return CodedOutputStream.computeByteArraySizeNoTag(value.toByteArray());
        }

        @Override
        void writeNoTag(CodedOutputStream out, BigInteger value) throws IOException {
            out.writeByteArrayNoTag(value.toByteArray());
        }

        @Override
        BigInteger readNoTag(CodedInputStream in) throws IOException {
            return new BigInteger(in.readByteArray());
        }
    };

    /**
     * An enum: {@code string}, the constant's name (so constants may be reordered or added freely).
     *
     * @param valueOf the enum's {@code valueOf}
     */
    public static <T extends Enum<T>> ProtoType<T> enumByName(Function<String, T> valueOf) {
        return new ProtoType<>(LENGTH_DELIMITED) {
            @Override
            int sizeNoTag(T value) {
                return CodedOutputStream.computeStringSizeNoTag(value.name());
            }

            @Override
            void writeNoTag(CodedOutputStream out, T value) throws IOException {
                out.writeStringNoTag(value.name());
            }

            @Override
            T readNoTag(CodedInputStream in) throws IOException {
                return valueOf.apply(in.readStringRequireUtf8());
            }
        };
    }

    /**
     * An embedded object: a message whose fields {@code sizer}, {@code writer} and {@code reader}
     * (generated per embedded type) handle.
     */
    public static <T> ProtoType<T> message(Sizer<T> sizer, Writer<T> writer, Reader<T> reader) {
        return new MessageType<>() {
            @Override
            int contentSize(T value) {
                return sizer.size(value);
            }

            @Override
            void writeContent(CodedOutputStream out, T value) throws IOException {
                writer.write(out, value);
            }

            @Override
            T readContent(CodedInputStream in) throws IOException {
                return reader.read(in);
            }
        };
    }

    /**
     * A collection inside a collection or a map: Protobuf cannot nest repeated fields, so the inner
     * collection is a message with one field, {@code repeated T values = 1}.
     *
     * @param empty makes the collection a read fills
     */
    public static <T, C extends Collection<T>> ProtoType<C> collectionMessage(ProtoType<T> element, Supplier<C> empty) {
        return new MessageType<>() {
            @Override
            int contentSize(C value) {
                return sizeRepeated(1, value, element, "values");
            }

            @Override
            void writeContent(CodedOutputStream out, C value) throws IOException {
                writeRepeated(out, 1, value, element, "values");
            }

            @Override
            C readContent(CodedInputStream in) throws IOException {
                C values = empty.get();
                for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                    if (WireFormat.getTagFieldNumber(tag) == 1) {
                        readRepeated(in, tag, element, values);
                    } else {
                        skip(in, tag);
                    }
                }
                return values;
            }
        };
    }

    /**
     * A map inside a collection or a map: a message with one field, {@code map<K, V> entries = 1}.
     *
     * @param empty makes the map a read fills
     */
    public static <K, V, M extends Map<K, V>> ProtoType<M> mapMessage(ProtoType<K> key, ProtoType<V> value,
            Supplier<M> empty) {
        return new MessageType<>() {
            @Override
            int contentSize(M map) {
                return sizeMap(1, map, key, value, "entries");
            }

            @Override
            void writeContent(CodedOutputStream out, M map) throws IOException {
                writeMap(out, 1, map, key, value, "entries");
            }

            @Override
            M readContent(CodedInputStream in) throws IOException {
                M map = empty.get();
                for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                    if (WireFormat.getTagFieldNumber(tag) == 1) {
                        readMapEntry(in, tag, key, value, map);
                    } else {
                        skip(in, tag);
                    }
                }
                return map;
            }
        };
    }

    /**
     * The size of a repeated field; packed for numeric and boolean elements, nothing for an empty or
     * null collection.
     *
     * @param name the field's name, for the error on a null element
     */
    public static <T> int sizeRepeated(int field, Collection<? extends T> values, ProtoType<T> type, String name) {
        if (values == null || values.isEmpty()) {
            return 0;
        }
        int size = 0;
        for (T value : values) {
            size += type.sizeNoTag(element(value, name));
        }
        if (type.packable()) {
            return CodedOutputStream.computeTagSize(field) + CodedOutputStream.computeUInt32SizeNoTag(size) + size;
        }
        return size + values.size() * CodedOutputStream.computeTagSize(field);
    }

    /**
     * Writes a repeated field; packed for numeric and boolean elements, nothing for an empty or null
     * collection.
     *
     * @param name the field's name, for the error on a null element
     * @throws IllegalArgumentException if an element is null
     */
    public static <T> void writeRepeated(CodedOutputStream out, int field, Collection<? extends T> values,
            ProtoType<T> type, String name) throws IOException {
        if (values == null || values.isEmpty()) {
            return;
        }
        if (type.packable()) {
            int size = 0;
            for (T value : values) {
                size += type.sizeNoTag(element(value, name));
            }
            out.writeTag(field, LENGTH_DELIMITED);
            out.writeUInt32NoTag(size);
            for (T value : values) {
                type.writeNoTag(out, value);
            }
        } else {
            for (T value : values) {
                type.write(out, field, element(value, name));
            }
        }
    }

    /** Reads one occurrence of a repeated field into {@code into}: one element, or a packed run of them. */
    public static <T> void readRepeated(CodedInputStream in, int tag, ProtoType<? extends T> type, Collection<T> into)
            throws IOException {
        if (type.packable() && WireFormat.getTagWireType(tag) == LENGTH_DELIMITED) {
            int limit = in.pushLimit(in.readRawVarint32());
            while (in.getBytesUntilLimit() > 0) {
                into.add(type.readNoTag(in));
            }
            in.popLimit(limit);
        } else {
            into.add(type.read(in, tag));
        }
    }

    /**
     * The size of a map field: one entry message per mapping, with the key as field 1 and the value as
     * field 2; nothing for an empty or null map.
     *
     * @param name the field's name, for the error on a null key or value
     */
    public static <K, V> int sizeMap(int field, Map<? extends K, ? extends V> map, ProtoType<K> key,
            ProtoType<V> value, String name) {
        if (map == null) {
            return 0;
        }
        int size = 0;
        for (Map.Entry<? extends K, ? extends V> entry : map.entrySet()) {
            int entrySize = entrySize(entry, key, value, name);
            size += CodedOutputStream.computeTagSize(field) + CodedOutputStream.computeUInt32SizeNoTag(entrySize)
                    + entrySize;
        }
        return size;
    }

    /**
     * Writes a map field: one entry message per mapping, with the key as field 1 and the value as
     * field 2; nothing for an empty or null map.
     *
     * @param name the field's name, for the error on a null key or value
     * @throws IllegalArgumentException if a key or value is null
     */
    public static <K, V> void writeMap(CodedOutputStream out, int field, Map<? extends K, ? extends V> map,
            ProtoType<K> key, ProtoType<V> value, String name) throws IOException {
        if (map == null) {
            return;
        }
        for (Map.Entry<? extends K, ? extends V> entry : map.entrySet()) {
            out.writeTag(field, LENGTH_DELIMITED);
            out.writeUInt32NoTag(entrySize(entry, key, value, name));
            key.write(out, 1, entry.getKey());
            value.write(out, 2, entry.getValue());
        }
    }

    /** Reads one map entry into {@code into}; a missing key or value stands for its type's default. */
    public static <K, V> void readMapEntry(CodedInputStream in, int tag, ProtoType<? extends K> key,
            ProtoType<? extends V> value, Map<K, V> into) throws IOException {
        expectWireType(tag, LENGTH_DELIMITED);
        int limit = in.pushLimit(in.readRawVarint32());
        K k = null;
        V v = null;
        for (int entryTag = in.readTag(); entryTag != 0; entryTag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(entryTag)) {
                case 1:
                    k = key.read(in, entryTag);
                    break;
                case 2:
                    v = value.read(in, entryTag);
                    break;
                default:
                    skip(in, entryTag);
                    break;
            }
        }
        in.popLimit(limit);
        into.put(k != null ? k : key.absent(), v != null ? v : value.absent());
    }

    /** Reads a {@code boolean} field. */
    public static boolean readBoolean(CodedInputStream in, int tag) throws IOException {
        expectWireType(tag, VARINT);
        return in.readBool();
    }

    /** Reads a {@code byte} field, checking that the value fits. */
    public static byte readByte(CodedInputStream in, int tag) throws IOException {
        expectWireType(tag, VARINT);
        return toByte(in.readSInt32());
    }

    /** Reads a {@code short} field, checking that the value fits. */
    public static short readShort(CodedInputStream in, int tag) throws IOException {
        expectWireType(tag, VARINT);
        return toShort(in.readSInt32());
    }

    /** Reads an {@code int} field. */
    public static int readInt(CodedInputStream in, int tag) throws IOException {
        expectWireType(tag, VARINT);
        return in.readSInt32();
    }

    /** Reads a {@code long} field. */
    public static long readLong(CodedInputStream in, int tag) throws IOException {
        expectWireType(tag, VARINT);
        return in.readSInt64();
    }

    /** Reads a {@code char} field, checking that the value is one UTF-16 code unit. */
    public static char readChar(CodedInputStream in, int tag) throws IOException {
        expectWireType(tag, VARINT);
        return toChar(in.readUInt32());
    }

    /** Reads a {@code float} field. */
    public static float readFloat(CodedInputStream in, int tag) throws IOException {
        expectWireType(tag, FIXED32);
        return in.readFloat();
    }

    /** Reads a {@code double} field. */
    public static double readDouble(CodedInputStream in, int tag) throws IOException {
        expectWireType(tag, FIXED64);
        return in.readDouble();
    }

    /** Skips a field this reader does not know: written by a newer version of the entity, or removed since. */
    public static void skip(CodedInputStream in, int tag) throws IOException {
        if (!in.skipField(tag)) {
            throw new IllegalStateException("unexpected end-group tag of field " + WireFormat.getTagFieldNumber(tag));
        }
    }

    /** The field number of {@code tag}. */
    public static int fieldNumber(int tag) {
        return WireFormat.getTagFieldNumber(tag);
    }

    static void expectWireType(int tag, int wireType) {
        int found = WireFormat.getTagWireType(tag);
        if (found != wireType) {
            throw new IllegalStateException("field " + WireFormat.getTagFieldNumber(tag) + " has wire type "
                    + wireTypeName(found) + ", expected " + wireTypeName(wireType));
        }
    }

    private static String wireTypeName(int wireType) {
        switch (wireType) {
            case VARINT:
                return "varint";
            case FIXED64:
                return "64-bit";
            case LENGTH_DELIMITED:
                return "length-delimited";
            case FIXED32:
                return "32-bit";
            default:
                return String.valueOf(wireType);
        }
    }

    private static <K, V> int entrySize(Map.Entry<? extends K, ? extends V> entry, ProtoType<K> key,
            ProtoType<V> value, String name) {
        if (entry.getKey() == null || entry.getValue() == null) {
            throw new IllegalArgumentException("map field '" + name + "' has a null " + (entry.getKey() == null
                    ? "key" : "value for key " + entry.getKey()) + "; Protobuf maps cannot hold null");
        }
        return key.size(1, entry.getKey()) + value.size(2, entry.getValue());
    }

    private static <T> T element(T value, String name) {
        if (value == null) {
            throw new IllegalArgumentException("field '" + name + "' has a null element; Protobuf repeated fields "
                    + "cannot hold null");
        }
        return value;
    }

    private static String wellFormed(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new IllegalArgumentException("a string has an unpaired surrogate at index " + i
                        + "; Protobuf strings are UTF-8, which cannot hold it");
            }
        }
        return value;
    }

    private static byte toByte(int value) {
        if (value != (byte) value) {
            throw new IllegalStateException("integer " + value + " does not fit a byte");
        }
        return (byte) value;
    }

    private static short toShort(int value) {
        if (value != (short) value) {
            throw new IllegalStateException("integer " + value + " does not fit a short");
        }
        return (short) value;
    }

    private static char toChar(int value) {
        if (value < 0 || value > Character.MAX_VALUE) {
            throw new IllegalStateException("integer " + Integer.toUnsignedString(value)
                    + " is not a UTF-16 code unit");
        }
        return (char) value;
    }

    /** A length-delimited message: its length, then its fields. */
    private abstract static class MessageType<T> extends ProtoType<T> {
        MessageType() {
            super(LENGTH_DELIMITED);
        }

        abstract int contentSize(T value);

        abstract void writeContent(CodedOutputStream out, T value) throws IOException;

        abstract T readContent(CodedInputStream in) throws IOException;

        @Override
        final int sizeNoTag(T value) {
            int size = contentSize(value);
            return CodedOutputStream.computeUInt32SizeNoTag(size) + size;
        }

        /** Writes the length, then the fields; checks that they agree, so a mistake cannot corrupt the value. */
        @Override
        final void writeNoTag(CodedOutputStream out, T value) throws IOException {
            int size = contentSize(value);
            out.writeUInt32NoTag(size);
            int start = out.getTotalBytesWritten();
            writeContent(out, value);
            int written = out.getTotalBytesWritten() - start;
            if (written != size) {
                throw new IllegalStateException("an embedded message of " + size + " bytes wrote " + written);
            }
        }

        @Override
        final T readNoTag(CodedInputStream in) throws IOException {
            int limit = in.pushLimit(in.readRawVarint32());
            T value = readContent(in);
            in.popLimit(limit);
            return value;
        }

        @Override
        final T absent() {
            try {
                return readContent(CodedInputStream.newInstance(new byte[0]));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
