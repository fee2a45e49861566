package io.kvmapper.internal.maintenance;

import io.kvmapper.CorruptDataException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.Progress;
import io.kvmapper.ProgressListener;
import io.kvmapper.internal.index.CheckContext;
import io.kvmapper.internal.index.ComponentCheck;
import io.kvmapper.internal.index.ComponentMaintainer;
import io.kvmapper.internal.index.ComponentStates;
import io.kvmapper.internal.index.EntityMaintainers;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.record.RecordCursor;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Recomputes every ready index entry and counter of one entity from its records and compares them with what
 * is stored, in streamed passes of bounded batches: one over the records, which each component's check
 * ({@link ComponentMaintainer#check}) notes, finding missing index entries and recounting the counters; then
 * one over each component's own items, finding orphaned entries and drifted, missing and orphaned groups.
 * With repair on, each batch's fixes commit in one transaction that re-reads the records it fixes, so a fix
 * never undoes a concurrent write.
 *
 * <p>Memory: one batch of records or entries, plus one number per counter group. Checks run over
 * committed data while the store keeps serving; a write racing with the check can show up as a problem
 * that a second run no longer reports. Counter repairs set each drifted group to the recount, so run
 * {@code repair()} when no writer changes the entity if counters drifted. Unique entries are repaired
 * through claims ({@link KvTransaction#claim}, {@link KvTransaction#release},
 * {@link KvTransaction#writeIfUnchanged}), never plain writes, so a repair cannot give a value to two
 * records; on a backend without conflict detection, a claim a writer has just made for a record it has
 * not committed yet looks orphaned, so there too repair while writers are quiet.
 *
 * @param <E> the entity type
 */
public final class IntegrityChecker<E> implements CheckContext<E> {
    private final KvStoreImpl store;
    private final RecordLayout<E> records;
    private final KeyLayout layout;
    private final List<ComponentCheck<E>> checks = new ArrayList<>();
    private final boolean repair;
    private final ProgressListener listener;
    private final String task;

    private final List<String> problems = new ArrayList<>();
    private long problemCount;
    private int repaired;
    private long recordsChecked;
    private long undecodable;
    private KvReader snapshot;

    /**
     * A checker of the ready indexes and counters of an entity.
     *
     * @param repair whether to fix what it finds
     */
    public IntegrityChecker(KvStoreImpl store, RecordLayout<E> records, KeyLayout layout,
            EntityMaintainers<E> maintainers, boolean repair, ProgressListener listener) {
        this.store = store;
        this.records = records;
        this.layout = layout;
        this.repair = repair;
        this.listener = listener;
        this.task = repair ? "repairing" : "verifying";
        for (ComponentMaintainer<E> maintainer : maintainers.all()) {
            if (maintainer.state() == ComponentStates.State.READY) {
                checks.add(maintainer.check(this));
            }
        }
    }

    /**
     * Runs the passes: the records, then each component's items. Where the backend reads from snapshots, the
     * records and the counters are read at one snapshot taken now ({@link #snapshot()}), through a transaction
     * that only reads and is never committed.
     */
    public IntegrityReport run() {
        try (KvTransaction reads = store.backend().readsFromSnapshots() ? store.backend().beginTransaction() : null) {
            snapshot = reads != null ? reads : store.backend();
            checkRecords();
            for (ComponentCheck<E> check : checks) {
                check.checkItems();
            }
        }
        listener.onProgress(new Progress(layout.entityName(), task, recordsChecked, true,
                problemCount == 0 ? "clean" : problemCount + (problemCount == 1 ? " problem, " : " problems, ") + repaired
                        + " repaired"));
        return new IntegrityReport(problems, problemCount, repaired, recordsChecked);
    }

    /** Streams every record past every check, in batches; a record that cannot be decoded is a problem. */
    private void checkRecords() {
        int inBatch = 0;
        try (RecordCursor<E> cursor = records.scan(snapshot, layout.records(), 0)) {
            while (cursor.hasNext()) {
                recordsChecked++;
                try {
                    E entity = cursor.next();
                    for (ComponentCheck<E> check : checks) {
                        check.record(cursor.key(), entity);
                    }
                } catch (CorruptDataException e) {
                    undecodable++;
                    report(e.getMessage() + (repair ? "; repair() leaves this record and its index entries alone"
                            : "") + "; deleteById removes a record that cannot be decoded (or restore it), then"
                            + " repair() mends its entries and counters");
                }
                if (++inBatch == BATCH) {
                    endRecordBatch();
                    inBatch = 0;
                }
            }
        }
        if (inBatch > 0) {
            endRecordBatch();
        }
    }

    private void endRecordBatch() {
        for (ComponentCheck<E> check : checks) {
            check.endRecordBatch();
        }
        listener.onProgress(new Progress(layout.entityName(), task, recordsChecked, false, ""));
    }

    @Override
    public RecordLayout<E> records() {
        return records;
    }

    @Override
    public KvReader committed() {
        return store.backend();
    }

    @Override
    public KvReader snapshot() {
        return snapshot;
    }

    @Override
    public void transact(Consumer<KvTransaction> work) {
        store.transactKv(work);
    }

    @Override
    public boolean repairs() {
        return repair;
    }

    @Override
    public void problem(String text) {
        report(layout.entityName() + ": " + text);
    }

    @Override
    public long undecodableRecords() {
        return undecodable;
    }

    @Override
    public void repaired(int count) {
        repaired += count;
    }

    private void report(String text) {
        problemCount++;
        if (problems.size() < IntegrityReport.MAX_LISTED) {
            problems.add(text);
        }
    }
}
