package io.kvmapper.internal.tuple;

import io.kvmapper.CorruptDataException;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/** Tuples as people read them, for messages and logs: what {@link io.kvmapper.tuple.Tuples#toString} prints. */
public final class TupleText {
    private TupleText() {
    }

    /**
     * The key as people read it, such as {@code ("User", "r", 42)}; a key that is not a valid tuple as hex with the
     * reason.
     */
    public static String of(byte[] key) {
        return of(key, Integer.MAX_VALUE);
    }

    /**
     * The key as {@link #of} prints it, cut after {@code maxChars} characters (then ending in {@code "..."}): for
     * messages about keys that may be too long to print whole.
     */
    public static String abbreviated(byte[] key, int maxChars) {
        return of(key, maxChars);
    }

    private static String of(byte[] key, int maxChars) {
        if (key == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder((int) Math.min(key.length * 2L + 2, maxChars + 4L)).append('(');
        TupleReader reader = new TupleReader(key);
        try {
            // Iterative, so that deeply nested keys cannot overflow the stack.
            int level = 0;
            boolean first = true;
            while (true) {
                if (out.length() > maxChars) {
                    out.setLength(maxChars);
                    return out.append("...").toString();
                }
                if (!reader.hasNext()) {
                    if (level == 0) {
                        break;
                    }
                    reader.endNested();
                    out.append(')');
                    level--;
                    first = false;
                    continue;
                }
                if (!first) {
                    out.append(", ");
                }
                first = false;
                if (reader.peekType() == TypeCodes.NESTED) {
                    reader.beginNested();
                    out.append('(');
                    level++;
                    first = true;
                } else {
                    appendScalar(out, reader.read(), maxChars);
                }
            }
        } catch (CorruptDataException e) {
            if (key.length * 2L + 2 > maxChars) {
                return "0x" + HexFormat.of().formatHex(key, 0, Math.max(0, (maxChars - 2) / 2)) + "... (not a valid"
                        + " tuple: " + e.getMessage() + ")";
            }
            return "0x" + HexFormat.of().formatHex(key) + " (not a valid tuple: " + e.getMessage() + ")";
        }
        if (out.length() > maxChars) {
            out.setLength(maxChars);
            return out.append("...").toString();
        }
        return out.append(')').toString();
    }

    /** Appends {@code value}; a string or byte string only until {@code out} is longer than {@code maxChars}. */
    private static void appendScalar(StringBuilder out, Object value, int maxChars) {
        if (value instanceof String s) {
            out.append('"');
            for (int i = 0; i < s.length() && out.length() <= maxChars; i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\t' -> out.append("\\t");
                    case '\r' -> out.append("\\r");
                    default -> {
                        if (c < 0x20 || c == 0x7F) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            out.append('"');
        } else if (value instanceof byte[] bytes) {
            out.append("b\"");
            for (int i = 0; i < bytes.length && out.length() <= maxChars; i++) {
                byte b = bytes[i];
                int u = b & 0xFF;
                if (u >= 0x20 && u < 0x7F && u != '"' && u != '\\') {
                    out.append((char) u);
                } else {
                    out.append(String.format("\\x%02x", u));
                }
            }
            out.append('"');
        } else if (value instanceof Float f) {
            out.append(f).append('f');
            int bits = Float.floatToRawIntBits(f);
            if (f.isNaN() && bits != Float.floatToIntBits(Float.NaN)) {
                // a NaN the writer never writes (it writes the canonical one): show which
                out.append(String.format("(0x%08x)", bits));
            }
        } else if (value instanceof Double d && d.isNaN()
                && Double.doubleToRawLongBits(d) != Double.doubleToLongBits(Double.NaN)) {
            out.append(String.format("NaN(0x%016x)", Double.doubleToRawLongBits(d)));
        } else {
            out.append(value);
        }
    }
}
