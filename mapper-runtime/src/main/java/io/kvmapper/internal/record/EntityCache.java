package io.kvmapper.internal.record;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaJson;
import io.kvmapper.spi.CommitWatcher;
import io.kvmapper.spi.KvBackend;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A store's on-heap cache of decoded entities, keyed by record key, which serves reads made outside units of work
 * on a backend that reports its commits ({@link KvBackend#entityCacheBytes}, {@link KvBackend#watchCommits}):
 * docs/caching.md for users, docs/internals/entity-cache.md for the design.
 *
 * <h2>Coherence</h2>
 * Only a read made on the backend itself (the latest committed state) fills the cache, never one inside a unit of
 * work. Every key the store commits is invalidated by the backend's commit path, whatever wrote it. The race
 * between a reader that fills the cache with a value it read before a commit and that commit is closed by
 * stamps, one pair of counters per stripe of keys: a commit marks each key's stripe pending and bumps its stamp,
 * removes the key, writes, then bumps the stamp again and clears the pending mark. A reader takes the stamp before
 * it reads the store, and fills the cache only through an atomic compute of the key's entry that finds the
 * stripe not pending and the stamp unchanged. So no entry ever holds a value older than the latest commit of its
 * key: a fill that read before a commit either ran before the commit's removal (which then removes it) or sees
 * the stripe pending or its stamp moved on.
 *
 * <p>A read in a unit of work never fills the cache, but reuses an entry decoded from a value equal to the one it
 * read ({@link #getIfDecodedFrom}) instead of decoding it again.
 *
 * <p>Entries are weighed by an estimate of the heap each takes ({@link #heapWeight}), and bounded by
 * {@link KvBackend#entityCacheBytes}. Only immutable entities (records whose fields are all of immutable types)
 * are cached, so a hit hands out the cached instance itself ({@link #cached}).
 */
public final class EntityCache implements CommitWatcher, AutoCloseable {
    /** The number of stamp stripes: a power of two. */
    static final int STRIPES = 4096;
    /** The heap an entry takes beyond its stored bytes and its entity's estimate ({@link #heapWeight}). */
    static final int ENTRY_OVERHEAD = 256;
    /** What {@link #stampBefore} gives while a commit writing the key is in progress: the read must not fill. */
    static final long NO_FILL = -1;
    /** The field types, as a schema document names them, whose values no reader can change. */
    private static final Set<String> IMMUTABLE_TYPES = Set.of("boolean", "byte", "short", "char", "int", "long",
            "float", "double", "Boolean", "Byte", "Short", "Character", "Integer", "Long", "Float", "Double",
            "String", "BigInteger", "BigDecimal", "UUID", "Instant", "LocalDate", "LocalTime", "LocalDateTime",
            "OffsetDateTime", "OffsetTime", "ZonedDateTime", "Duration", "Period", "Year", "YearMonth", "MonthDay",
            "ZoneId", "ZoneOffset");

    private final KvBackend backend;
    private final Cache<Key, Entry> entries;
    private final AtomicLongArray stamps = new AtomicLongArray(STRIPES);
    private final AtomicIntegerArray pending = new AtomicIntegerArray(STRIPES);
    private volatile boolean open = true;

    /** A cache of at most {@code bytes} (by {@link Entry#weight}) for reads on {@code backend}; 0: none. */
    EntityCache(KvBackend backend, long bytes) {
        this.backend = backend;
        this.entries = bytes == 0 ? null : Caffeine.newBuilder()
                .maximumWeight(bytes)
                .weigher((Key key, Entry entry) -> entry.weight)
                .executor(Runnable::run) // evictions are cheap; no work handed to the common pool
                .build();
    }

    /**
     * The cache of the store on {@code backend}, as large as the backend asks for, set to hear of the backend's
     * commits; one that caches nothing if the backend asks for none.
     */
    public static EntityCache of(KvBackend backend) {
        long bytes = backend.entityCacheBytes();
        EntityCache cache = new EntityCache(backend, bytes);
        if (bytes > 0) {
            backend.watchCommits(cache);
        }
        return cache;
    }

    /**
     * {@code layout}'s records as reads see them through this cache: cached where the cache is on, the entity is a
     * record (whose instances a change never alters, {@code changesBuildNewEntities}) and the layout is
     * monolithic; else {@code layout} itself. Entity classes are not cached: a hit would have to hand out a copy,
     * made through the codec, which costs about what the decode it saves does. The attribute-per-key layout is not
     * cached: a commit reports the keys of single attributes, not the record's.
     */
    public <E> RecordLayout<E> cached(RecordLayout<E> layout) {
        if (entries != null && layout instanceof MonolithicLayout<E> monolithic
                && layout.mapping().changesBuildNewEntities() && immutableFields(layout.mapping())) {
            return new CachedRecords<>(monolithic, this);
        }
        return layout;
    }

    /**
     * Whether every stored field of the entity has an immutable type, so that a decoded record can be handed to
     * every reader: numbers, strings, enums, UUIDs, the {@code java.time} values, and {@code Optional}s of them. A
     * record with a collection, a map, an array, an embedded or a databind field is not cached, since a reader
     * could change the one instance every later read would get (a decoded list is an {@code ArrayList}).
     */
    static boolean immutableFields(EntityMapping<?> mapping) {
        SchemaDocument schema = SchemaJson.read(mapping.schema(), mapping.entityName() + "'s schema");
        for (SchemaDocument.FieldEntry field : schema.fields().current()) {
            String type = field.type();
            if (type.startsWith("Optional<") && type.endsWith(">")) {
                type = type.substring("Optional<".length(), type.length() - 1);
            }
            if (!type.startsWith("enum ") && !IMMUTABLE_TYPES.contains(type)) {
                return false;
            }
        }
        return true;
    }

    /** The backend whose latest committed state the cache holds: reads through any other reader bypass it. */
    KvBackend backend() {
        return backend;
    }

    /** The entity cached under {@code key} for {@code owner} (the layout that decoded it), or null. */
    Object get(Key key, Object owner) {
        if (!open) {
            return null;
        }
        Entry entry = entries.getIfPresent(key);
        return entry != null && entry.owner == owner ? entry.entity : null;
    }

    /**
     * The entity cached under {@code key} for {@code owner} if it was decoded from a value equal to {@code value},
     * which the caller has just read (through any reader: a unit of work's snapshot too), else null. Decoding is
     * deterministic, so equal bytes decode to an equal entity, and the cached one can stand for the decode of
     * {@code value}; bytes that differ (a snapshot older or newer than the entry, a unit of work's own write)
     * never match. The cache is not filled: what a unit of work read need not be the latest commit.
     */
    Object getIfDecodedFrom(Key key, Object owner, byte[] value) {
        if (!open) {
            return null;
        }
        Entry entry = entries.getIfPresent(key);
        return entry != null && entry.owner == owner && Arrays.equals(entry.value, value) ? entry.entity : null;
    }

    /**
     * The stamp of {@code key}'s stripe, to take before reading its value from the backend, or {@link #NO_FILL}
     * while a commit that writes a key of the stripe is in progress.
     */
    long stampBefore(Key key) {
        long stamp = stamps.get(key.stripe);
        return pending.get(key.stripe) == 0 ? stamp : NO_FILL;
    }

    /**
     * Caches {@code entity}, decoded by {@code owner} from {@code value} (kept, for {@link #getIfDecodedFrom}), read
     * after {@link #stampBefore} gave {@code stamp}, unless a commit of the key's stripe has begun since:
     * atomically with respect to the removal of the key by a commit.
     */
    void fill(Key key, long stamp, Object owner, Object entity, byte[] value) {
        if (stamp == NO_FILL || !open) {
            return;
        }
        Key own = new Key(key.bytes.clone(), key.hash);
        int stripe = key.stripe;
        entries.asMap().compute(own, (k, old) -> pending.get(stripe) == 0 && stamps.get(stripe) == stamp
                ? new Entry(owner, entity, value, heapWeight(key.bytes.length, value.length)) : null);
    }

    /**
     * The heap an entry is estimated to take, which the bound counts: the key's and the value's bytes (both kept),
     * the decoded entity estimated at the value's size again, and {@value #ENTRY_OVERHEAD} bytes for the objects
     * around them (the cache's and its map's nodes, the entry and the key, the arrays' and the entity's headers).
     * Calibrated with {@code CacheFootprint} in mapper-benchmarks: the store benchmark's user (four fields, two of
     * them strings) took 445 bytes of heap per entry as JSON (104 stored bytes) and 416 as Protobuf (74), so the
     * part that is not stored bytes is about 340 bytes whatever the codec; this estimate gives 444 and 384. An
     * entity whose decoded form is much larger than its value (many small fields, non-Latin text) takes more.
     */
    static int heapWeight(int keyLength, int valueLength) {
        long weight = ENTRY_OVERHEAD + keyLength + 2L * valueLength;
        return (int) Math.min(Integer.MAX_VALUE, weight);
    }

    /** Marks each key's stripe pending, bumps its stamp and removes the key, before the commit is written. */
    @Override
    public void committing(List<byte[]> keys) {
        for (byte[] bytes : keys) {
            Key key = new Key(bytes);
            pending.incrementAndGet(key.stripe);
            stamps.incrementAndGet(key.stripe);
            entries.invalidate(key);
        }
    }

    /** Bumps each key's stripe's stamp again, then clears its pending mark, once the commit is written. */
    @Override
    public void committed(List<byte[]> keys) {
        for (byte[] bytes : keys) {
            int stripe = stripe(Key.hash(bytes));
            stamps.incrementAndGet(stripe);
            pending.decrementAndGet(stripe);
        }
    }

    /** The number of entries and their weight, for tests and diagnostics. */
    long weight() {
        return entries == null ? 0 : entries.policy().eviction().orElseThrow().weightedSize().orElse(0);
    }

    /** How many entries are cached now (after pending evictions): for tests and diagnostics. */
    public long size() {
        if (entries == null) {
            return 0;
        }
        entries.cleanUp();
        return entries.estimatedSize();
    }

    /** Stops serving and filling, and drops every entry: reads then go to the (closed) backend. */
    @Override
    public void close() {
        open = false;
        if (entries != null) {
            entries.invalidateAll();
        }
    }

    static int stripe(int hash) {
        return (hash ^ (hash >>> 16)) & (STRIPES - 1);
    }

    /** A record key, compared by content. */
    static final class Key {
        final byte[] bytes;
        final int hash;
        final int stripe;

        Key(byte[] bytes) {
            this(bytes, hash(bytes));
        }

        /**
         * The hash of a key's bytes. Not {@link Arrays#hashCode(byte[])}: record keys are mostly one prefix and
         * a big-endian number, whose last bytes that polynomial folds into few values (sequential ids from 0 to
         * 19,999 give about 2,700), which piles keys into the map's collision trees and shares stamp stripes.
         * Each byte is added and the sum multiplied by a large odd constant, and the 64 bits folded to 32.
         */
        static int hash(byte[] bytes) {
            long h = bytes.length;
            for (byte b : bytes) {
                h = (h + (b & 0xFF)) * 0x9E3779B97F4A7C15L;
            }
            return (int) (h ^ (h >>> 32));
        }

        private Key(byte[] bytes, int hash) {
            this.bytes = bytes;
            this.hash = hash;
            this.stripe = stripe(hash);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.hash == hash && Arrays.equals(key.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /**
     * A cached entity, with the layout that decoded it (another mapping of the same stored entity, such as a
     * schemaless one, must not get it), the stored value it was decoded from (which a read in a unit of work
     * compares with what it read) and its weight: its estimated heap ({@link #heapWeight}).
     */
    private record Entry(Object owner, Object entity, byte[] value, int weight) {
    }
}
