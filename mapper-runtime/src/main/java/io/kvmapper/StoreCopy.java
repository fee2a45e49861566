package io.kvmapper;

/**
 * Copies every item of one store into another, empty one: how a store moves from one backend to another,
 * such as from embedded RocksDB to Cassandra. Records, index entries, counters, expiry indexes, multimaps and the
 * stored schema all go along, so the repositories work on the copy at once, with every index and counter ready.
 * Change feeds do not: their changes are keyed by the source backend's commit stamps, which the target's own
 * commits would not sort after, so the target's feeds start empty and their consumers start from them afresh.
 * Obtain one from the source with {@link KvStore#copy()}:
 *
 * <pre>{@code
 * try (KvStore rocks = RocksKvStore.open(dir); KvStore cassandra = CassandraKvStore.open(session, "shop")) {
 *     StoreCopy.Result copied = rocks.copy().progress(System.out::println).to(cassandra);
 * }
 * }</pre>
 *
 * <ul>
 *   <li>The source is read with one streamed scan, never whole; the target is written in bounded batches
 *       ({@link #batchItems}, {@link #batchBytes}), each a unit of work of its own, small enough for
 *       Cassandra's default batch size limit.</li>
 *   <li>Counters are written with read-free adds, as the backends keep them (Cassandra in its counter
 *       table); a counter at zero, which reads as absent, is not copied.</li>
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
public interface StoreCopy {
    /** The default most items per batch: {@value}. */
    int DEFAULT_BATCH_ITEMS = 200;
    /** The default most key and value bytes per batch: {@value}, below Cassandra's 50 KiB default limit. */
    int DEFAULT_BATCH_BYTES = 32 * 1024;

    /**
     * The most items one batch writes. Default {@value #DEFAULT_BATCH_ITEMS}.
     *
     * @throws InvalidRequestException if not positive
     */
    StoreCopy batchItems(int items);

    /**
     * The most key and value bytes one batch writes (a larger single item goes alone). Default
     * {@value #DEFAULT_BATCH_BYTES}: below Cassandra's default {@code batch_size_fail_threshold}; raise it
     * with that setting.
     *
     * @throws InvalidRequestException if not positive
     */
    StoreCopy batchBytes(int bytes);

    /** Receives a report after each batch, and one at the end. */
    StoreCopy progress(ProgressListener listener);

    /**
     * Copies every item of the source store into {@code target}.
     *
     * @return what was copied
     * @throws InvalidRequestException if the target holds anything, is the source, or the source has a build,
     *     clearing or drop under way; nothing was written then
     * @throws CorruptDataException if a counter key holds a value that is not a counter
     */
    Result to(KvStore target);

    /**
     * What a copy wrote.
     *
     * @param items how many items were read from the source (counters at zero among them)
     * @param counters how many of them were counters, written with adds
     * @param batches how many units of work wrote them
     */
    record Result(long items, long counters, long batches) {
    }
}
