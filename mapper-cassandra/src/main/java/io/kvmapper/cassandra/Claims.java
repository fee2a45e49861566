package io.kvmapper.cassandra;

import io.kvmapper.StorageException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The claims of one transaction ({@link CassandraTransaction#claim}): each made at once, as a lightweight
 * transaction, so that of two transactions claiming one key exactly one gets it; each withdrawn, with
 * {@code DELETE ... IF value = ?}, unless the transaction commits.
 */
final class Claims {
    /** Named for the transaction, under whose name a failed withdrawal has always been logged. */
    private static final System.Logger LOG = System.getLogger(CassandraTransaction.class.getName());

    private final String where;
    private final LightweightWrites lightweight;
    private final Failures failures;
    /** The claims made, in the order made: the holder written under each key. */
    private final Map<ByteBuffer, byte[]> made = new LinkedHashMap<>();

    Claims(String where, LightweightWrites lightweight, Failures failures) {
        this.where = where;
        this.lightweight = lightweight;
        this.failures = failures;
    }

    /**
     * Claims {@code key} for {@code value} ({@code INSERT ... IF NOT EXISTS}).
     *
     * @return {@code null} if the key is now held by {@code value}, else its holder
     * @throws io.kvmapper.InvalidRequestException if the key holds a value stored as chunks, which only a plain
     *     put writes
     * @throws io.kvmapper.KvMapperException if the request failed; the claim may have been made then, so it is
     *     withdrawn with the others
     */
    byte[] claim(byte[] key, byte[] value) {
        ByteBuffer claimed = ByteBuffer.wrap(key.clone());
        LightweightWrites.Insert insert;
        try {
            insert = lightweight.insertIfAbsent(key, value);
        } catch (RuntimeException e) {
            // the claim may have been made (a timeout): withdraw it with the others, if the transaction fails
            made.put(claimed, value.clone());
            throw failures.of("claim of key " + Tuples.toString(key), e);
        }
        if (insert.applied()) {
            made.put(claimed, value.clone());
            return null;
        }
        byte[] holder = insert.holder();
        if (holder == null) {
            // a row without a value: one stored as chunks, which only a plain put writes
            throw WriteSet.mixed(where, key, "claim", "put");
        }
        return Arrays.equals(holder, value) ? null : holder;
    }

    /** Whether this transaction claimed {@code key}. */
    boolean contains(byte[] key) {
        return !made.isEmpty() && made.containsKey(ByteBuffer.wrap(key));
    }

    /** The first key claimed (in the order claimed) that lies in {@code range}, or {@code null}. */
    byte[] firstIn(KeyRange range) {
        for (ByteBuffer claimed : made.keySet()) {
            if (range.contains(claimed.array())) {
                return claimed.array();
            }
        }
        return null;
    }

    /**
     * Withdraws every claim made, each with {@code DELETE ... IF value = ?}, and forgets them. A withdrawal
     * that fails leaves an orphaned claim, which only keeps its key taken: it is added to {@code failure} when
     * there is one, else logged.
     *
     * @param failure why the transaction ends without committing, or {@code null} when it is closed
     */
    void withdrawAll(RuntimeException failure) {
        if (made.isEmpty()) {
            return;
        }
        for (Map.Entry<ByteBuffer, byte[]> claim : made.entrySet()) {
            byte[] key = claim.getKey().array();
            try {
                lightweight.compareAndSet(key, claim.getValue(), null);
            } catch (RuntimeException e) {
                String what = where + ": could not withdraw the claim on key " + Tuples.toString(key)
                        + " of a transaction that did not commit; it keeps the key taken until repair() releases it";
                if (failure != null) {
                    failure.addSuppressed(new StorageException(what, e, false));
                } else {
                    LOG.log(System.Logger.Level.WARNING, what, e);
                }
            }
        }
        made.clear();
    }
}
