package io.kvmapper.cassandra;

import io.kvmapper.KvMapperException;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Cassandra as the transaction's parts see it, without a node: it records each request they make, as a line of
 * CQL-like text, and answers from cells the test sets (the data cells that lightweight transactions compare),
 * or with a failure the test scripts for a request.
 */
final class FakeCassandra implements LightweightWrites {
    static final String WHERE = "Cassandra table ks.kv";
    /** What {@link CassandraBackend#failure} does with a failure, for an open store. */
    static final Failures FAILURES = (what, e) -> e instanceof KvMapperException known ? known
            : CassandraErrors.storage(WHERE, what, e);

    private final List<String> requests = new ArrayList<>();
    private final Map<ByteBuffer, byte[]> cells = new HashMap<>();
    private final Set<ByteBuffer> chunked = new HashSet<>();
    private final Map<String, RuntimeException> failures = new LinkedHashMap<>();

    /** The requests made so far, oldest first. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    /** Sets what the key's data cell holds ({@code null}: absent), as another writer would. */
    void store(byte[] key, byte[] value) {
        if (value == null) {
            cells.remove(ByteBuffer.wrap(key));
        } else {
            cells.put(ByteBuffer.wrap(key), value.clone());
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

    /** Makes the next request described by {@code request} fail with {@code failure} (once), after it is recorded. */
    void failOn(String request, RuntimeException failure) {
        failures.put(request, failure);
    }

    @Override
    public Insert insertIfAbsent(byte[] key, byte[] value) {
        record("INSERT " + show(key) + " = " + show(value) + " IF NOT EXISTS");
        ByteBuffer cell = ByteBuffer.wrap(key);
        if (chunked.contains(cell)) {
            return new Insert(false, null);
        }
        if (cells.containsKey(cell)) {
            return new Insert(false, cells.get(cell).clone());
        }
        cells.put(ByteBuffer.wrap(key.clone()), value.clone());
        return new Insert(true, null);
    }

    @Override
    public boolean compareAndSet(byte[] key, byte[] expected, byte[] value) {
        if (expected == null && value == null) {
            record("SERIAL READ " + show(key));
        } else if (expected == null) {
            record("INSERT " + show(key) + " = " + show(value) + " IF NOT EXISTS");
        } else if (value == null) {
            record("DELETE " + show(key) + " IF value = " + show(expected));
        } else {
            record("UPDATE " + show(key) + " = " + show(value) + " IF value = " + show(expected));
        }
        ByteBuffer cell = ByteBuffer.wrap(key.clone());
        if (chunked.contains(cell) || !Arrays.equals(cells.get(cell), expected)) {
            return false;
        }
        if (value == null) {
            cells.remove(cell);
        } else {
            cells.put(cell, value.clone());
        }
        return true;
    }

    private void record(String request) {
        requests.add(request);
        RuntimeException failure = failures.remove(request);
        if (failure != null) {
            throw failure;
        }
    }

    /** A key or value as the requests show it: as a tuple ({@link Tuples#toString}). */
    static String show(byte[] bytes) {
        return Tuples.toString(bytes);
    }
}
