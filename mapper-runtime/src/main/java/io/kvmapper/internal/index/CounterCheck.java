package io.kvmapper.internal.index;

import io.kvmapper.CorruptDataException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
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
 * anything. Memory: one number per group. A repair sets each drifted group to the recount, so it is exact only
 * when no writer changes the entity meanwhile.
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

    /** Every group of the counter must hold the recount; drifted, missing and orphaned groups are problems. */
    @Override
    public void checkItems() {
        byte[] prefix = counter.keys().prefix();
        Map<ByteBuffer, Long> remaining = new HashMap<>(expected);
        List<byte[]> fixKeys = new ArrayList<>();
        List<Long> fixValues = new ArrayList<>();
        List<byte[]> zeroGroups = new ArrayList<>();
        try (KvCursor cursor = context.committed().scan(counter.keys().items(), ScanOptions.FORWARD)) {
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
                    fixKeys.add(item.key());
                    fixValues.add(want);
                    continue;
                }
                if (have != want) {
                    context.problem("counter '" + name + "' group " + Tuples.toString(group) + " holds " + have
                            + ", the records give " + want);
                    fixKeys.add(item.key());
                    fixValues.add(want);
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
            fixKeys.add(key);
            fixValues.add(missing.getValue());
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
        int fixes = fixKeys.size();
        fixKeys.addAll(zeroGroups);
        zeroGroups.forEach(zero -> fixValues.add(0L));
        for (int from = 0; from < fixKeys.size(); from += CheckContext.BATCH) {
            int to = Math.min(fixKeys.size(), from + CheckContext.BATCH);
            int start = from;
            context.transact(kv -> {
                for (int f = start; f < to; f++) {
                    if (fixValues.get(f) == 0) {
                        kv.delete(fixKeys.get(f));
                    } else {
                        kv.put(fixKeys.get(f), Counters.encode(fixValues.get(f)));
                    }
                }
            });
        }
        context.repaired(fixes);
    }
}
