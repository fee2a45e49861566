package io.kvmapper.it.fuzz;

import io.kvmapper.internal.codec.ValueCheck;
import io.kvmapper.it.fuzz.Damage.Kind;
import io.kvmapper.it.fuzz.RawItems.Area;
import io.kvmapper.it.TestStores;
import io.kvmapper.tuple.Tuples;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.UUID;

/**
 * Draws damage to one entity's items in a store: random damage (bits flipped, values cut, extended,
 * overwritten in part or whole, keys changed, items deleted or copied) to any item, and damage shaped for
 * each area of the key layout (docs/key-encoding.md): records (a monolithic value; an attribute-per-key head
 * or item), unique index entries (pointing elsewhere, empty), non-unique entries (carrying a value, for a
 * value or record that does not hold it, malformed), counter groups (drifted, not 8 bytes, orphaned, with a
 * foreign key) and the schema metadata (the stored schema, each index's and counter's definition and state).
 * For records it also forges values under a valid integrity check, to reach the decoders behind it.
 */
final class Damager {
    static final List<String> INDEXES = List.of("handle", "status", "tags", "score", "serial", "cityAndPoints");
    static final String UNIQUE = "handle";
    static final List<String> COUNTERS = List.of("total", "byStatus", "byScore", "pointsByCity");

    /** The areas a damage is aimed at, with their weights. */
    enum Target {
        ANY(20), RECORD(30), UNIQUE_ENTRY(10), ENTRY(15), COUNTER(15), META(10);

        final int weight;

        Target(int weight) {
            this.weight = weight;
        }
    }

    private final SpecimenKind kind;
    private final Values values;
    private final NavigableMap<byte[], byte[]> before;
    private final List<Map.Entry<byte[], byte[]>> records = new ArrayList<>();
    private final List<Map.Entry<byte[], byte[]>> uniqueEntries = new ArrayList<>();
    private final List<Map.Entry<byte[], byte[]>> entries = new ArrayList<>();
    private final List<Map.Entry<byte[], byte[]>> groups = new ArrayList<>();
    private final List<Map.Entry<byte[], byte[]>> meta = new ArrayList<>();
    private final List<Map.Entry<byte[], byte[]>> all = new ArrayList<>();

    Damager(SpecimenKind kind, Values values, NavigableMap<byte[], byte[]> before) {
        this.kind = kind;
        this.values = values;
        this.before = before;
        for (Map.Entry<byte[], byte[]> item : before.entrySet()) {
            Area area = RawItems.areaOf(kind, item.getKey(), INDEXES, COUNTERS);
            switch (area) {
                case RECORDS -> records.add(item);
                case INDEX -> (startsWith(item.getKey(), prefix("i", UNIQUE)) ? uniqueEntries : entries).add(item);
                case COUNTER -> groups.add(item);
                case META -> meta.add(item);
                default -> {
                    continue;
                }
            }
            all.add(item);
        }
    }

    /** One damage: mostly one change, sometimes two or three aimed at different areas. */
    Damage draw() {
        Damage damage = new Damage(before);
        int count = values.chance(0.85) ? 1 : values.between(2, 3);
        for (int i = 0; i < count || damage.isEmpty(); i++) {
            Target target = target();
            if (count > 1 && target == Target.META) {
                continue; // metadata damage is checked on opening the store again, alone
            }
            if (count > 1 && target == Target.ANY) {
                List<Map.Entry<byte[], byte[]>> notMeta = all.stream().filter(item -> !meta.contains(item)).toList();
                if (!notMeta.isEmpty()) {
                    anyItem(damage, values.pick(notMeta));
                }
            } else {
                aim(damage, target);
            }
        }
        return damage;
    }

    /** A damage aimed at one area only. */
    Damage draw(Target target) {
        Damage damage = new Damage(before);
        while (damage.isEmpty()) {
            aim(damage, target);
        }
        return damage;
    }

    private Target target() {
        int total = 0;
        for (Target t : Target.values()) {
            total += t.weight;
        }
        int roll = values.random().nextInt(total);
        for (Target t : Target.values()) {
            roll -= t.weight;
            if (roll < 0) {
                return t;
            }
        }
        throw new AssertionError();
    }

    private void aim(Damage damage, Target target) {
        switch (target) {
            case ANY -> {
                if (!all.isEmpty()) {
                    anyItem(damage, values.pick(all));
                }
            }
            case RECORD -> {
                if (!records.isEmpty()) {
                    record(damage, values.pick(records));
                }
            }
            case UNIQUE_ENTRY -> {
                if (uniqueEntries.isEmpty() || values.chance(0.15)) {
                    foreignUniqueEntry(damage);
                } else {
                    uniqueEntry(damage, values.pick(uniqueEntries));
                }
            }
            case ENTRY -> {
                if (entries.isEmpty() || values.chance(0.15)) {
                    foreignEntry(damage);
                } else {
                    entry(damage, values.pick(entries));
                }
            }
            case COUNTER -> {
                if (groups.isEmpty() || values.chance(0.2)) {
                    foreignGroup(damage);
                } else {
                    group(damage, values.pick(groups));
                }
            }
            case META -> {
                if (!meta.isEmpty()) {
                    meta(damage, values.pick(meta));
                }
            }
        }
    }

    // ---- random damage, to any item

    private void anyItem(Damage damage, Map.Entry<byte[], byte[]> item) {
        byte[] key = item.getKey();
        byte[] value = item.getValue();
        switch (values.random().nextInt(6)) {
            case 0 -> damage.change(Kind.FAULT, "deleted", key, null);
            case 1 -> damage.change(Kind.FAULT, "moved to a changed key", key, null)
                    .change(Kind.FAULT, "moved here", changedKey(key), value);
            case 2 -> damage.change(Kind.FAULT, "copied to a changed key", changedKey(key), value);
            default -> damage.change(Kind.FAULT, "value damaged", key, faultyValue(value, isChecked(value)));
        }
    }

    // ---- records

    private void record(Damage damage, Map.Entry<byte[], byte[]> item) {
        byte[] key = item.getKey();
        byte[] value = item.getValue();
        int roll = values.random().nextInt(100);
        if (roll < 40) {
            damage.change(Kind.FAULT, "record value damaged", key, faultyValue(value, true));
        } else if (roll < 50) {
            damage.change(Kind.FAULT, "record value from another key", key, values.pick(records).getValue());
        } else if (roll < 55) {
            damage.change(Kind.FAULT, "record item deleted", key, null);
        } else if (roll < 62) {
            damage.change(Kind.FAULT, "record moved to a changed key", key, null)
                    .change(Kind.FAULT, "record moved here", changedKey(key), value);
        } else if (roll < 67) {
            damage.change(Kind.FAULT, "record copied to a changed key", changedKey(key), value);
        } else if (kind.attributePerKey()) {
            forgedItem(damage, key, value);
        } else {
            forgedValue(damage, key, value);
        }
    }

    /** A monolithic value whose check is valid over a body the codec did not write. */
    private void forgedValue(Damage damage, byte[] key, byte[] value) {
        byte[] body = body(value);
        int header = headerLength(body);
        byte[] forged;
        String what;
        int roll = values.random().nextInt(100);
        if (roll < 45) {
            byte[] payload = Arrays.copyOfRange(body, header, body.length);
            forged = concat(Arrays.copyOf(body, header), faultyValue(payload, false));
            what = "payload damaged";
        } else if (roll < 75) {
            forged = concat(Arrays.copyOf(body, header), kind == SpecimenKind.JSON ? jsonPayload() : protoPayload());
            what = "payload replaced";
        } else if (roll < 85) {
            forged = faultyValue(body, false);
            what = "header and payload damaged";
        } else {
            forged = concat(new byte[] {values.pick(new Byte[] {'J', 'P', 'A', 0, 0x7F})},
                    Arrays.copyOfRange(body, 1, body.length));
            what = "codec letter changed";
        }
        damage.change(Kind.FORGERY, "forged value (" + what + ")", key, sealed(key, forged));
    }

    /** An attribute-per-key item whose check is valid over a value the layout does not write there. */
    private void forgedItem(Damage damage, byte[] key, byte[] value) {
        int roll = values.random().nextInt(100);
        if (roll < 35) {
            damage.change(Kind.FORGERY, "forged item (value damaged)", key,
                    sealed(key, faultyValue(body(value), false)));
        } else if (roll < 65) {
            damage.change(Kind.FORGERY, "forged item (another tuple)", key, sealed(key, randomTuple()));
        } else if (roll < 80) {
            byte[] below = concat(key, Tuples.encode(randomElement()));
            damage.change(Kind.FORGERY, "forged item below another", below, sealed(below, values.chance(0.5)
                    ? new byte[0] : randomTuple()));
        } else if (roll < 90) {
            damage.change(Kind.FORGERY, "forged item (a container marker)", key, sealed(key, new byte[0]));
        } else {
            byte[] beside = concat(Arrays.copyOf(key, lastElementStart(key)), Tuples.encode(randomElement()));
            damage.change(Kind.FORGERY, "forged item beside another", beside, sealed(beside, randomTuple()));
        }
    }

    // ---- index entries

    private void uniqueEntry(Damage damage, Map.Entry<byte[], byte[]> item) {
        byte[] key = item.getKey();
        byte[] value = item.getValue();
        switch (values.random().nextInt(8)) {
            case 0 -> damage.change(Kind.FAULT, "unique entry deleted", key, null);
            case 1 -> damage.change(Kind.FAULT, "unique entry empty", key, new byte[0]);
            case 2 -> damage.change(Kind.FAULT, "unique entry points at another record", key, otherRecordKey(value));
            case 3 -> damage.change(Kind.FAULT, "unique entry points at a counter", key, groups.isEmpty()
                    ? prefix("c", "total") : values.pick(groups).getKey());
            case 4 -> damage.change(Kind.FAULT, "unique entry points below its record", key,
                    concat(value, Tuples.encode(randomElement())));
            case 5 -> damage.change(Kind.FAULT, "unique entry moved to a changed key", key, null)
                    .change(Kind.FAULT, "unique entry moved here", changedKey(key), value);
            default -> damage.change(Kind.FAULT, "unique entry damaged", key, faultyValue(value, false));
        }
    }

    private void foreignUniqueEntry(Damage damage) {
        byte[] key = concat(prefix("i", UNIQUE), Tuples.encode("h-foreign" + values.text(3)));
        byte[] holder = records.isEmpty() ? Tuples.encode("nothing") : recordKeyOf(values.pick(records).getKey());
        damage.change(Kind.FAULT, "unique entry for a value no record holds", key, holder);
    }

    private void entry(Damage damage, Map.Entry<byte[], byte[]> item) {
        byte[] key = item.getKey();
        byte[] prefix = Arrays.copyOf(key, Tuples.partitionLength(key));
        switch (values.random().nextInt(8)) {
            case 0 -> damage.change(Kind.FAULT, "entry deleted", key, null);
            case 1 -> damage.change(Kind.FAULT, "entry carries a value", key,
                    nonEmpty(faultyValue(new byte[0], false)));
            case 2 -> damage.change(Kind.FAULT, "entry moved to a changed key", key, null)
                    .change(Kind.FAULT, "entry moved here", changedKey(key), new byte[0]);
            case 3 -> damage.change(Kind.FAULT, "entry copied to a changed key", changedKey(key), new byte[0]);
            case 4 -> damage.change(Kind.FAULT, "entry without its last key element", withoutLastElement(key),
                    new byte[0]);
            case 5 -> damage.change(Kind.FAULT, "entry with an element more", concat(key,
                    Tuples.encode(randomElement())), new byte[0]);
            case 6 -> damage.change(Kind.FAULT, "entry for a value its record does not hold", concat(concat(prefix,
                    Tuples.encode(randomElement())), Arrays.copyOfRange(key, Tuples.elementEnd(key, prefix.length),
                    key.length)), new byte[0]);
            default -> damage.change(Kind.FAULT, "entry with garbage after the index",
                    concat(prefix, nonEmpty(faultyValue(new byte[0], false))), new byte[0]);
        }
    }

    private void foreignEntry(Damage damage) {
        String index = values.pick(INDEXES.subList(1, INDEXES.size()));
        byte[] key = concat(prefix("i", index), Tuples.encode(randomElement(), "t0", 12345L, new byte[] {1}));
        damage.change(Kind.FAULT, "entry for a record that does not exist", key, new byte[0]);
    }

    // ---- counter groups

    private void group(Damage damage, Map.Entry<byte[], byte[]> item) {
        byte[] key = item.getKey();
        byte[] value = item.getValue();
        switch (values.random().nextInt(7)) {
            case 0 -> damage.change(Kind.FAULT, "group deleted", key, null);
            case 1 -> damage.change(Kind.FAULT, "group drifted", key, counter(decodeCounter(value)
                    + (values.chance(0.5) ? values.between(1, 3) : -values.between(1, 3))));
            case 2 -> damage.change(Kind.FAULT, "group not 8 bytes", key, notEightBytes(value));
            case 3 -> damage.change(Kind.FAULT, "group moved to a changed key", key, null)
                    .change(Kind.FAULT, "group moved here", changedKey(key), value);
            case 4 -> damage.change(Kind.FAULT, "group copied under an element more",
                    concat(key, Tuples.encode(randomElement())), counter(values.between(1, 9)));
            case 5 -> damage.change(Kind.FAULT, "group damaged", key, faultyValue(value, false));
            default -> damage.change(Kind.FAULT, "group copied to a changed key", changedKey(key),
                    counter(values.between(1, 9)));
        }
    }

    private void foreignGroup(Damage damage) {
        String counter = values.pick(COUNTERS);
        byte[] key = concat(prefix("c", counter), counter.equals("total") ? Tuples.encode(randomElement())
                : Tuples.encode(randomElement()));
        damage.change(Kind.FAULT, "group no record has", key, values.chance(0.8) ? counter(values.between(1, 9))
                : notEightBytes(counter(1)));
    }

    // ---- metadata

    private void meta(Damage damage, Map.Entry<byte[], byte[]> item) {
        byte[] key = item.getKey();
        byte[] value = item.getValue();
        List<Object> stored;
        try {
            stored = Tuples.decode(value);
        } catch (RuntimeException e) {
            stored = List.of();
        }
        switch (values.random().nextInt(9)) {
            case 0 -> damage.change(Kind.FAULT, "metadata deleted", key, null);
            case 1 -> damage.change(Kind.FAULT, "metadata moved to a changed key", key, null)
                    .change(Kind.FAULT, "metadata moved here", changedKey(key), value);
            case 2 -> damage.change(Kind.FAULT, "metadata under another name", concat(withoutLastElement(key),
                    Tuples.encode(randomElement())), value);
            case 3 -> {
                if (stored.size() == 3) {
                    damage.change(Kind.FAULT, "metadata in another state", key, Tuples.encode(stored.get(0),
                            values.pick(new String[] {"BUILDING", "CLEARING", "FAILED", "DROPPING", "READY", "ready",
                                ""}), values.chance(0.5) ? stored.get(2) : values.text(8)));
                } else {
                    damage.change(Kind.FAULT, "metadata value damaged", key, faultyValue(value, false));
                }
            }
            case 4 -> {
                if (stored.size() == 3) {
                    damage.change(Kind.FAULT, "metadata with another signature", key, Tuples.encode(
                            faultyText((String) stored.get(0)), stored.get(1), stored.get(2)));
                } else if (stored.size() == 2 && stored.get(1) instanceof String json) {
                    damage.change(Kind.FAULT, "stored schema text damaged", key, Tuples.encode(stored.get(0),
                            faultyText(json)));
                } else {
                    damage.change(Kind.FAULT, "metadata value damaged", key, faultyValue(value, false));
                }
            }
            case 5 -> damage.change(Kind.FAULT, "metadata of another shape", key, randomTuple());
            case 6 -> damage.change(Kind.FAULT, "metadata of another component", concat(withoutLastElement(key),
                    Tuples.encode("ghost" + values.between(0, 9))), value);
            default -> damage.change(Kind.FAULT, "metadata value damaged", key, faultyValue(value, false));
        }
    }

    // ---- bytes

    /**
     * {@code value} damaged: bits flipped, cut short, extended, overwritten in part, zeroed in part, or replaced
     * whole. Never equal to {@code value}. Where {@code checked} (a record value or item), the first byte, the
     * integrity check's marker, is only ever changed by a flip of at most three bits, so that the value is not
     * taken for one written before values had checks (docs/codecs.md: those are read without one).
     */
    byte[] faultyValue(byte[] value, boolean checked) {
        int from = checked && value.length > 0 && value[0] == ValueCheck.MARKER ? 1 : 0;
        byte[] damaged;
        switch (value.length <= from ? 2 : values.random().nextInt(6)) {
            case 0 -> {
                damaged = value.clone();
                int at = values.random().nextInt(value.length);
                int flips = values.between(1, 3);
                for (int i = 0; i < flips; i++) {
                    int bit = values.random().nextInt(Math.min(32, (value.length - at) * 8));
                    damaged[at + bit / 8] ^= (byte) (1 << (bit % 8));
                }
            }
            case 1 -> damaged = Arrays.copyOf(value, values.random().nextInt(value.length));
            case 2 -> {
                damaged = Arrays.copyOf(value, value.length + values.between(1, 8));
                for (int i = value.length; i < damaged.length; i++) {
                    damaged[i] = (byte) values.random().nextInt(256);
                }
            }
            case 3 -> {
                damaged = value.clone();
                int at = values.random().nextInt(from, value.length);
                int end = values.random().nextInt(at, value.length) + 1;
                for (int i = at; i < end; i++) {
                    damaged[i] = (byte) values.random().nextInt(256);
                }
            }
            case 4 -> {
                damaged = value.clone();
                int at = values.random().nextInt(from, value.length);
                Arrays.fill(damaged, at, values.random().nextInt(at, value.length) + 1, (byte) 0);
            }
            default -> {
                damaged = new byte[from + values.random().nextInt(2 * value.length + 8)];
                for (int i = 0; i < damaged.length; i++) {
                    damaged[i] = (byte) values.random().nextInt(256);
                }
                if (from == 1) {
                    damaged[0] = ValueCheck.MARKER;
                }
            }
        }
        if (Arrays.equals(damaged, value)) {
            damaged = Arrays.copyOf(value, value.length + 1);
            damaged[value.length] = (byte) 0xA5;
        }
        return damaged;
    }

    /**
     * A key near {@code key}: a bit flipped, cut short, extended by bytes or by an element, its last element
     * changed.
     */
    byte[] changedKey(byte[] key) {
        while (true) {
            byte[] changed = anyChangedKey(key);
            // Cassandra stores a key as (partition, sort key), the partition its first tuple element: a key without
            // one cannot be there, so that damage cannot happen on it
            if (!TestStores.onCassandra() || startsWithElement(changed)) {
                return changed;
            }
        }
    }

    /** Whether {@code key} starts with a well-formed tuple element, as every key a Cassandra store holds does. */
    static boolean startsWithElement(byte[] key) {
        try {
            Tuples.elementEnd(key, 0);
            return true;
        } catch (io.kvmapper.CorruptDataException | IndexOutOfBoundsException e) {
            return false;
        }
    }

    private byte[] anyChangedKey(byte[] key) {
        byte[] changed;
        switch (values.random().nextInt(5)) {
            case 0 -> {
                changed = key.clone();
                int bit = values.random().nextInt(key.length * 8);
                changed[bit / 8] ^= (byte) (1 << (bit % 8));
            }
            case 1 -> changed = Arrays.copyOf(key, Math.max(1, key.length - values.between(1, 3)));
            case 2 -> changed = concat(key, nonEmpty(faultyValue(new byte[0], false)));
            case 3 -> changed = concat(key, Tuples.encode(randomElement()));
            default -> changed = concat(withoutLastElement(key), Tuples.encode(randomElement()));
        }
        return Arrays.equals(changed, key) ? concat(key, new byte[] {0x14}) : changed;
    }

    private String faultyText(String text) {
        byte[] damaged = faultyValue(text.getBytes(StandardCharsets.UTF_8), false);
        return new String(damaged, StandardCharsets.UTF_8);
    }

    // ---- tuples

    /** A random tuple element: of any type the tuple layer has, valid or at the edges. */
    Object randomElement() {
        return switch (values.random().nextInt(12)) {
            case 0 -> null;
            case 1 -> values.text(6);
            case 2 -> values.random().nextLong();
            case 3 -> values.aDouble();
            case 4 -> (float) values.aDouble();
            case 5 -> values.random().nextBoolean();
            case 6 -> new UUID(values.random().nextLong(), values.random().nextLong());
            case 7 -> nonEmpty(faultyValue(new byte[0], false));
            case 8 -> List.of(values.text(3), values.random().nextLong(-5, 5));
            case 9 -> BigInteger.ONE.shiftLeft(values.between(64, 2000)).negate();
            case 10 -> values.pick(Status.values()).name();
            default -> values.pick(Values.TAGS);
        };
    }

    /** A tuple of zero to three random elements. */
    byte[] randomTuple() {
        int count = values.random().nextInt(4);
        Object[] elements = new Object[count];
        for (int i = 0; i < count; i++) {
            elements[i] = randomElement();
        }
        return Tuples.encode(elements);
    }

    // ---- payloads a codec did not write

    private static final String[] JSON_PAYLOADS = {"", "{", "}", "[]", "{}", "null", "{\"seq\":\"x\"}",
        "{\"seq\":1e400}", "{\"seq\":123456789012345678901234567890}", "{\"tags\":{}}", "{\"tags\":[1,2]}",
        "{\"marks\":[1]}", "{\"marks\":{\"a\":\"b\"}}", "{\"place\":5}", "{\"place\":{\"floor\":1.5}}",
        "{\"amount\":\"x\"}", "{\"amount\":1e999999999}", "{\"amount\":1e-2147483649}", "{\"serial\":1.5}",
        "{\"score\":\"NaN\"}", "{\"score\":\"nan\"}", "{\"status\":\"BOGUS\"}", "{\"status\":1}",
        "{\"lines\":[null,[]]}", "{\"points\":4294967296}", "{\"points\":1.0}", "{\"weight\":\"-Infinity\"}",
        "{\"tenant\":null}", "{\"tenant\":1}", "{\"handle\":{}}", "{\"note\":\"\\ud800\"}", "{\"note\":\"\\u00\"}",
        "{\"tags\":[\"\\udc00\"]}", "{\"place\":{\"city\":\"\\ud800\"}}", "{\"seq\":1,\"seq\":2}", "{\"a\":",
        "{\"lines\":[\"a\"]} trailing", "\u00ff\u00fe", "{\"marks\":{\"k\":null}}"};

    private byte[] jsonPayload() {
        if (values.chance(0.1)) {
            int depth = values.between(100, 5000);
            return ("{\"note\":" + "[".repeat(depth) + "]".repeat(depth) + "}").getBytes(StandardCharsets.UTF_8);
        }
        if (values.chance(0.05)) {
            return ("{\"serial\":" + "9".repeat(values.between(1000, 20000)) + "}").getBytes(StandardCharsets.UTF_8);
        }
        return values.pick(JSON_PAYLOADS).getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Protobuf wire bytes: random, or a field of each wire type, with lengths and varints at the edges. */
    private byte[] protoPayload() {
        int field = values.pick(new Integer[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 19000, 536870911});
        int wireType = values.pick(new Integer[] {0, 1, 2, 3, 4, 5, 6, 7});
        List<Byte> out = new ArrayList<>();
        varint(out, ((long) field << 3) | wireType);
        switch (values.random().nextInt(5)) {
            case 0 -> varint(out, values.random().nextLong());
            case 1 -> varint(out, values.pick(new Long[] {0L, 1L, 5L, 127L, 0x7FFFFFFFL, -1L}));
            case 2 -> {
                varint(out, 3);
                out.add((byte) 0xC3);
                out.add((byte) 0x28);
                out.add((byte) 0xFF);
            }
            case 3 -> {
                for (int i = 0; i < 11; i++) {
                    out.add((byte) 0x80);
                }
            }
            default -> {
                int length = values.random().nextInt(24);
                for (int i = 0; i < length; i++) {
                    out.add((byte) values.random().nextInt(256));
                }
            }
        }
        byte[] bytes = new byte[out.size()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = out.get(i);
        }
        return bytes;
    }

    private static void varint(List<Byte> out, long value) {
        while ((value & ~0x7FL) != 0) {
            out.add((byte) ((value & 0x7F) | 0x80));
            value >>>= 7;
        }
        out.add((byte) value);
    }

    // ---- plumbing

    private byte[] prefix(String tag, String name) {
        return RawItems.componentPrefix(kind, tag, name);
    }

    private byte[] otherRecordKey(byte[] not) {
        for (int attempt = 0; attempt < 8 && !records.isEmpty(); attempt++) {
            byte[] key = recordKeyOf(values.pick(records).getKey());
            if (!Arrays.equals(key, not)) {
                return key;
            }
        }
        return RawItems.recordKey(kind, new Id("t-nobody", 1, 1.0));
    }

    /** The record key an item lies under: the item's key cut after the record key's three elements. */
    private static byte[] recordKeyOf(byte[] itemKey) {
        int end = 0;
        for (int i = 0; i < 3 && end < itemKey.length; i++) {
            end = Tuples.elementEnd(itemKey, end);
        }
        return Arrays.copyOf(itemKey, end);
    }

    static boolean isChecked(byte[] value) {
        return value.length >= ValueCheck.LENGTH && value[0] == ValueCheck.MARKER;
    }

    /** A value without its integrity check: what the check covers besides the key. */
    private static byte[] body(byte[] value) {
        return isChecked(value) ? Arrays.copyOfRange(value, ValueCheck.LENGTH, value.length) : value;
    }

    /** The length of a monolithic body's header: the codec letter and the schema version's varint. */
    private static int headerLength(byte[] body) {
        int at = 1;
        while (at < body.length && (body[at] & 0x80) != 0) {
            at++;
        }
        return Math.min(body.length, at + 1);
    }

    private static byte[] sealed(byte[] key, byte[] body) {
        return ValueCheck.seal(key, body);
    }

    private static byte[] counter(long value) {
        byte[] bytes = new byte[8];
        for (int i = 0; i < 8; i++) {
            bytes[i] = (byte) (value >>> (8 * i));
        }
        return bytes;
    }

    private static long decodeCounter(byte[] value) {
        long sum = 0;
        for (int i = Math.min(8, value.length) - 1; i >= 0; i--) {
            sum = (sum << 8) | (value[i] & 0xFF);
        }
        return sum;
    }

    private byte[] notEightBytes(byte[] value) {
        int length = values.pick(new Integer[] {0, 1, 4, 7, 9, 16});
        return Arrays.copyOf(value, length);
    }

    private static byte[] nonEmpty(byte[] bytes) {
        return bytes.length == 0 ? new byte[] {0x2A} : bytes;
    }

    private static int lastElementStart(byte[] key) {
        int start = 0;
        int end = 0;
        while (end < key.length) {
            start = end;
            end = Tuples.elementEnd(key, end);
        }
        return start;
    }

    private static byte[] withoutLastElement(byte[] key) {
        try {
            return Arrays.copyOf(key, lastElementStart(key));
        } catch (RuntimeException notATuple) {
            return Arrays.copyOf(key, Math.max(1, key.length - 1));
        }
    }

    private static boolean startsWith(byte[] key, byte[] prefix) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] joined = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }
}
