package io.kvmapper.internal.index;

import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import java.util.function.Consumer;

/**
 * What a {@link ComponentCheck} needs from the integrity check that runs it: the records, committed reads,
 * units of work for repairs, and where problems are reported.
 *
 * @param <E> the entity type
 */
public interface CheckContext<E> {
    /** How many records or items a batch holds. */
    int BATCH = 500;

    /** The entity's records, in its layout. */
    RecordLayout<E> records();

    /** Reads of committed data, outside any transaction. */
    KvReader committed();

    /**
     * Reads at the one snapshot the pass over the records reads (scans only: it is a transaction that is never
     * committed, and its scans are not conflict-checked), so that a recount and the stored items it is compared
     * with are of one moment however writers change the entity meanwhile; {@link #committed()} where the
     * backend has no snapshots.
     */
    KvReader snapshot();

    /** Runs {@code work} as one unit of work, retried on conflict. */
    void transact(Consumer<KvTransaction> work);

    /** Whether to fix what the check finds. */
    boolean repairs();

    /** Reports a problem; {@code text} says what is wrong, after the entity name. */
    void problem(String text);

    /** Counts {@code count} problems as repaired. */
    void repaired(int count);

    /**
     * How many records the pass over the records could not decode (valid once it is over): what they hold is
     * unknown, so a recount leaves them out.
     */
    long undecodableRecords();
}
