package io.kvmapper.internal.record;

import io.kvmapper.CorruptDataException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.mapping.ExpiryDefinition;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How one entity's records lie in the store, and the reads and writes of whole records in that
 * layout: one value per record ({@link io.kvmapper.annotation.Layout#MONOLITHIC}), or a head item and
 * one item per attribute and collection element ({@link io.kvmapper.annotation.Layout#ATTRIBUTE_PER_KEY}).
 * Everything above this class (repositories, index maintenance, online builds, integrity checks) works
 * on keys and entities and does not depend on the layout.
 *
 * @param <E> the entity type
 */
public abstract class RecordLayout<E> {
    private final EntityMapping<E> mapping;
    private final boolean checksWrites;
    private final List<IndexDefinition<E>> unsureIndexes;
    private final List<CounterDefinition<E>> unsureCounters;
    /** Those of {@link #unsureIndexes} that may fail even when every decoded string is well formed. */
    private final List<IndexDefinition<E>> unsureNumberIndexes;
    /** Those of {@link #unsureCounters} that may fail even when every decoded string is well formed. */
    private final List<CounterDefinition<E>> unsureNumberCounters;

    /**
     * @param decodesMalformedStrings whether the layout's decoding can give a string with an unpaired surrogate
     *     (a JSON value escapes one; UTF-8, which Protobuf and tuples hold, cannot), which no key can hold
     */
    RecordLayout(EntityMapping<E> mapping, boolean checksWrites, boolean decodesMalformedStrings) {
        this.mapping = mapping;
        this.checksWrites = checksWrites;
        this.unsureIndexes = mapping.indexes().stream()
                .filter(index -> mayNotEncode(index.signature(), decodesMalformedStrings)).toList();
        this.unsureCounters = mapping.counters().stream()
                .filter(counter -> mayNotEncode(counter.signature(), decodesMalformedStrings)).toList();
        this.unsureNumberIndexes = unsureIndexes.stream()
                .filter(index -> mayNotEncode(index.signature(), false)).toList();
        this.unsureNumberCounters = unsureCounters.stream()
                .filter(counter -> mayNotEncode(counter.signature(), false)).toList();
    }

    /**
     * Whether a decoded value of an index or counter with this signature may be one the key encoding cannot
     * hold: a string where decoding gives malformed ones, an integer of more than 255 bytes, a decimal without
     * a normalized form. The signature names each path's scalar kind, as the schema file records it
     * ({@code unique(email:STRING)}, {@code count(home.city:STRING,status:ENUM)}); other kinds always encode.
     */
    private static boolean mayNotEncode(String signature, boolean decodesMalformedStrings) {
        return signature.contains(":BIG_INTEGER") || signature.contains(":BIG_DECIMAL")
                || decodesMalformedStrings && signature.contains(":STRING");
    }

    /**
     * Checks that the key encoding can hold every index value and counter group of a decoded entity, so that
     * whatever a layout returns can be indexed, counted, changed and deleted; only those whose kinds may fail
     * are computed. The write path never stores such an entity (it is an {@link io.kvmapper.InvalidRequestException}
     * there), but a damaged value can hold one, and so can a record written before an index covered the field.
     *
     * @param stringsWellFormed whether the layout knows, from the bytes it decoded, that no decoded string holds
     *     an unpaired surrogate, so that only big numbers can fail
     * @throws CorruptDataException naming the entity, the key and the index or counter
     */
    final void checkIndexable(byte[] key, E entity, boolean stringsWellFormed) {
        List<IndexDefinition<E>> indexes = stringsWellFormed ? unsureNumberIndexes : unsureIndexes;
        List<CounterDefinition<E>> counters = stringsWellFormed ? unsureNumberCounters : unsureCounters;
        if (indexes.isEmpty() && counters.isEmpty()) {
            return;
        }
        String what = null;
        try {
            List<byte[]> values = new ArrayList<>(2);
            for (IndexDefinition<E> index : indexes) {
                what = "index '" + index.name() + "'";
                index.values().collect(entity, values);
                values.clear();
            }
            for (CounterDefinition<E> counter : counters) {
                what = "counter '" + counter.name() + "'";
                counter.group().apply(entity);
            }
        } catch (InvalidRequestException e) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key) + ": " + what
                    + " cannot hold the stored value: " + e.getMessage(), e);
        }
    }

    /** The records of the entity {@code mapping} describes, in its layout, as written on {@code backend}. */
    public static <E> RecordLayout<E> of(EntityMapping<E> mapping, KvBackend backend) {
        return mapping.attributeCodec() == null ? new MonolithicLayout<>(mapping, checksWrites(mapping, backend))
                : new AttributePerKeyLayout<>(mapping);
    }

    /**
     * These records as reads see them by {@code clock}: an entity that has expired ({@code @Expires}) is absent
     * from {@link #find}, {@link #findAll}, {@link #exists} and {@link #scan} from the instant it expires, whether
     * or not it has been deleted yet. Writes, {@link #load} (what a write replaces, expired or not),
     * {@link #reread} and {@link #count} see every stored record. This layout itself for an entity that never
     * expires.
     */
    public RecordLayout<E> hidingExpired(Clock clock) {
        ExpiryDefinition<E> expiry = mapping.expiry();
        return expiry == null ? this : new LiveRecords<>(this, expiry, clock);
    }

    /**
     * {@code entity}, stored under {@code key}, encoded as one value whatever the layout: what a change of the
     * entity's change feed carries.
     *
     * @throws io.kvmapper.InvalidRequestException if the entity cannot be encoded
     */
    public abstract byte[] snapshot(byte[] key, E entity);

    /**
     * The entity a {@link #snapshot} of the record under {@code key} holds.
     *
     * @throws io.kvmapper.CorruptDataException naming the entity and key if it holds no valid entity
     */
    public abstract E fromSnapshot(byte[] key, byte[] snapshot);

    /**
     * Whether every replacement and delete of a monolithic record must be a checked write
     * ({@link KvTransaction#writeIfUnchanged}: the value must still be the one loaded). Always for an entity
     * with a {@code @Version}. On a backend that detects no conflicts also for an entity with a unique
     * index: there a writer holding a stale state would otherwise put back a unique value that a
     * concurrent write of the same record has just given up (released), leaving the record holding a value
     * nobody guards, which another record could then claim. (In the attribute-per-key layout a write
     * rewrites only the items that change, so a stale writer never puts a unique value back.)
     */
    private static <E> boolean checksWrites(EntityMapping<E> mapping, KvBackend backend) {
        if (mapping.version() != null) {
            return true;
        }
        return !backend.detectsConflicts() && mapping.indexes().stream().anyMatch(IndexDefinition::unique);
    }

    /**
     * Whether {@link #write} and {@link #delete(KvTransaction, byte[], Stored)} check that the record is still
     * as loaded, so that concurrent writers of one record never overwrite each other unawares.
     */
    public final boolean checksWrites() {
        return checksWrites;
    }

    /** The entity's mapping. */
    public final EntityMapping<E> mapping() {
        return mapping;
    }

    /** The stored entity name. */
    final String entityName() {
        return mapping.entityName();
    }

    /**
     * The entity under {@code key}, or null: one read of the value, or one range scan of the attributes.
     *
     * @throws io.kvmapper.CorruptDataException naming the entity and key if what is stored is not a valid
     *     record
     */
    public abstract E find(KvReader reader, byte[] key);

    /** The entities under {@code keys}, in that order, with null for each absent one. */
    public abstract List<E> findAll(KvReader reader, List<byte[]> keys);

    /**
     * The stored state of the entity under {@code key} for a write that replaces or changes it, read so
     * that a concurrent write of the entity makes the transaction conflict; null if there is none.
     */
    public abstract Stored<E> load(KvReader reader, byte[] key);

    /** A scan of {@code range} after the key {@code after} (null: from its start). */
    static KvCursor scanAfter(KvReader reader, KeyRange range, ScanOptions options, byte[] after) {
        return after == null ? reader.scan(range, options) : reader.resume(range, options, after);
    }

    /** A fresh copy of a loaded entity, which a change function may alter without touching the original. */
    public abstract E reread(Stored<E> stored);

    /** Whether an entity is stored under {@code key}; one read, tracked in a transaction. */
    public boolean exists(KvReader reader, byte[] key) {
        return reader.get(key) != null;
    }

    /** Streams the records in {@code range}, at most {@code limit} of them (0: all). */
    public final RecordCursor<E> scan(KvReader reader, KeyRange range, int limit) {
        return scan(reader, range, limit, null);
    }

    /**
     * Streams the records in {@code range} after the key {@code after} ({@link KvReader#resume}; null: from
     * the start), at most {@code limit} of them (0: all).
     */
    public abstract RecordCursor<E> scan(KvReader reader, KeyRange range, int limit, byte[] after);

    /** How many records lie in {@code range}: one streamed scan of their items, decoding none. */
    public abstract long count(KvReader reader, KeyRange range);

    /** Whether {@link #write} must be given the stored state to replace a record correctly. */
    public abstract boolean writeNeedsOld();

    /**
     * Writes {@code now} under {@code key} in place of {@code old} (null: nothing is stored there), as
     * loaded in the same transaction.
     *
     * @return whether anything was written: false when the stored record already holds exactly {@code now} and
     *     the layout sends nothing (a change feed then records no change either)
     * @throws io.kvmapper.InvalidRequestException if the entity cannot be encoded
     */
    public abstract boolean write(KvTransaction kv, byte[] key, Stored<E> old, E now);

    /** Deletes every item of the record under {@code key}. */
    public abstract void delete(KvTransaction kv, byte[] key);

    /**
     * Deletes the record under {@code key}, loaded as {@code old} in the same transaction. A layout whose
     * writes are checked ({@link #checksWrites}) checks this one too.
     */
    public void delete(KvTransaction kv, byte[] key, Stored<E> old) {
        delete(kv, key);
    }

    /**
     * Deletes what a damaged store may hold of a record whose head is absent (the attribute-per-key
     * layout's items); nothing to do in the monolithic layout.
     */
    public void deleteRemains(KvTransaction kv, byte[] key) {
    }

    /**
     * Changes of one field that write only its items, where the layout stores fields apart (the
     * attribute-per-key layout); empty where a record is one value, which a change rewrites whole.
     */
    public Optional<FieldChanges<E>> fieldChanges() {
        return Optional.empty();
    }

    /**
     * A record as read for a write.
     *
     * @param key the record key
     * @param entity the decoded entity
     * @param value the stored value (monolithic layout), or null
     * @param items the record's items in key order, head first (attribute-per-key layout), or null
     * @param <E> the entity type
     */
    public record Stored<E>(byte[] key, E entity, byte[] value, List<KeyValue> items) {
    }
}
