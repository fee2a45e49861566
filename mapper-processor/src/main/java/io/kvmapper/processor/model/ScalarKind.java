package io.kvmapper.processor.model;

/** The scalar types a field or key component can have, each with its key and JSON encodings. */
public enum ScalarKind {
    BOOLEAN("writeBoolean", "readBoolean"),
    BYTE("writeLong", "readByte"),
    SHORT("writeLong", "readShort"),
    INT("writeLong", "readInt"),
    LONG("writeLong", "readLong"),
    CHAR("writeChar", "readChar"),
    FLOAT("writeFloat", "readFloat"),
    DOUBLE("writeDouble", "readDouble"),
    STRING("writeString", "readString"),
    BYTES("writeBytes", "readBytes"),
    ENUM("writeEnum", "readEnum"),
    UUID("writeUuid", "readUuid"),
    INSTANT("writeInstant", "readInstant"),
    LOCAL_DATE("writeLocalDate", "readLocalDate"),
    LOCAL_DATE_TIME("writeLocalDateTime", "readLocalDateTime"),
    BIG_DECIMAL("writeBigDecimal", "readBigDecimal"),
    BIG_INTEGER("writeBigInteger", "readBigInteger");

    private final String tupleWriter;
    private final String jsonReader;

    ScalarKind(String tupleWriter, String jsonReader) {
        this.tupleWriter = tupleWriter;
        this.jsonReader = jsonReader;
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
