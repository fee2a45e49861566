package io.kvmapper.internal.store;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Progress;
import io.kvmapper.ProgressListener;
import io.kvmapper.StoreCopy;
import io.kvmapper.internal.layout.Area;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The one implementation of {@link StoreCopy}: a streamed scan of the source, written to the target in bounded
 * batches, counters (as {@link Area#isCounterKey} tells them) with adds. Change feeds ({@link Area#FEED}) are not
 * copied: their keys hold the source backend's commit stamps, which the target's own commits would not sort after,
 * so the target's feeds start empty.
 */
final class StoreCopier implements StoreCopy {
    private static final String TASK = "copying the store";

    private final KvStoreImpl source;
    private int batchItems = DEFAULT_BATCH_ITEMS;
    private int batchBytes = DEFAULT_BATCH_BYTES;
    private ProgressListener listener = ProgressListener.none();

    StoreCopier(KvStoreImpl source) {
        this.source = source;
    }

    @Override
    public StoreCopy batchItems(int items) {
        if (items <= 0) {
            throw new InvalidRequestException("batchItems must be positive, was " + items);
        }
        this.batchItems = items;
        return this;
    }

    @Override
    public StoreCopy batchBytes(int bytes) {
        if (bytes <= 0) {
            throw new InvalidRequestException("batchBytes must be positive, was " + bytes);
        }
        this.batchBytes = bytes;
        return this;
    }

    @Override
    public StoreCopy progress(ProgressListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
        return this;
    }

    @Override
    public Result to(KvStore target) {
        KvStoreImpl into = KvStoreImpl.of(Objects.requireNonNull(target, "target"));
        if (into == source || into.backend() == source.backend()) {
            throw new InvalidRequestException("a store cannot be copied into itself");
        }
        requireEmpty(into);
        requireSettled(source);
        long items = 0;
        long counters = 0;
        long batches = 0;
        List<KeyValue> batch = new ArrayList<>(batchItems);
        int bytes = 0;
        try (KvCursor cursor = source.backend().scan(everything(), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                if (Area.ofKey(item.key()) == Area.FEED) {
                    continue;
                }
                int size = item.key().length + item.value().length;
                if (!batch.isEmpty() && (batch.size() == batchItems || bytes + size > batchBytes)) {
                    counters += write(into, batch);
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
            counters += write(into, batch);
            items += batch.size();
            batches++;
        }
        Result result = new Result(items, counters, batches);
        listener.onProgress(new Progress("*", TASK, items, true, "done: " + result));
        return result;
    }

    /** Writes one batch; how many counters it held. */
    private int write(KvStoreImpl target, List<KeyValue> batch) {
        return target.transactKvResult(kv -> {
            int counters = 0;
            for (KeyValue item : batch) {
                if (Area.isCounterKey(item.key())) {
                    counters++;
                    long value = Counters.decode(item.key(), item.value());
                    if (value != 0) {
                        kv.add(item.key(), value);
                    }
                } else {
                    kv.put(item.key(), item.value());
                }
            }
            return counters;
        });
    }

    private static void requireEmpty(KvStoreImpl target) {
        try (KvCursor cursor = target.backend().scan(everything(), ScanOptions.FORWARD.withLimit(1))) {
            if (cursor.hasNext()) {
                throw new InvalidRequestException("the target store is not empty (it holds "
                        + Tuples.toString(cursor.next().key()) + "); copy into an empty store");
            }
        }
    }

    /** Refuses a source with an index or counter build, clearing or drop under way. */
    private static void requireSettled(KvStoreImpl source) {
        try (KvCursor cursor = source.backend().scan(everything(), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                if (Area.ofKey(item.key()) != Area.META) {
                    continue;
                }
                List<Object> key = Tuples.decode(item.key());
                List<?> partition = (List<?>) key.get(0);
                String kind = String.valueOf(key.get(1));
                if (!kind.equals(MetaKinds.INDEX) && !kind.equals(MetaKinds.COUNTER) && !kind.equals(MetaKinds.EXPIRY)) {
                    continue; // a build's cursor, fence or duplicates: its component's state says whether it runs
                }
                StoredComponent stored = StoredComponent.parse(String.valueOf(key.get(2)), item.key(), item.value());
                if (!stored.isSettled()) {
                    throw new InvalidRequestException(partition.get(0) + ": the " + kind + " '" + stored.name() + "' is "
                            + stored.state() + " in the source store; open the store with the entity's repositories and let"
                            + " that finish (KvStore.awaitSchemaBuilds) before copying it");
                }
            }
        }
    }

    /** Every key a store can hold: tuple keys never start with 0xFF. */
    private static KeyRange everything() {
        return new KeyRange(new byte[0], new byte[] {(byte) 0xFF});
    }
}
