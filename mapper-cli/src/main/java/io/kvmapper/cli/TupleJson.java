package io.kvmapper.cli;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * Tuple elements decoded without a schema ({@code Tuples.decode}), as JSON that reads back to the same elements:
 * a string, an integer (of any size), a boolean or null as itself; a double as a number ({@code {"double": "NaN"}}
 * where JSON has none); a float as {@code {"float": 1.5}}; a byte string as {@code {"bytes": "<base64>"}}; a UUID
 * as {@code {"uuid": "..."}}; a nested tuple as an array.
 */
final class TupleJson {
    private TupleJson() {
    }

    /** Writes one element. */
    static void write(JsonGenerator out, Object element) {
        if (element == null) {
            out.writeNull();
        } else if (element instanceof String text) {
            out.writeString(text);
        } else if (element instanceof Long number) {
            out.writeNumber((long) number);
        } else if (element instanceof BigInteger number) {
            out.writeNumber(number);
        } else if (element instanceof Boolean flag) {
            out.writeBoolean(flag);
        } else if (element instanceof Double number && Double.isFinite(number)) {
            out.writeNumber((double) number);
        } else if (element instanceof Double number) {
            out.writeStartObject();
            out.writeStringProperty("double", number.toString());
            out.writeEndObject();
        } else if (element instanceof Float number) {
            out.writeStartObject();
            out.writeName("float");
            if (Float.isFinite(number)) {
                out.writeNumber((float) number);
            } else {
                out.writeString(number.toString());
            }
            out.writeEndObject();
        } else if (element instanceof byte[] bytes) {
            out.writeStartObject();
            out.writeStringProperty("bytes", Base64.getEncoder().encodeToString(bytes));
            out.writeEndObject();
        } else if (element instanceof UUID uuid) {
            out.writeStartObject();
            out.writeStringProperty("uuid", uuid.toString());
            out.writeEndObject();
        } else if (element instanceof List<?> nested) {
            out.writeStartArray();
            for (Object inner : nested) {
                write(out, inner);
            }
            out.writeEndArray();
        } else {
            throw new IllegalArgumentException("no tuple element: " + element.getClass().getName());
        }
    }

    /**
     * Reads one element; the parser stands on it.
     *
     * @throws IllegalArgumentException saying what was found where an element was expected
     */
    static Object read(JsonParser in) {
        JsonToken token = in.currentToken();
        switch (token) {
            case VALUE_NULL:
                return null;
            case VALUE_STRING:
                return in.getString();
            case VALUE_TRUE:
            case VALUE_FALSE:
                return token == JsonToken.VALUE_TRUE;
            case VALUE_NUMBER_INT:
                BigInteger integer = in.getBigIntegerValue();
                return integer.bitLength() < 64 ? (Object) integer.longValue() : integer;
            case VALUE_NUMBER_FLOAT:
                return in.getDoubleValue();
            case START_ARRAY:
                List<Object> nested = new ArrayList<>();
                while (in.nextToken() != JsonToken.END_ARRAY) {
                    nested.add(read(in));
                }
                return nested;
            case START_OBJECT:
                String kind = in.nextName();
                if (kind == null) {
                    throw new IllegalArgumentException("an empty object is no tuple element");
                }
                in.nextToken();
                Object value = typed(kind, in);
                if (in.nextToken() != JsonToken.END_OBJECT) {
                    throw new IllegalArgumentException("a typed tuple element holds one member, \"" + kind + "\"");
                }
                return value;
            default:
                throw new IllegalArgumentException("expected a tuple element, found " + token);
        }
    }

    private static Object typed(String kind, JsonParser in) {
        switch (kind) {
            case "double":
                return in.currentToken() == JsonToken.VALUE_STRING ? Double.valueOf(in.getString())
                        : in.getDoubleValue();
            case "float":
                return in.currentToken() == JsonToken.VALUE_STRING ? Float.valueOf(in.getString()) : in.getFloatValue();
            case "bytes":
                return Base64.getDecoder().decode(in.getString());
            case "uuid":
                return UUID.fromString(in.getString());
            default:
                throw new IllegalArgumentException("unknown tuple element kind \"" + kind
                        + "\"; expected double, float, bytes or uuid");
        }
    }
}
