package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchType;
import io.kvmapper.KvMapperException;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Cassandra as a transaction's parts see it ({@link CommitStore}), without a node: it records each request they
 * make, as a line of CQL-like text, in the order made, and answers from what the test set up (the data cells that
 * lightweight transactions compare, a counter table, the stored partitions), or with a failure the test scripted
 * for a request. Its clock starts at 100.
 */
final class FakeCassandra implements CommitStore {
    static final String WHERE = "Cassandra table ks.kv";
    /** What {@link CassandraBackend#failure} does with a failure, for an open store. */
    static final Failures FAILURES = (what, e) -> e instanceof KvMapperException known ? known
            : CassandraErrors.storage(WHERE, what, e);

    /** A batch sent. */
    record Sent(BatchType type, List<CqlWrite> writes, boolean idempotent) {
    }

    private final List<String> requests = new ArrayList<>();
    private final Map<ByteBuffer, byte[]> cells = new HashMap<>();
    private final Set<ByteBuffer> chunked = new HashSet<>();
    private final FakeCounterTable counters = new FakeCounterTable(requests);
    private final List<byte[]> storedPartitions = new ArrayList<>();
    private final List<Sent> sent = new ArrayList<>();
    private final Map<String, RuntimeException> failures = new LinkedHashMap<>();
    private final Map<String, Runnable> afterwards = new LinkedHashMap<>();
    private long clock = 100;

    /** The requests made so far, oldest first. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    /** The batches sent, oldest first. */
    List<Sent> sent() {
        return List.copyOf(sent);
    }

    /** Sets what the key's data cell holds ({@code null}: absent), as another writer would. */
    void store(byte[] key, byte[] value) {
        if (value == null) {
            cells.remove(ByteBuffer.wrap(key));
        } else {
            cells.put(ByteBuffer.wrap(key.clone()), value.clone());
        }
    }

    /** Makes the key a row without a value in its data cell: a value stored as chunks. */
    void storeChunked(byte[] key) {
        chunked.add(ByteBuffer.wrap(key));
    }

    /** The key's data cell, as the lightweight transactions left it. */
    byte[] stored(byte[] key) {
        byte[] value = cells.get(ByteBuffer.wrap(key));
        return value == null ? null : value.clone();
    }

    /** The counter table, whose reads are recorded with the other requests. */
    FakeCounterTable counters() {
        return counters;
    }

    /** Sets the stored partitions that a listing returns, in that order. */
    void storedPartitions(byte[]... stored) {
        storedPartitions.addAll(Arrays.asList(stored));
    }

    /** Makes the next request described by {@code request} fail with {@code failure} (once), after it is recorded. */
    void failOn(String request, RuntimeException failure) {
        failures.put(request, failure);
    }

    /** Runs {@code action} once, just after the request described by {@code request} is answered. */
    void after(String request, Runnable action) {
        afterwards.put(request, action);
    }

    @Override
    public Insert insertIfAbsent(byte[] key, byte[] value) {
        String request = record("INSERT " + show(key) + " = " + show(value) + " IF NOT EXISTS");
        ByteBuffer cell = ByteBuffer.wrap(key);
        Insert insert;
        if (chunked.contains(cell)) {
            insert = new Insert(false, null);
        } else if (cells.containsKey(cell)) {
            insert = new Insert(false, cells.get(cell).clone());
        } else {
            cells.put(ByteBuffer.wrap(key.clone()), value.clone());
            insert = new Insert(true, null);
        }
        answered(request);
        return insert;
    }

    @Override
    public boolean compareAndSet(byte[] key, byte[] expected, byte[] value) {
        String request;
        if (expected == null && value == null) {
            request = record("SERIAL READ " + show(key));
        } else if (expected == null) {
            request = record("INSERT " + show(key) + " = " + show(value) + " IF NOT EXISTS");
        } else if (value == null) {
            request = record("DELETE " + show(key) + " IF value = " + show(expected));
        } else {
            request = record("UPDATE " + show(key) + " = " + show(value) + " IF value = " + show(expected));
        }
        ByteBuffer cell = ByteBuffer.wrap(key.clone());
        boolean applied = !chunked.contains(cell) && Arrays.equals(cells.get(cell), expected);
        if (applied && value == null) {
            cells.remove(cell);
        } else if (applied) {
            cells.put(cell, value.clone());
        }
        answered(request);
        return applied;
    }

    @Override
    public List<List<ReplacedCounters.CounterRow>> counterRows(List<ReplacedCounters.KeysQuery> queries) {
        List<List<ReplacedCounters.CounterRow>> rows = counters.counterRows(queries);
        failIfScripted(requests.get(requests.size() - 1));
        return rows;
    }

    @Override
    public List<ReplacedCounters.CounterRow> counterRowsIn(PartitionRange range, byte[] stored) {
        List<ReplacedCounters.CounterRow> rows = counters.counterRowsIn(range, stored);
        failIfScripted(requests.get(requests.size() - 1));
        return rows;
    }

    @Override
    public long nextTimestamps() {
        long first = clock;
        clock += 2;
        return first;
    }

    @Override
    public Iterator<byte[]> storedPartitions() {
        answered(record("LIST PARTITIONS"));
        return List.copyOf(storedPartitions).iterator();
    }

    @Override
    public Request bind(List<CqlWrite> writes, BatchType type, boolean idempotent) {
        List<CqlWrite> bound = List.copyOf(writes);
        return () -> {
            String request = record(type + " batch of " + bound.size() + (idempotent ? "" : ", not idempotent"));
            sent.add(new Sent(type, bound, idempotent));
            answered(request);
        };
    }

    @Override
    public byte[] get(byte[] key) {
        String request = record("GET " + show(key));
        byte[] value = stored(key);
        answered(request);
        return value;
    }

    private String record(String request) {
        requests.add(request);
        failIfScripted(request);
        return request;
    }

    private void failIfScripted(String request) {
        RuntimeException failure = failures.remove(request);
        if (failure != null) {
            throw failure;
        }
    }

    private void answered(String request) {
        Runnable action = afterwards.remove(request);
        if (action != null) {
            action.run();
        }
    }

    /** A key or value as the requests show it: as a tuple ({@link Tuples#toString}). */
    static String show(byte[] bytes) {
        return Tuples.toString(bytes);
    }
}
