package io.kvmapper;

import io.kvmapper.index.KeyLayout;
import io.kvmapper.index.SchemaKinds;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Copies every item of one store into another, empty one: how a store moves from one backend to another,
 * such as from embedded RocksDB to Cassandra. Records, index entries, counters, multimaps and the stored
 * schema all go along, so the repositories work on the copy at once, with every index and counter ready.
 *
 * <pre>{@code
 * try (KvStore rocks = RocksKvStore.open(dir); KvStore cassandra = CassandraKvStore.open(session, "shop")) {
 *     StoreCopy.Result copied = new StoreCopy().copy(rocks, cassandra);
 * }
 * }</pre>
 *
 * <ul>
 *   <li>The source is read with one streamed scan, never whole; the target is written in bounded batches
 *       ({@link #batchItems}, {@link #batchBytes}), each a unit of work of its own, small enough for
 *       Cassandra's default batch size limit.</li>
 *   <li>Counters ({@link #counterKeys}) are written with read-free adds, as the backends keep them
 *       (Cassandra in its counter table); a counter at zero, which reads as absent, is not copied.</li>
 *   <li>Nothing may write to the source meanwhile: the copy is of the store as the scan meets it. A build of
 *       an index or counter still under way (or a drop) is refused before anything is written: its cursor
 *       is a position in the source's scan order, which another backend does not share. Let it finish first
 *       ({@link KvStore#awaitSchemaBuilds}).</li>
 *   <li>The target must hold nothing, so that counters add up to the source's values.</li>
 * </ul>
 *
 * <p>A copy cut short (the target failed) leaves the target holding part of the source: empty it before
 * trying again. Run each entity's {@code verify()} on the target to check the result. Not thread-safe; one
 * instance may run several copies, one after another.
 */
public final class StoreCopy {
    /** The default most items per batch: {@value}. */
    public static final int DEFAULT_BATCH_ITEMS = 200;
    /** The default most key and value bytes per batch: {@value}, below Cassandra's 50 KiB default limit. */
    public static final int DEFAULT_BATCH_BYTES = 32 * 1024;
    /** The stored states of an index or counter that no build, clearing or drop is working on. */
    private static final Set<String> SETTLED = Set.of("READY", "FAILED");
    private static final String TASK = "copying the store";

    private int batchItems = DEFAULT_BATCH_ITEMS;
    private int batchBytes = DEFAULT_BATCH_BYTES;
    private Predicate<byte[]> counterKeys = kvMapperCounters();
    private ProgressListener listener = progress -> { };

    /** A copy with the default settings. */
    public StoreCopy() {
    }

    /**
     * The most items one batch writes. Default {@value #DEFAULT_BATCH_ITEMS}.
     *
     * @throws IllegalArgumentException if not positive
     */
    public StoreCopy batchItems(int items) {
        if (items <= 0) {
            throw new IllegalArgumentException("batchItems must be positive, was " + items);
        }
        this.batchItems = items;
        return this;
    }

    /**
     * The most key and value bytes one batch writes (a larger single item goes alone). Default
     * {@value #DEFAULT_BATCH_BYTES}: below Cassandra's default {@code batch_size_fail_threshold}; raise it
     * with that setting.
     *
     * @throws IllegalArgumentException if not positive
     */
    public StoreCopy batchBytes(int bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("batchBytes must be positive, was " + bytes);
        }
        this.batchBytes = bytes;
        return this;
    }

    /**
     * Which keys hold counters, copied with adds. Default {@link #kvMapperCounters()}: where the
     * repositories and multimaps keep them.
     */
    public StoreCopy counterKeys(Predicate<byte[]> keys) {
        this.counterKeys = Objects.requireNonNull(keys, "keys");
        return this;
    }

    /** Receives a report after each batch, and one at the end. */
    public StoreCopy progress(ProgressListener progress) {
        this.listener = Objects.requireNonNull(progress, "progress");
        return this;
    }

    /**
     * The counter keys of KV Mapper's layout: an entity's counter groups {@code ((entity, "c", counter), ...)}
     * and multimap counts {@code (("$multimap", name, key), value)}.
     */
    public static Predicate<byte[]> kvMapperCounters() {
        return key -> {
            List<Object> partition = partitionOf(key);
            if (partition == null || partition.isEmpty()) {
                return false;
            }
            return Multimap.SPACE.equals(partition.get(0))
                    || partition.size() == 3 && KeyLayout.COUNTERS.equals(partition.get(1));
        };
    }

    /**
     * Copies every item of {@code source} into {@code target}.
     *
     * @return what was copied
     * @throws InvalidRequestException if the target holds anything, or the source has a build, clearing or
     *     drop under way; nothing was written then
     * @throws CorruptDataException if a counter key holds a value that is not a counter
     */
    public Result copy(KvStore source, KvStore target) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        if (source == target || source.backend() == target.backend()) {
            throw new InvalidRequestException("a store cannot be copied into itself");
        }
        requireEmpty(target);
        requireSettled(source);
        long items = 0;
        long counters = 0;
        long batches = 0;
        List<KeyValue> batch = new ArrayList<>(batchItems);
        int bytes = 0;
        try (KvCursor cursor = source.backend().scan(everything(), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                int size = item.key().length + item.value().length;
                if (!batch.isEmpty() && (batch.size() == batchItems || bytes + size > batchBytes)) {
                    counters += write(target, batch);
                    items += batch.size();
                    batches++;
                    listener.onProgress(new Progress("*", TASK, items, false, ""));
                    batch.clear();
                    bytes = 0;
                }
                batch.add(item);
                bytes += size;
            }
        }
        if (!batch.isEmpty()) {
            counters += write(target, batch);
            items += batch.size();
            batches++;
        }
        Result result = new Result(items, counters, batches);
        listener.onProgress(new Progress("*", TASK, items, true, "done: " + result));
        return result;
    }

    /** What a copy wrote. */
    public record Result(long items, long counters, long batches) {
        /**
         * @param items how many items were read from the source (counters at zero among them)
         * @param counters how many of them were counters, written with adds
         * @param batches how many units of work wrote them
         */
        public Result {
        }
    }

    /** Writes one batch; how many counters it held. */
    private int write(KvStore target, List<KeyValue> batch) {
        return target.transact((Transaction tx) -> {
            int counters = 0;
            for (KeyValue item : batch) {
                if (counterKeys.test(item.key())) {
                    counters++;
                    long value = Counters.decode(item.key(), item.value());
                    if (value != 0) {
                        tx.kv().add(item.key(), value);
                    }
                } else {
                    tx.kv().put(item.key(), item.value());
                }
            }
            return counters;
        });
    }

    private static void requireEmpty(KvStore target) {
        try (KvCursor cursor = target.backend().scan(everything(), ScanOptions.FORWARD.withLimit(1))) {
            if (cursor.hasNext()) {
                throw new InvalidRequestException("the target store is not empty (it holds "
                        + Tuples.toString(cursor.next().key()) + "); copy into an empty store");
            }
        }
    }

    /** Refuses a source with an index or counter build, clearing or drop under way. */
    private static void requireSettled(KvStore source) {
        try (KvCursor cursor = source.backend().scan(everything(), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                List<Object> partition = partitionOf(item.key());
                if (partition == null || partition.size() != 2 || !KeyLayout.META.equals(partition.get(1))) {
                    continue;
                }
                List<Object> key = Tuples.decode(item.key());
                String kind = String.valueOf(key.get(1));
                if (!kind.equals(SchemaKinds.INDEX) && !kind.equals(SchemaKinds.COUNTER)) {
                    continue; // a build's cursor, fence or duplicates: its component's state says whether it runs
                }
                String state = String.valueOf(Tuples.decode(item.value()).get(1));
                if (!SETTLED.contains(state)) {
                    throw new InvalidRequestException(partition.get(0) + ": the " + kind + " '" + key.get(2) + "' is "
                            + state + " in the source store; open the store with the entity's repositories and let"
                            + " that finish (KvStore.awaitSchemaBuilds) before copying it");
                }
            }
        }
    }

    /** The first element of a key as a decoded nested tuple, or null if it is none. */
    private static List<Object> partitionOf(byte[] key) {
        if (key.length == 0 || key[0] != 0x05) {
            return null;
        }
        try {
            Object first = Tuples.decode(key, 0, Tuples.partitionLength(key)).get(0);
            return first instanceof List<?> nested ? new ArrayList<Object>(nested) : null;
        } catch (RuntimeException notATuple) {
            return null;
        }
    }

    /** Every key a store can hold: tuple keys never start with 0xFF. */
    private static KeyRange everything() {
        return new KeyRange(new byte[0], new byte[] {(byte) 0xFF});
    }
}
