package io.kvmapper.benchmarks;

import io.kvmapper.internal.layout.Area;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Hand-written keys for the raw RocksDB contender, byte for byte the layout KV Mapper uses
 * (docs/indexes-and-counters.md, "Key layout"; docs/key-encoding.md), so that both store the same bytes: fixed
 * prefixes computed once (the area tags taken from the layout's one definition, {@link Area}), then the few
 * element types the workload needs, non-negative integers and strings.
 */
final class RawKeys {
    static final byte[] USER_RECORD_HEAD = head("User", Area.RECORDS.tag());
    static final byte[] USER_EMAIL_ENTRY = area("User", Area.INDEXES.tag(), "email");
    static final byte[] USER_STATUS_ENTRY = area("User", Area.INDEXES.tag(), "status");
    static final byte[] USER_TOTAL_COUNTER = area("User", Area.COUNTERS.tag(), "total");
    static final byte[] USER_BY_STATUS_COUNTER = area("User", Area.COUNTERS.tag(), "byStatus");
    static final byte[] ORDER_RECORD_HEAD = head("Order", Area.RECORDS.tag());
    static final byte[] ORDER_REVENUE_COUNTER = area("Order", Area.COUNTERS.tag(), "revenueByDay");
    static final byte[] MEMBER_RECORD_HEAD = head("Member", Area.RECORDS.tag());
    static final byte[] MEMBER_AGE_ENTRY = area("Member", Area.INDEXES.tag(), "age");
    static final byte[] MEMBER_CITY_ENTRY = area("Member", Area.INDEXES.tag(), "city");

    private static final byte NESTED = 0x05;
    private static final byte STRING = 0x02;
    private static final byte END = 0x00;
    static final byte INT_ZERO = 0x14;

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
    /** {@code ((entity, "r"}, open: the prefix of every record key of the entity. */
    static byte[] recordHead(String entity) {
        return head(entity, Area.RECORDS.tag());
    }

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
