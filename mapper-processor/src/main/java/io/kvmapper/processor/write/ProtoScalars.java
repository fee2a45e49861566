package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.kvmapper.processor.model.ScalarKind;

/**
 * How each scalar kind is written in Protobuf values, seen from the processor: the runtime
 * {@code Proto} constant generated code uses, the {@code .proto} type the exported file declares, and
 * for primitives the {@code CodedOutputStream} method that writes them without boxing. The runtime's
 * {@code io.kvmapper.internal.codec.Proto} implements the same table; the two must agree.
 */
final class ProtoScalars {
    static final ClassName PROTO = ClassName.get("io.kvmapper.internal.codec", "Proto");
    static final ClassName PROTO_TYPE = ClassName.get("io.kvmapper.internal.codec", "ProtoType");
    static final ClassName PROTOBUF_CODEC = ClassName.get("io.kvmapper.internal.codec", "ProtobufCodec");
    static final ClassName CODED_OUTPUT = ClassName.get("com.google.protobuf", "CodedOutputStream");
    static final ClassName CODED_INPUT = ClassName.get("com.google.protobuf", "CodedInputStream");
    /** The message {@code LocalDateTime} values are written as, declared in each exported file that needs it. */
    static final String LOCAL_DATE_TIME_MESSAGE = "LocalDateTime";

    private ProtoScalars() {
    }

    /** The {@code Proto} constant of a non-enum kind, for values (not map keys). */
    static CodeBlock runtimeType(ScalarKind kind) {
        return CodeBlock.of("$T.$L", PROTO, kind == ScalarKind.UUID ? "UUID_BYTES" : kind.name());
    }

    /** The {@code Proto} constant of a non-enum kind as a map key: a UUID key is a string. */
    static CodeBlock runtimeKeyType(ScalarKind kind) {
        return kind == ScalarKind.UUID ? CodeBlock.of("$T.UUID_STRING", PROTO) : runtimeType(kind);
    }

    /** The {@code .proto} type of a kind; {@code localDateTime} is the full name of the LocalDateTime message. */
    static String protoType(ScalarKind kind, String localDateTime) {
        switch (kind) {
            case BOOLEAN:
                return "bool";
            case BYTE:
            case SHORT:
            case INT:
                return "sint32";
            case LONG:
            case LOCAL_DATE:
                return "sint64";
            case CHAR:
                return "uint32";
            case FLOAT:
                return "float";
            case DOUBLE:
                return "double";
            case STRING:
            case ENUM:
            case BIG_DECIMAL:
                return "string";
            case BYTES:
            case UUID:
            case BIG_INTEGER:
                return "bytes";
            case INSTANT:
                return ".google.protobuf.Timestamp";
            case LOCAL_DATE_TIME:
                return localDateTime;
            default:
                throw new IllegalArgumentException(kind.name());
        }
    }

    /** The {@code .proto} type of a kind as a map key. */
    static String protoKeyType(ScalarKind kind) {
        return kind == ScalarKind.UUID ? "string" : protoType(kind, null);
    }

    /** How a value of the kind looks in the exported file's comments. */
    static String describe(ScalarKind kind) {
        switch (kind) {
            case BYTE:
                return "zigzag varint, -128 to 127";
            case SHORT:
                return "zigzag varint, -32768 to 32767";
            case INT:
            case LONG:
                return "zigzag varint";
            case CHAR:
                return "the UTF-16 code unit";
            case STRING:
                return "UTF-8";
            case ENUM:
                return "the enum constant's name";
            case UUID:
                return "16 bytes, most significant first";
            case INSTANT:
                return "seconds and nanoseconds since 1970-01-01T00:00:00Z, also outside Timestamp's years 1 to 9999";
            case LOCAL_DATE:
                return "days since 1970-01-01";
            case LOCAL_DATE_TIME:
                return "days since 1970-01-01 and nanoseconds since midnight";
            case BIG_DECIMAL:
                return "the decimal in Java's BigDecimal.toString() form, such as \"-12.50\" or \"1E+3\"";
            case BIG_INTEGER:
                return "two's-complement, most significant byte first";
            default:
                return "";
        }
    }

    /** The {@code CodedOutputStream} write and compute method suffix for a primitive kind. */
    static String codedSuffix(ScalarKind kind) {
        switch (kind) {
            case BOOLEAN:
                return "Bool";
            case BYTE:
            case SHORT:
            case INT:
                return "SInt32";
            case LONG:
                return "SInt64";
            case CHAR:
                return "UInt32";
            case FLOAT:
                return "Float";
            case DOUBLE:
                return "Double";
            default:
                throw new IllegalArgumentException(kind + " is not primitive");
        }
    }

    /**
     * The condition under which a primitive is written: proto3 leaves out a field at its default, and
     * a float is compared by its bits so that {@code -0.0} is kept.
     */
    static CodeBlock isNotDefault(ScalarKind kind, String variable) {
        switch (kind) {
            case BOOLEAN:
                return CodeBlock.of("$L", variable);
            case FLOAT:
                return CodeBlock.of("$T.floatToRawIntBits($L) != 0", Float.class, variable);
            case DOUBLE:
                return CodeBlock.of("$T.doubleToRawLongBits($L) != 0", Double.class, variable);
            default:
                return CodeBlock.of("$L != 0", variable);
        }
    }

    /** The {@code Proto} method that reads a primitive of the kind. */
    static String primitiveReader(ScalarKind kind) {
        switch (kind) {
            case BOOLEAN:
                return "readBoolean";
            case BYTE:
                return "readByte";
            case SHORT:
                return "readShort";
            case INT:
                return "readInt";
            case LONG:
                return "readLong";
            case CHAR:
                return "readChar";
            case FLOAT:
                return "readFloat";
            case DOUBLE:
                return "readDouble";
            default:
                throw new IllegalArgumentException(kind + " is not primitive");
        }
    }
}
