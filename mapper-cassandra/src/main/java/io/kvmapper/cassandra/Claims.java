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
 * {@code DELETE ... IF value = ?}, unless the transaction commits. A claim whose request failed in a way that
 * may have applied it (a timeout) is withdrawn too; one the cluster refused outright (a role without
 * {@code MODIFY}, an invalid request) was never made, so there is nothing to withdraw, nor to warn about.
 */
final class Claims {
    /** Named for the transaction, under whose name a failed withdrawal has always been logged. */
    private static final System.Logger LOG = System.getLogger(CassandraTransaction.class.getName());

    private final String where;
    private final LightweightWrites lightweight;
    private final Failures failures;
    /** The claims made, or perhaps made, in the order made, by key. */
    private final Map<ByteBuffer, Claim> made = new LinkedHashMap<>();

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
     * @throws io.kvmapper.KvMapperException if the request failed; unless the cluster refused it outright, the
     *     claim may have been made then, so it is withdrawn with the others
     */
    byte[] claim(byte[] key, byte[] value) {
        ByteBuffer claimed = ByteBuffer.wrap(key.clone());
        LightweightWrites.Insert insert;
        try {
            insert = lightweight.insertIfAbsent(key, value);
        } catch (RuntimeException e) {
            if (!CassandraErrors.definitelyNotApplied(e)) {
                // the claim may have been made (a timeout): withdraw it with the others, if the transaction fails
                made.put(claimed, new Claim(value.clone(), false));
            }
            throw failures.of("claim of key " + Tuples.toString(key), e);
        }
        if (insert.applied()) {
            made.put(claimed, new Claim(value.clone(), true));
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
     * that fails leaves an orphaned claim (if the claim was made), which only keeps its key taken: it is added to
     * {@code failure} when there is one, else logged.
     *
     * @param failure why the transaction ends without committing, or {@code null} when it is closed
     */
    void withdrawAll(RuntimeException failure) {
        if (made.isEmpty()) {
            return;
        }
        for (Map.Entry<ByteBuffer, Claim> claim : made.entrySet()) {
            byte[] key = claim.getKey().array();
            try {
                lightweight.compareAndSet(key, claim.getValue().holder(), null);
            } catch (RuntimeException e) {
                String what = where + ": could not withdraw the claim on key " + Tuples.toString(key)
                        + " of a transaction that did not commit; " + (claim.getValue().certain()
                                ? "it keeps the key taken until repair() releases it"
                                : "the claim had failed in a way that may have applied it (a timeout, say), and if"
                                        + " it was applied, it keeps the key taken until repair() releases it");
                if (failure != null) {
                    failure.addSuppressed(new StorageException(what, e, false));
                } else {
                    LOG.log(System.Logger.Level.WARNING, what, e);
                }
            }
        }
        made.clear();
    }

    /**
     * A claim of this transaction.
     *
     * @param holder the value written under the key
     * @param certain whether the claim was made; false when its request failed in a way that may have applied it
     */
    private record Claim(byte[] holder, boolean certain) {
    }
}
