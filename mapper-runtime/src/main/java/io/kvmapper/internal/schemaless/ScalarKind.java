package io.kvmapper.internal.schemaless;

import io.kvmapper.internal.codec.IsoText;
import io.kvmapper.internal.codec.Json;
import io.kvmapper.internal.codec.Proto;
import io.kvmapper.internal.codec.ProtoType;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TupleWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Base64;
import java.util.UUID;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;

/**
 * The scalar types a stored field, key component, index value or counter group can have, named as index and
 * counter signatures name them ({@code STRING}, {@code LOCAL_DATE}, ...), each with the encodings the generated
 * code uses for it: in keys (the tuple layer), in JSON values, in Protobuf values. A value of a kind is held as
 * one Java type: {@link #javaType()}; an enum constant as its name, a {@code String}.
 */
public enum ScalarKind {
    BOOLEAN(Boolean.class),
    BYTE(Byte.class),
    SHORT(Short.class),
    INT(Integer.class),
    LONG(Long.class),
    CHAR(Character.class),
    FLOAT(Float.class),
    DOUBLE(Double.class),
    STRING(String.class),
    BYTES(byte[].class),
    /** An enum constant, held as its name: the constants are not recorded, so any identifier is one. */
    ENUM(String.class),
    UUID(java.util.UUID.class),
    INSTANT(Instant.class),
    LOCAL_DATE(LocalDate.class),
    LOCAL_DATE_TIME(LocalDateTime.class),
    BIG_DECIMAL(BigDecimal.class),
    BIG_INTEGER(BigInteger.class);

    private final Class<?> javaType;

    ScalarKind(Class<?> javaType) {
        this.javaType = javaType;
    }

    /** The Java type a value of this kind is held as. */
    public Class<?> javaType() {
        return javaType;
    }

    /** Whether a counter can sum a field of this kind. */
    public boolean isIntegral() {
        return this == BYTE || this == SHORT || this == INT || this == LONG;
    }

    /**
     * The kind and primitiveness of a scalar type as a schema document writes it ({@code long}, {@code Integer},
     * {@code enum com.example.Status}, ...), or null if {@code type} is no scalar.
     */
    static FieldType.Scalar ofType(String type) {
        if (type.startsWith("enum ")) {
            return new FieldType.Scalar(ENUM, false, type.substring("enum ".length()));
        }
        return switch (type) {
            case "boolean" -> new FieldType.Scalar(BOOLEAN, true, null);
            case "Boolean" -> new FieldType.Scalar(BOOLEAN, false, null);
            case "byte" -> new FieldType.Scalar(BYTE, true, null);
            case "Byte" -> new FieldType.Scalar(BYTE, false, null);
            case "short" -> new FieldType.Scalar(SHORT, true, null);
            case "Short" -> new FieldType.Scalar(SHORT, false, null);
            case "int" -> new FieldType.Scalar(INT, true, null);
            case "Integer" -> new FieldType.Scalar(INT, false, null);
            case "long" -> new FieldType.Scalar(LONG, true, null);
            case "Long" -> new FieldType.Scalar(LONG, false, null);
            case "char" -> new FieldType.Scalar(CHAR, true, null);
            case "Character" -> new FieldType.Scalar(CHAR, false, null);
            case "float" -> new FieldType.Scalar(FLOAT, true, null);
            case "Float" -> new FieldType.Scalar(FLOAT, false, null);
            case "double" -> new FieldType.Scalar(DOUBLE, true, null);
            case "Double" -> new FieldType.Scalar(DOUBLE, false, null);
            case "String" -> new FieldType.Scalar(STRING, false, null);
            case "byte[]" -> new FieldType.Scalar(BYTES, false, null);
            case "UUID" -> new FieldType.Scalar(UUID, false, null);
            case "Instant" -> new FieldType.Scalar(INSTANT, false, null);
            case "LocalDate" -> new FieldType.Scalar(LOCAL_DATE, false, null);
            case "LocalDateTime" -> new FieldType.Scalar(LOCAL_DATE_TIME, false, null);
            case "BigDecimal" -> new FieldType.Scalar(BIG_DECIMAL, false, null);
            case "BigInteger" -> new FieldType.Scalar(BIG_INTEGER, false, null);
            default -> null;
        };
    }

    /** What a primitive of this kind holds when a value does not: zero or false. */
    Object zero() {
        return switch (this) {
            case BOOLEAN -> Boolean.FALSE;
            case BYTE -> (byte) 0;
            case SHORT -> (short) 0;
            case INT -> 0;
            case LONG -> 0L;
            case CHAR -> '\0';
            case FLOAT -> 0f;
            case DOUBLE -> 0d;
            default -> throw new IllegalStateException(this + " has no primitive form");
        };
    }

    /**
     * Whether a primitive holds its Protobuf default and is left out of a value, as proto3 does: a float is
     * compared by its bits, so that {@code -0.0} is kept.
     */
    boolean isProtoDefault(Object value) {
        return switch (this) {
            case BOOLEAN -> !(Boolean) value;
            case FLOAT -> Float.floatToRawIntBits((Float) value) == 0;
            case DOUBLE -> Double.doubleToRawLongBits((Double) value) == 0;
            case CHAR -> (Character) value == 0;
            default -> ((Number) value).longValue() == 0;
        };
    }

    // ---- the tuple layer: keys, index values, counter groups, attribute-per-key items

    /** Writes {@code value} (not null) as the generated code writes a key component of this kind. */
    public void write(TupleWriter out, Object value) {
        switch (this) {
            case BOOLEAN -> out.writeBoolean((Boolean) value);
            case BYTE, SHORT, INT, LONG -> out.writeLong(((Number) value).longValue());
            case CHAR -> out.writeChar((Character) value);
            case FLOAT -> out.writeFloat((Float) value);
            case DOUBLE -> out.writeDouble((Double) value);
            case STRING, ENUM -> out.writeString((String) value);
            case BYTES -> out.writeBytes((byte[]) value);
            case UUID -> out.writeUuid((java.util.UUID) value);
            case INSTANT -> out.writeInstant((Instant) value);
            case LOCAL_DATE -> out.writeLocalDate((LocalDate) value);
            case LOCAL_DATE_TIME -> out.writeLocalDateTime((LocalDateTime) value);
            case BIG_DECIMAL -> out.writeBigDecimal((BigDecimal) value);
            case BIG_INTEGER -> out.writeBigInteger((BigInteger) value);
            default -> throw new IllegalStateException(name());
        }
    }

    /** Writes {@code value}, or the tuple null if it is null. */
    public void writeNullable(TupleWriter out, Object value) {
        if (value == null) {
            out.writeNull();
        } else {
            write(out, value);
        }
    }

    /** Reads a value of this kind, as the generated code reads a key component. */
    public Object read(TupleReader in) {
        return switch (this) {
            case BOOLEAN -> in.readBoolean();
            case BYTE -> in.readByte();
            case SHORT -> in.readShort();
            case INT -> in.readInt();
            case LONG -> in.readLong();
            case CHAR -> in.readChar();
            case FLOAT -> in.readFloat();
            case DOUBLE -> in.readDouble();
            case STRING -> in.readString();
            case ENUM -> enumName(in.readString());
            case BYTES -> in.readBytes();
            case UUID -> in.readUuid();
            case INSTANT -> in.readInstant();
            case LOCAL_DATE -> in.readLocalDate();
            case LOCAL_DATE_TIME -> in.readLocalDateTime();
            case BIG_DECIMAL -> in.readBigDecimal();
            case BIG_INTEGER -> in.readBigInteger();
        };
    }

    // ---- JSON values

    /** Writes {@code value} (not null) as the generated JSON codec writes a value of this kind. */
    public void writeJson(JsonGenerator out, Object value) {
        switch (this) {
            case BOOLEAN -> out.writeBoolean((Boolean) value);
            case BYTE -> out.writeNumber((short) (byte) (Byte) value);
            case SHORT -> out.writeNumber((short) (Short) value);
            case INT -> out.writeNumber((int) (Integer) value);
            case LONG -> out.writeNumber((long) (Long) value);
            case FLOAT -> out.writeNumber((float) (Float) value);
            case DOUBLE -> out.writeNumber((double) (Double) value);
            case BIG_DECIMAL -> out.writeNumber((BigDecimal) value);
            case BIG_INTEGER -> out.writeNumber((BigInteger) value);
            case CHAR -> out.writeString(String.valueOf((char) (Character) value));
            case STRING, ENUM -> out.writeString((String) value);
            case BYTES -> out.writeBinary((byte[]) value);
            default -> out.writeString(value.toString());
        }
    }

    /** Reads the value the parser stands on (not null), as the generated JSON codec reads one of this kind. */
    public Object readJson(JsonParser in) {
        return switch (this) {
            case BOOLEAN -> Json.readBoolean(in);
            case BYTE -> Json.readByte(in);
            case SHORT -> Json.readShort(in);
            case INT -> Json.readInt(in);
            case LONG -> Json.readLong(in);
            case CHAR -> Json.readChar(in);
            case FLOAT -> Json.readFloat(in);
            case DOUBLE -> Json.readDouble(in);
            case STRING -> Json.readString(in);
            case ENUM -> enumName(Json.readString(in));
            case BYTES -> Json.readBytes(in);
            case UUID -> Json.readUuid(in);
            case INSTANT -> Json.readInstant(in);
            case LOCAL_DATE -> Json.readLocalDate(in);
            case LOCAL_DATE_TIME -> Json.readLocalDateTime(in);
            case BIG_DECIMAL -> Json.readBigDecimal(in);
            case BIG_INTEGER -> Json.readBigInteger(in);
        };
    }

    /** A map key of this kind as a JSON object's field name, as the generated JSON codec writes it. */
    String toJsonName(Object key) {
        // a string key is checked as the generated codec checks it: one with an unpaired surrogate could not be
        // read back as a JSON property name
        return this == STRING ? Json.mapKey((String) key) : this == ENUM ? (String) key : key.toString();
    }

    /** A map key of this kind from a JSON object's field name, as the generated JSON codec reads it. */
    Object fromJsonName(String name) {
        return switch (this) {
            case STRING -> name;
            case ENUM -> enumName(name);
            case UUID -> java.util.UUID.fromString(name);
            default -> parseText(name);
        };
    }

    // ---- Protobuf values

    /** How a value of this kind travels in Protobuf values; an enum by its name, as a string. */
    ProtoType<?> proto() {
        return switch (this) {
            case BOOLEAN -> Proto.BOOLEAN;
            case BYTE -> Proto.BYTE;
            case SHORT -> Proto.SHORT;
            case INT -> Proto.INT;
            case LONG -> Proto.LONG;
            case CHAR -> Proto.CHAR;
            case FLOAT -> Proto.FLOAT;
            case DOUBLE -> Proto.DOUBLE;
            case STRING, ENUM -> Proto.STRING;
            case BYTES -> Proto.BYTES;
            case UUID -> Proto.UUID_BYTES;
            case INSTANT -> Proto.INSTANT;
            case LOCAL_DATE -> Proto.LOCAL_DATE;
            case LOCAL_DATE_TIME -> Proto.LOCAL_DATE_TIME;
            case BIG_DECIMAL -> Proto.BIG_DECIMAL;
            case BIG_INTEGER -> Proto.BIG_INTEGER;
        };
    }

    /** How a map key of this kind travels in Protobuf values: a UUID as its canonical string. */
    ProtoType<?> protoKey() {
        return this == UUID ? Proto.UUID_STRING : proto();
    }

    // ---- text, as people type key components

    /**
     * Parses a value of this kind from text: numbers, {@code true}/{@code false}, one character, ISO-8601 dates
     * and times, a canonical UUID, base64 bytes, an enum constant's name, any string.
     *
     * @throws IllegalArgumentException saying what text a value of this kind is written as
     */
    public Object parseText(String text) {
        try {
            return switch (this) {
                case BOOLEAN -> {
                    if (!text.equals("true") && !text.equals("false")) {
                        throw new IllegalArgumentException();
                    }
                    yield Boolean.valueOf(text);
                }
                case BYTE -> Byte.valueOf(text);
                case SHORT -> Short.valueOf(text);
                case INT -> Integer.valueOf(text);
                case LONG -> Long.valueOf(text);
                case CHAR -> {
                    if (text.length() != 1) {
                        throw new IllegalArgumentException();
                    }
                    yield text.charAt(0);
                }
                case FLOAT -> Float.valueOf(text);
                case DOUBLE -> Double.valueOf(text);
                case STRING -> text;
                case ENUM -> enumName(text);
                case BYTES -> Base64.getDecoder().decode(text);
                case UUID -> {
                    java.util.UUID uuid = java.util.UUID.fromString(text);
                    if (!uuid.toString().equalsIgnoreCase(text)) {
                        throw new IllegalArgumentException();
                    }
                    yield uuid;
                }
                case INSTANT -> IsoText.instant(text);
                case LOCAL_DATE -> IsoText.localDate(text);
                case LOCAL_DATE_TIME -> IsoText.localDateTime(text);
                case BIG_DECIMAL -> new BigDecimal(text);
                case BIG_INTEGER -> new BigInteger(text);
            };
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not " + textForm());
        }
    }

    /** What text {@link #parseText} reads, for messages. */
    public String textForm() {
        return switch (this) {
            case BOOLEAN -> "true or false";
            case BYTE -> "an integer from -128 to 127";
            case SHORT -> "an integer from -32768 to 32767";
            case INT -> "an integer from -2147483648 to 2147483647";
            case LONG -> "an integer that fits a long";
            case CHAR -> "one character";
            case FLOAT, DOUBLE -> "a number (or NaN, Infinity, -Infinity)";
            case STRING -> "a string";
            case ENUM -> "an enum constant's name (a Java identifier)";
            case BYTES -> "base64 bytes";
            case UUID -> "a UUID such as 123e4567-e89b-12d3-a456-426614174000";
            case INSTANT -> "an ISO-8601 instant such as 2024-01-01T00:00:00Z";
            case LOCAL_DATE -> "an ISO-8601 date such as 2024-01-01";
            case LOCAL_DATE_TIME -> "an ISO-8601 date-time such as 2024-01-01T12:00:00";
            case BIG_DECIMAL -> "a decimal number";
            case BIG_INTEGER -> "an integer";
        };
    }

    /**
     * An enum constant's name, checked to be one: the constants are not recorded, but every constant is a Java
     * identifier, so anything else (the empty string of a Protobuf map entry that lacks its value, say) is not
     * one.
     */
    static String enumName(String name) {
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.codePointAt(0))
                || !name.codePoints().allMatch(Character::isJavaIdentifierPart)) {
            throw new IllegalStateException("\"" + name + "\" is not an enum constant's name");
        }
        return name;
    }
}
