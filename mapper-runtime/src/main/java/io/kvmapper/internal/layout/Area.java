package io.kvmapper.internal.layout;

import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TypeCodes;
import io.kvmapper.tuple.Tuples;

/**
 * The areas of a store's key layout, each named by the one tag that marks it: the only place these tags
 * are spelled. Every key the mapper writes is a tuple whose first element, the partition, is a nested
 * tuple:
 *
 * <pre>
 * ((entity, "r", p1..pn), s1..sm)          RECORDS: a record (or one of its attribute items)
 * ((entity, "i", index), v1..vk, k1..kn)   INDEXES: an index entry
 * ((entity, "c", counter), g1..gj)         COUNTERS: a counter group, an 8-byte little-endian value
 * ((entity, "m"), kind, name)              META: the stored schema, index and counter states, build cursors
 * ((entity, "x", field), instant, k1..kn)  EXPIRY: an expiry entry, ordered by the instant a record expires
 * ((entity, "f"), stamp...)                FEED: a change of the entity's change feed, in commit order
 * (("$multimap", name, key), value)        MULTIMAP: one multimap pair and its count
 * </pre>
 *
 * An entity's areas are told by the second element of the nested tuple; a multimap's by the first, which no
 * entity name can be (entity names cannot start with '$').
 */
public enum Area {
    /** An entity's records. */
    RECORDS("r"),
    /** An entity's index entries, one partition per index. */
    INDEXES("i"),
    /** An entity's counter groups, one partition per counter. */
    COUNTERS("c"),
    /** An entity's metadata: its stored schema, its indexes' and counters' states and build cursors. */
    META("m"),
    /** An entity's expiry index ({@code @Expires}): one entry per expiring record, by instant, then key. */
    EXPIRY("x"),
    /** An entity's change feed ({@code @ChangeFeed}): one item per committed change, keyed by its commit stamp. */
    FEED("f"),
    /** Every multimap's pairs, one partition per multimap key. */
    MULTIMAP("$multimap");

    private static final Area[] AREAS = values();

    private final String tag;

    Area(String tag) {
        this.tag = tag;
    }

    /** The tag that marks the area in a key. */
    public String tag() {
        return tag;
    }

    /**
     * The area of a partition (the first element of a key, as {@link Tuples#partitionLength} delimits it),
     * or null if it lies outside KV Mapper's layout.
     */
    public static Area ofPartition(byte[] partition) {
        // A nested tuple starts with type code 0x05, its first element (a string) with 0x02: checking these
        // two bytes first spares a read of every other partition. The rest is read in place, without decoding the
        // record key components a record's partition holds: Cassandra asks this for every key it reads.
        if (partition.length < 2 || partition[0] != 0x05 || partition[1] != 0x02) {
            return null;
        }
        try {
            TupleReader reader = new TupleReader(partition);
            reader.beginNested();
            String first = reader.readString();
            if (!MULTIMAP.tag.equals(first) && reader.peekType() != TypeCodes.STRING) {
                return null; // no tag, or a tag that is not a string
            }
            String tag = MULTIMAP.tag.equals(first) ? MULTIMAP.tag : reader.readString();
            int rest = 0;
            for (; reader.hasNext(); rest++) {
                reader.skip();
            }
            reader.endNested();
            return reader.hasNext() ? null : areaOf(first, tag, rest);
        } catch (RuntimeException notATuple) {
            return null;
        }
    }

    /** The area of a key, or null if it lies outside KV Mapper's layout. */
    public static Area ofKey(byte[] key) {
        return ofPartition(partitionOf(key));
    }

    /**
     * Whether a partition grows with the number of records or writes, so that a distributed backend may spread
     * it over buckets: an index's entries, a counter's groups, the expiry index and the change feed (which would
     * otherwise make every write of the entity write one hot partition).
     */
    public static boolean growsWithRecords(byte[] partition) {
        if (hasRecordsTag(partition)) {
            return false;
        }
        Area area = ofPartition(partition);
        return area == INDEXES || area == COUNTERS || area == EXPIRY || area == FEED;
    }

    /**
     * Whether a partition may hold counters (keys written with read-free adds): counter groups, the
     * metadata area (the fences of online counter builds) and multimaps.
     */
    public static boolean mayHoldCounters(byte[] partition) {
        if (hasRecordsTag(partition)) {
            return false;
        }
        Area area = ofPartition(partition);
        return area == COUNTERS || area == META || area == MULTIMAP;
    }

    /**
     * Whether {@code key} holds a counter: a counter group, the fence of an online counter build
     * ({@code ((entity, "m"), "counter-fence", name)}) or a multimap count.
     */
    public static boolean isCounterKey(byte[] key) {
        if (hasRecordsTag(key)) {
            return false;
        }
        byte[] partition = partitionOf(key);
        Area area = ofPartition(partition);
        if (area == COUNTERS || area == MULTIMAP) {
            return true;
        }
        if (area != META || partition.length == key.length) {
            return false;
        }
        try {
            return MetaKinds.COUNTER_FENCE.equals(Tuples.decode(key, partition.length, key.length - partition.length)
                    .get(0));
        } catch (RuntimeException notATuple) {
            return false;
        }
    }

    /**
     * The area whose tag is {@code tag}, if the nested tuple has its shape.
     *
     * @param first the nested tuple's first element: an entity name, or the multimap tag
     * @param tag the second element (the area's tag), or the multimap tag for a multimap
     * @param rest how many elements follow the tag (a multimap's: after its first)
     */
    private static Area areaOf(String first, String tag, int rest) {
        if (MULTIMAP.tag.equals(first)) {
            return MULTIMAP;
        }
        for (Area area : AREAS) {
            if (area != MULTIMAP && area.tag.equals(tag)) {
                boolean shaped = switch (area) {
                    case RECORDS -> true; // the entity name, the tag, then the partition's key components
                    case META, FEED -> rest == 0;
                    default -> rest == 1; // the entity name, the tag, the index, counter or field name
                };
                return shaped ? area : null;
            }
        }
        return null;
    }

    /**
     * Whether {@code bytes} start like a record's partition: a nested tuple whose first element is an entity name
     * (a string not starting with '$', which multimaps' partitions start with) and whose second is the tag
     * {@code "r"}. Such a partition is the records area or, malformed further on, no area; neither grows with
     * records, holds counters or is a counter key, so the questions above answer a record's key, the one asked
     * most, from these few bytes.
     */
    private static boolean hasRecordsTag(byte[] bytes) {
        if (bytes.length < 3 || bytes[0] != TypeCodes.NESTED || bytes[1] != TypeCodes.STRING || bytes[2] == '$') {
            return false;
        }
        int i = 2;
        while (i < bytes.length && (bytes[i] != 0 || i + 1 < bytes.length && bytes[i + 1] == (byte) 0xFF)) {
            i += bytes[i] == 0 ? 2 : 1; // an escaped zero byte (00 FF) is part of the entity name
        }
        // i is at the entity name's terminating zero; the tag follows: 02 'r' 00, not continued by FF
        return i + 4 <= bytes.length && bytes[i + 1] == TypeCodes.STRING && bytes[i + 2] == 'r' && bytes[i + 3] == 0
                && (i + 4 == bytes.length || bytes[i + 4] != (byte) 0xFF);
    }

    /** The first element of {@code key}, or the whole key if it is not a tuple. */
    private static byte[] partitionOf(byte[] key) {
        try {
            return java.util.Arrays.copyOf(key, Tuples.partitionLength(key));
        } catch (RuntimeException notATuple) {
            return key;
        }
    }
}
