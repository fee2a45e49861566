package io.kvmapper.internal.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/** The entity cache's stamps: a read that began before a commit never fills the cache with what it read. */
class EntityCacheTest {
    private static final Object OWNER = new Object();

    private static EntityCache.Key key(int i) {
        return new EntityCache.Key(new byte[] {1, (byte) (i >>> 8), (byte) i});
    }

    /** A stored value that, with the three bytes of a {@link #key}, is {@code weight} stored bytes. */
    private static byte[] valueWeighing(int weight) {
        byte[] value = new byte[weight - 3];
        value[0] = (byte) weight;
        return value;
    }

    private static void commit(EntityCache cache, EntityCache.Key key, Runnable write) {
        List<byte[]> keys = List.of(key.bytes.clone());
        cache.committing(keys);
        try {
            write.run();
        } finally {
            cache.committed(keys);
        }
    }

    @Test
    void aReadThatTookItsStampAfterTheLastCommitFillsAndHits() {
        EntityCache cache = new EntityCache(null, 1 << 20);
        EntityCache.Key key = key(1);
        long stamp = cache.stampBefore(key);
        cache.fill(key, stamp, OWNER, "v1", valueWeighing(10));
        assertEquals("v1", cache.get(key(1), OWNER));
        assertNull(cache.get(key(1), new Object()), "another layout's decoding is not handed out");
    }

    @Test
    void aReadThatBeganBeforeACommitDoesNotFill() {
        EntityCache cache = new EntityCache(null, 1 << 20);
        EntityCache.Key key = key(1);
        long stamp = cache.stampBefore(key); // the reader reads "v1"...
        commit(cache, key, () -> { }); // ...a commit writes "v2"...
        cache.fill(key, stamp, OWNER, "v1", valueWeighing(10)); // ...and the reader tries to cache "v1"
        assertNull(cache.get(key, OWNER));
    }

    @Test
    void aReadDuringACommitNeitherFillsNorLetsALaterFillOfItsStampThrough() {
        EntityCache cache = new EntityCache(null, 1 << 20);
        EntityCache.Key key = key(1);
        List<byte[]> keys = List.of(key.bytes);
        cache.committing(keys);
        long during = cache.stampBefore(key);
        assertEquals(EntityCache.NO_FILL, during, "a commit of the key's stripe is in progress");
        cache.fill(key, during, OWNER, "old", valueWeighing(10));
        assertNull(cache.get(key, OWNER));
        cache.committed(keys);
        cache.fill(key, during, OWNER, "old", valueWeighing(10));
        assertNull(cache.get(key, OWNER));
    }

    @Test
    void aFillBetweenACommitsStartAndEndIsRefusedEvenWithTheStampOfThatMoment() {
        EntityCache cache = new EntityCache(null, 1 << 20);
        EntityCache.Key key = key(1);
        List<byte[]> keys = List.of(key.bytes);
        // another key of the same stripe is committing: the stamp taken is not NO_FILL only when no commit is pending
        cache.committing(keys);
        cache.committed(keys);
        long stamp = cache.stampBefore(key);
        cache.committing(keys);
        cache.fill(key, stamp, OWNER, "read before the write", valueWeighing(10));
        assertNull(cache.get(key, OWNER), "the stripe is pending");
        cache.committed(keys);
        assertNull(cache.get(key, OWNER));
    }

    @Test
    void aReadInAUnitOfWorkGetsTheCachedEntityOnlyForEqualBytesAndNeverFills() {
        EntityCache cache = new EntityCache(null, 1 << 20);
        EntityCache.Key key = key(3);
        byte[] v1 = {9, 1, 2};
        assertNull(cache.getIfDecodedFrom(key, OWNER, v1), "nothing cached: the read decodes, and does not fill");
        assertEquals(0, cache.size());
        cache.fill(key, cache.stampBefore(key), OWNER, "v1", v1);
        assertEquals("v1", cache.getIfDecodedFrom(key(3), OWNER, new byte[] {9, 1, 2}), "equal bytes: the entry");
        assertNull(cache.getIfDecodedFrom(key, OWNER, new byte[] {9, 1, 3}), "other bytes (another snapshot)");
        assertNull(cache.getIfDecodedFrom(key, OWNER, new byte[] {9, 1}), "a prefix");
        assertNull(cache.getIfDecodedFrom(key, new Object(), v1), "another layout's decoding");
        commit(cache, key, () -> { });
        assertNull(cache.getIfDecodedFrom(key, OWNER, v1), "a commit removed the entry");
        cache.fill(key, cache.stampBefore(key), OWNER, "v1", v1);
        cache.close();
        assertNull(cache.getIfDecodedFrom(key, OWNER, v1), "closed");
    }

    @Test
    void sequentialNumericKeysHashApart() {
        java.util.Set<Integer> hashes = new java.util.HashSet<>();
        java.util.Set<Integer> stripes = new java.util.HashSet<>();
        for (long id = 0; id < 20_000; id++) {
            byte[] key = io.kvmapper.tuple.Tuples.encode("User", id);
            EntityCache.Key k = new EntityCache.Key(key);
            hashes.add(k.hash);
            stripes.add(k.stripe);
        }
        assertTrue(hashes.size() > 19_900, "distinct hashes: " + hashes.size());
        assertTrue(stripes.size() > EntityCache.STRIPES * 95 / 100, "stripes used: " + stripes.size());
    }

    @Test
    void anEntryWeighsTheHeapItIsEstimatedToTake() {
        EntityCache cache = new EntityCache(null, 1 << 20);
        EntityCache.Key key = key(4);
        cache.fill(key, cache.stampBefore(key), OWNER, "v", valueWeighing(50));
        cache.size();
        // the key's 3 bytes and the value's 47 kept, the entity estimated at the value's size, the objects around
        assertEquals(EntityCache.ENTRY_OVERHEAD + 3 + 2 * 47, cache.weight());
    }

    @Test
    void aCommitRemovesTheCachedEntry() {
        EntityCache cache = new EntityCache(null, 1 << 20);
        EntityCache.Key key = key(7);
        cache.fill(key, cache.stampBefore(key), OWNER, "v1", valueWeighing(10));
        commit(cache, key, () -> assertNull(cache.get(key, OWNER), "removed before the write"));
        assertNull(cache.get(key, OWNER));
        cache.fill(key, cache.stampBefore(key), OWNER, "v2", valueWeighing(10));
        assertEquals("v2", cache.get(key, OWNER));
    }

    @Test
    void aClosedCacheNeitherServesNorFills() {
        EntityCache cache = new EntityCache(null, 1 << 20);
        EntityCache.Key key = key(7);
        cache.fill(key, cache.stampBefore(key), OWNER, "v1", valueWeighing(10));
        cache.close();
        assertNull(cache.get(key, OWNER));
        cache.fill(key, cache.stampBefore(key), OWNER, "v1", valueWeighing(10));
        assertEquals(0, cache.size());
    }

    @Test
    void theWeightStaysWithinTheBound() {
        EntityCache cache = new EntityCache(null, 10_000); // room for about 25 entries of 100 stored bytes
        for (int i = 0; i < 1000; i++) {
            EntityCache.Key key = key(i);
            cache.fill(key, cache.stampBefore(key), OWNER, "v" + i, valueWeighing(100));
        }
        cache.size();
        assertTrue(cache.weight() <= 10_000, "weight " + cache.weight());
        assertTrue(cache.size() > 0);
    }

    /**
     * A model of the store: writers commit increasing versions of a few keys (the commit lock serializes them, as
     * a backend's does), readers read through the cache as {@link CachedRecords} does and check that what they get
     * is never older than what the store held when they began: the version they saw last, or the store's.
     */
    @Test
    void concurrentReadersNeverSeeAnOlderVersionThanTheStoreHeldWhenTheyBegan() throws Exception {
        EntityCache cache = new EntityCache(null, 1 << 20);
        int keys = 4;
        ConcurrentHashMap<Integer, Long> store = new ConcurrentHashMap<>();
        for (int i = 0; i < keys; i++) {
            store.put(i, 0L);
        }
        ReentrantLock commitLock = new ReentrantLock();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<String> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            int seed = w;
            threads.add(new Thread(() -> {
                java.util.Random random = new java.util.Random(seed);
                while (!stop.get()) {
                    int k = random.nextInt(keys);
                    commitLock.lock();
                    try {
                        commit(cache, key(k), () -> store.merge(k, 1L, Long::sum));
                    } finally {
                        commitLock.unlock();
                    }
                }
            }));
        }
        for (int r = 0; r < 3; r++) {
            int seed = 100 + r;
            threads.add(new Thread(() -> {
                java.util.Random random = new java.util.Random(seed);
                long[] seen = new long[keys];
                while (!stop.get() && failure.get() == null) {
                    int k = random.nextInt(keys);
                    long floor = Math.max(seen[k], store.get(k));
                    EntityCache.Key key = key(k);
                    Long got = (Long) cache.get(key, OWNER);
                    if (got == null) {
                        long stamp = cache.stampBefore(key);
                        got = store.get(k);
                        cache.fill(key, stamp, OWNER, got, valueWeighing(16));
                    }
                    if (got < floor) {
                        failure.set("key " + k + ": read version " + got + " after the store held " + floor);
                    }
                    seen[k] = got;
                }
            }));
        }
        threads.forEach(Thread::start);
        Thread.sleep(1500);
        stop.set(true);
        for (Thread thread : threads) {
            thread.join();
        }
        assertNull(failure.get(), failure.get());
        assertTrue(store.values().stream().mapToLong(Long::longValue).sum() > 100, "the writers wrote");
    }
}
