package io.kvmapper.benchmarks;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Hand-written keys for the raw RocksDB contender, in the shape of the layout KV Mapper uses
 * (docs/indexes-and-counters.md, "Key layout"; docs/key-encoding.md) so that both store keys of the same sizes:
 * tuples whose partition is {@code (entity, area, ...)}, with one-letter area names of the hand-written code's
 * own (it shares nothing with the mapper); fixed prefixes computed once, then the few element types the workload
 * needs, non-negative integers and strings.
 */
final class RawKeys {
    static final byte[] USER_RECORD_HEAD = head("User", "R");
    static final byte[] USER_EMAIL_ENTRY = area("User", "I", "email");
    static final byte[] USER_STATUS_ENTRY = area("User", "I", "status");
    static final byte[] USER_TOTAL_COUNTER = area("User", "C", "total");
    static final byte[] USER_BY_STATUS_COUNTER = area("User", "C", "byStatus");
    static final byte[] ORDER_RECORD_HEAD = head("Order", "R");
    static final byte[] ORDER_REVENUE_COUNTER = area("Order", "C", "revenueByDay");

    private static final byte NESTED = 0x05;
    private static final byte STRING = 0x02;
    private static final byte END = 0x00;
    private static final byte INT_ZERO = 0x14;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream(64);

    private RawKeys(byte[] prefix) {
        out.writeBytes(prefix);
    }

    /** A key starting with {@code prefix}. */
    static RawKeys startingWith(byte[] prefix) {
        return new RawKeys(prefix);
    }

    /** Appends a string element: code 02, the UTF-8 bytes with each 00 escaped as 00 FF, then 00. */
    RawKeys string(String value) {
        out.write(STRING);
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            out.write(b);
            if (b == 0) {
                out.write(0xFF);
            }
        }
        out.write(END);
        return this;
    }

    /** Appends a non-negative integer element: code 14 + n, then its n significant bytes big-endian. */
    RawKeys number(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("the raw contender encodes non-negative integers only: " + value);
        }
        int n = (Long.SIZE - Long.numberOfLeadingZeros(value) + 7) / 8;
        out.write(INT_ZERO + n);
        for (int shift = (n - 1) * 8; shift >= 0; shift -= 8) {
            out.write((int) (value >>> shift));
        }
        return this;
    }

    /** Ends a nested tuple that the prefix opened. */
    RawKeys endNested() {
        out.write(END);
        return this;
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    /** {@code ((entity, area, ...} left open, for a record key's partition. */
    private static byte[] head(String entity, String area) {
        RawKeys key = new RawKeys(new byte[] {NESTED});
        return key.string(entity).string(area).bytes();
    }

    /** {@code ((entity, area, name)}, closed: the prefix of an index's entries or a counter's groups. */
    private static byte[] area(String entity, String area, String name) {
        RawKeys key = new RawKeys(new byte[] {NESTED});
        return key.string(entity).string(area).string(name).endNested().bytes();
    }
}
