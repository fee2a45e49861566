package io.kvmapper.processor.model;

/** The scalar types a field or key component can have, each with its key and JSON encodings. */
public enum ScalarKind {
    BOOLEAN("writeBoolean", "readBoolean", "readBoolean"),
    BYTE("writeLong", "readByte", "readByte"),
    SHORT("writeLong", "readShort", "readShort"),
    INT("writeLong", "readInt", "readInt"),
    LONG("writeLong", "readLong", "readLong"),
    CHAR("writeChar", "readChar", "readChar"),
    FLOAT("writeFloat", "readFloat", "readFloat"),
    DOUBLE("writeDouble", "readDouble", "readDouble"),
    STRING("writeString", "readString", "readString"),
    BYTES("writeBytes", "readBytes", "readBytes"),
    ENUM("writeEnum", "readEnum", "readEnum"),
    UUID("writeUuid", "readUuid", "readUuid"),
    INSTANT("writeInstant", "readInstant", "readInstant"),
    LOCAL_DATE("writeLocalDate", "readLocalDate", "readLocalDate"),
    LOCAL_DATE_TIME("writeLocalDateTime", "readLocalDateTime", "readLocalDateTime"),
    BIG_DECIMAL("writeBigDecimal", "readBigDecimal", "readBigDecimal"),
    BIG_INTEGER("writeBigInteger", "readBigInteger", "readBigInteger");

    private final String tupleWriter;
    private final String jsonReader;
    private final String tupleReader;

    ScalarKind(String tupleWriter, String jsonReader, String tupleReader) {
        this.tupleWriter = tupleWriter;
        this.jsonReader = jsonReader;
        this.tupleReader = tupleReader;
    }

    /** The {@code TupleReader} method that decodes a key component of this kind. */
    public String tupleReader() {
        return tupleReader;
    }

    /** Whether a counter can sum a field of this kind. */
    public boolean isIntegral() {
        return this == BYTE || this == SHORT || this == INT || this == LONG;
    }

    /** The {@code TupleWriter} method that encodes a key component of this kind. */
    public String tupleWriter() {
        return tupleWriter;
    }

    /** The {@code Json} method that reads a value of this kind. */
    public String jsonReader() {
        return jsonReader;
    }
}
