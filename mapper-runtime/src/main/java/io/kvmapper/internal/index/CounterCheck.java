package io.kvmapper.internal.index;

import io.kvmapper.CorruptDataException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The check of one counter: every group must hold the recount of the records, and no other group may hold
 * anything. Memory: one number per group. A repair adds each group's drift, measured at one snapshot, so it is
 * exact while writers keep changing the entity, on a backend that reads from snapshots.
 *
 * @param <E> the entity type
 */
final class CounterCheck<E> implements ComponentCheck<E> {
    private final CounterMaintainer<E> counter;
    private final CheckContext<E> context;
    private final String name;
    /** The recount: the sum of the records' amounts per group key, without the groups that sum to zero. */
    private final Map<ByteBuffer, Long> expected = new HashMap<>();

    CounterCheck(CounterMaintainer<E> counter, CheckContext<E> context) {
        this.counter = counter;
        this.context = context;
        this.name = counter.keys().name();
    }

    @Override
    public void record(byte[] recordKey, E entity) {
        long amount = counter.amountOf(entity);
        if (amount != 0) {
            expected.merge(ByteBuffer.wrap(counter.groupKeyOf(entity)), amount, (a, b) -> a + b == 0 ? null : a + b);
        }
    }

    @Override
    public void endRecordBatch() {
    }

    /**
     * Every group of the counter must hold the recount; drifted, missing and orphaned groups are problems. The
     * groups are read at the snapshot the records were recounted at ({@link CheckContext#snapshot}), so each
     * difference is the group's drift, which writes after the snapshot do not change (each adds its own change
     * to both sides). A repair adds the drift to the group with a read-free add, which commutes with the adds of
     * concurrent writers: the group ends at the recount plus what they changed, exact while they keep writing.
     * A group whose stored bytes are not a counter cannot be added to; it is set to the recount if it still holds
     * the same bytes. Groups left at zero are removed, each after a tracked read that sees zero.
     */
    @Override
    public void checkItems() {
        byte[] prefix = counter.keys().prefix();
        Map<ByteBuffer, Long> remaining = new HashMap<>(expected);
        List<Fix> fixes = new ArrayList<>();
        List<byte[]> zeroGroups = new ArrayList<>();
        try (KvCursor cursor = context.snapshot().scan(counter.keys().items(), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                byte[] group = Arrays.copyOfRange(item.key(), prefix.length, item.key().length);
                Long recount = remaining.remove(ByteBuffer.wrap(item.key()));
                long want = recount == null ? 0 : recount;
                long have;
                try {
                    have = Counters.decode(item.key(), item.value());
                } catch (CorruptDataException e) {
                    context.problem("counter '" + name + "': " + e.getMessage());
                    fixes.add(new Fix(item.key(), want, 0, item.value()));
                    continue;
                }
                if (have != want) {
                    context.problem("counter '" + name + "' group " + Tuples.toString(group) + " holds " + have
                            + ", the records give " + want);
                    fixes.add(new Fix(item.key(), want, have, null));
                } else if (have == 0) {
                    // a group two concurrent writes brought to zero: it reads as absent; repair tidies it away
                    zeroGroups.add(item.key());
                }
            }
        }
        for (Map.Entry<ByteBuffer, Long> missing : remaining.entrySet()) {
            byte[] key = missing.getKey().array();
            context.problem("counter '" + name + "' has no group "
                    + Tuples.toString(Arrays.copyOfRange(key, prefix.length, key.length)) + ", the records give "
                    + missing.getValue());
            fixes.add(new Fix(key, missing.getValue(), 0, null));
        }
        if (context.undecodableRecords() > 0) {
            // the recount misses what those records count: setting groups to it would lower them wrongly
            context.problem("counter '" + name + "' is not exact: the recount leaves out "
                    + context.undecodableRecords() + " record(s) that cannot be decoded"
                    + (context.repairs() ? ", so repair() leaves it as it is" : "")
                    + "; delete or restore them, then repair() again");
            return;
        }
        if (!context.repairs()) {
            return;
        }
        for (int from = 0; from < fixes.size(); from += CheckContext.BATCH) {
            List<Fix> batch = fixes.subList(from, Math.min(fixes.size(), from + CheckContext.BATCH));
            context.transact(kv -> batch.forEach(fix -> fix.apply(kv)));
        }
        for (Fix fix : fixes) {
            if (fix.want() == 0) {
                zeroGroups.add(fix.key());
            }
        }
        for (int from = 0; from < zeroGroups.size(); from += CheckContext.BATCH) {
            List<byte[]> batch = zeroGroups.subList(from, Math.min(zeroGroups.size(), from + CheckContext.BATCH));
            context.transact(kv -> batch.forEach(group -> removeIfZero(kv, group)));
        }
        context.repaired(fixes.size());
    }

    /** Removes a group that holds zero, read with conflict tracking so that a concurrent add makes it retry. */
    private static void removeIfZero(KvTransaction kv, byte[] group) {
        byte[] value = kv.get(group);
        if (value != null && value.length == Counters.SIZE && Counters.decode(group, value) == 0) {
            kv.delete(group);
        }
    }

    /**
     * The fix of one group: add {@code want - have}, or, where the group's bytes ({@code corrupt}) are not a
     * counter, replace them with {@code want} if they are still there.
     */
    private record Fix(byte[] key, long want, long have, byte[] corrupt) {
        void apply(KvTransaction kv) {
            if (corrupt == null) {
                kv.add(key, want - have);
            } else if (Arrays.equals(kv.get(key), corrupt)) {
                kv.put(key, Counters.encode(want));
            }
        }
    }
}
