package io.kvmapper.it.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.KvStore;
import io.kvmapper.it.Person;
import io.kvmapper.it.PersonRepository;
import io.kvmapper.it.TestStores;
import io.kvmapper.it.expiry.Session;
import io.kvmapper.it.expiry.SessionRepository;
import io.kvmapper.it.expiry.TestClock;
import io.kvmapper.internal.record.EntityCache;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads outside units of work through the entity cache (on RocksDB, where it is on by default; elsewhere the same
 * reads go to the store): whatever path wrote a record, the next read sees the write; a unit of work still reads
 * its snapshot and its own writes; a damaged value still throws; entities that a reader could change are not
 * shared.
 */
class EntityCacheTest {
    static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

    @TempDir
    Path dir;
    final TestClock clock = new TestClock(START);
    KvStore store;
    MemberRepository members;
    MemberQueries queries;

    @BeforeEach
    void open() {
        store = TestStores.open(dir, MemoryKvStore.options().clock(clock).expiryInterval(Duration.ofDays(1)));
        members = new MemberRepository(store);
        queries = new MemberQueries_Impl(store);
    }

    @AfterEach
    void close() {
        store.close();
    }

    private boolean cacheOn() {
        return store.unwrap(KvBackend.class).entityCacheBytes() > 0;
    }

    private long cachedEntries() {
        return KvStoreImpl.of(store).component(EntityCache.class, s -> EntityCache.of(s.backend())).size();
    }

    @Test
    void theCacheIsOnByDefaultOnRocksDbAndServesRepeatedReads() {
        members.save(new Member(1, "a@x", Member.Status.ACTIVE, 0));
        Member first = members.findById(1).orElseThrow();
        Member second = members.findById(1).orElseThrow();
        if (store.unwrap(KvBackend.class) instanceof io.kvmapper.rocksdb.RocksBackend) {
            assertTrue(cacheOn(), "on by default on RocksDB");
            assertEquals(1, cachedEntries());
            assertTrue(first == second, "the second read is the cached record");
        } else {
            assertEquals(0, cachedEntries(), "no cache on this backend");
        }
        assertEquals(first, second);
    }

    @Test
    void everyWritePathIsSeenByTheNextRead() {
        Member ada = new Member(1, "ada@x", Member.Status.ACTIVE, 0);
        members.save(ada);
        assertEquals(ada, members.findById(1).orElseThrow());
        assertEquals(ada, members.findByEmail("ada@x").orElseThrow());

        members.save(ada.withSeq(1));
        assertEquals(1, members.findById(1).orElseThrow().seq(), "save");

        assertTrue(members.updateSeq(1, 2));
        assertEquals(2, members.findById(1).orElseThrow().seq(), "updateX");

        store.transact(tx -> members.with(tx).save(members.with(tx).findById(1).orElseThrow().withSeq(3)));
        assertEquals(3, members.findById(1).orElseThrow().seq(), "a unit of work");

        assertTrue(members.updateEmail(1, "lovelace@x"));
        assertEquals(Optional.empty(), members.findByEmail("ada@x"), "the old email is free");
        assertEquals(3, members.findByEmail("lovelace@x").orElseThrow().seq());
        assertEquals("lovelace@x", members.findById(1).orElseThrow().email());

        assertEquals(List.of(members.findById(1).orElseThrow()), members.findAllById(List.of(1L, 2L)));
        assertTrue(members.deleteById(1));
        assertEquals(Optional.empty(), members.findById(1), "deleteById");
        assertEquals(List.of(), members.findAllById(List.of(1L)));

        members.save(new Member(2, "b@x", Member.Status.IDLE, 0));
        members.save(new Member(3, "c@x", Member.Status.ACTIVE, 0));
        assertEquals(2, members.findAllById(List.of(2L, 3L)).size());
        assertEquals(1, queries.deleteByStatus(Member.Status.IDLE));
        assertEquals(Optional.empty(), members.findById(2), "deleteBy");
        assertEquals(Optional.empty(), members.findByEmail("b@x"));
        assertEquals(List.of(members.findById(3).orElseThrow()), members.findAllById(List.of(2L, 3L)));

        members.repair();
        assertEquals(0, members.findById(3).orElseThrow().seq(), "repair leaves the record as it is");
    }

    @Test
    void theReaperAndExpiryAreSeenByTheNextRead() {
        SessionRepository sessions = new SessionRepository(store);
        Session soon = new Session("ada", 1, "t1", "phone", START.plusSeconds(10));
        sessions.insert(soon);
        assertEquals(soon, sessions.findById("ada", 1).orElseThrow());
        assertEquals(soon, sessions.findById("ada", 1).orElseThrow(), "a second read, from the cache on RocksDB");
        clock.advance(Duration.ofSeconds(11));
        assertEquals(Optional.empty(), sessions.findById("ada", 1), "hidden from the instant it expires");
        assertEquals(1, store.reapExpired());
        assertEquals(Optional.empty(), sessions.findById("ada", 1));
        Session again = soon.withExpiresAt(START.plusSeconds(100));
        sessions.insert(again);
        assertEquals(again, sessions.findById("ada", 1).orElseThrow());
    }

    @Test
    void aUnitOfWorkReadsItsSnapshotAndItsOwnWritesAndNoOneElseSeesThemBeforeItCommits() throws Exception {
        Member ada = new Member(1, "ada@x", Member.Status.ACTIVE, 0);
        members.save(ada);
        assertEquals(ada, members.findById(1).orElseThrow()); // cached outside
        boolean snapshots = store.unwrap(KvBackend.class).readsFromSnapshots();
        AtomicBoolean first = new AtomicBoolean(true);
        List<Object> seen = new ArrayList<>();
        store.transact(tx -> {
            MemberRepository inside = members.with(tx);
            Member before = inside.findById(1).orElseThrow();
            if (first.getAndSet(false)) {
                Thread writer = new Thread(() -> members.save(ada.withSeq(5)));
                writer.start();
                try {
                    writer.join();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                seen.add(inside.findById(1).orElseThrow().seq()); // the snapshot, not the concurrent commit
                seen.add(members.findById(1).orElseThrow().seq()); // outside: the concurrent commit
            }
            inside.save(before.withSeq(before.seq() + 100));
            seen.add(before.seq());
            seen.add(inside.findById(1).orElseThrow().seq()); // its own write
            seen.add(members.findById(1).orElseThrow().seq()); // outside: not yet committed
        });
        if (snapshots) {
            assertEquals(0L, seen.get(0), "the unit of work reads its snapshot");
        }
        assertEquals(5L, seen.get(1));
        long before = (Long) seen.get(seen.size() - 3);
        if (store.unwrap(KvBackend.class).detectsConflicts()) {
            assertEquals(5L, before, "the unit of work conflicted, and its retry read the concurrent commit");
        }
        assertEquals(List.of(before + 100, 5L), seen.subList(seen.size() - 2, seen.size()),
                "its own write inside, the last commit outside");
        assertEquals(before + 100, members.findById(1).orElseThrow().seq(), "the unit of work committed");
    }

    /**
     * A read in a unit of work takes the cached record when the bytes it read are the ones the record was decoded
     * from, and decodes them otherwise: a snapshot taken before a commit that a read outside has since cached gets
     * its own older record, and the update it makes from it still conflicts with that commit.
     */
    @Test
    void aUnitOfWorkReusesTheCachedRecordOnlyForTheBytesItReads() throws Exception {
        Member ada = new Member(1, "ada@x", Member.Status.ACTIVE, 0);
        members.save(ada);
        Member cached = members.findById(1).orElseThrow();
        Member inside = store.transactResult(tx -> members.with(tx).findById(1).orElseThrow());
        assertEquals(cached, inside);
        assertEquals(List.of(cached), store.transactResult(tx -> members.with(tx).findAllById(List.of(1L, 2L))));
        if (cacheOn()) {
            assertTrue(inside == cached, "equal bytes: the cached record, not a decode");
        }
        boolean snapshots = store.unwrap(KvBackend.class).readsFromSnapshots();
        AtomicBoolean first = new AtomicBoolean(true);
        List<Long> seen = new ArrayList<>();
        store.transact(tx -> {
            MemberRepository in = members.with(tx);
            long before = in.findById(1).orElseThrow().seq();
            if (first.getAndSet(false)) {
                Thread writer = new Thread(() -> {
                    members.updateSeq(1, 7);
                    members.findById(1).orElseThrow(); // caches the commit's record
                });
                writer.start();
                try {
                    writer.join();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                seen.add(in.findById(1).orElseThrow().seq()); // its snapshot, not the cached newer record
                seen.add(in.findAllById(List.of(1L)).get(0).seq());
            }
            assertTrue(in.updateSeq(1, before + 100));
            seen.add(in.findById(1).orElseThrow().seq()); // its own write, not the cached record
        });
        if (snapshots) {
            assertEquals(List.of(0L, 0L), seen.subList(0, 2), "the unit of work reads its snapshot");
        }
        long expected = store.unwrap(KvBackend.class).detectsConflicts() ? 107 : 100;
        assertEquals(expected, seen.get(seen.size() - 1), "its own write inside");
        assertEquals(expected, members.findById(1).orElseThrow().seq(),
                "the update from the old snapshot conflicted with the commit, and its retry read the commit");
        assertEquals(expected, store.transactResult(tx -> members.with(tx).findById(1).orElseThrow()).seq());
    }

    @Test
    void aDamagedRecordStillThrowsAfterItWasCached() {
        members.save(new Member(1, "ada@x", Member.Status.ACTIVE, 0));
        assertEquals(0, members.findById(1).orElseThrow().seq());
        byte[] key;
        try (var cursor = store.unwrap(KvBackend.class).scan(
                new io.kvmapper.internal.layout.KeyLayout("Member", 1).records(), ScanOptions.FORWARD)) {
            key = cursor.next().key();
        }
        store.transact(tx -> tx.unwrap(KvTransaction.class).put(key, "J\u0001{".getBytes(StandardCharsets.ISO_8859_1)));
        assertThrows(CorruptDataException.class, () -> members.findById(1));
        assertThrows(CorruptDataException.class, () -> members.findById(1), "a failure is not cached as absent");
        assertThrows(CorruptDataException.class, () -> members.findAllById(List.of(1L)));
        assertThrows(CorruptDataException.class, () -> members.findByEmail("ada@x"));
    }

    @Test
    void changingAReturnedEntityDoesNotChangeTheNextRead() {
        PersonRepository people = new PersonRepository(store);
        people.save(new Person(1, "Ada"));
        Person read = people.findById(1).orElseThrow();
        read.setName("changed");
        assertEquals("Ada", people.findById(1).orElseThrow().getName(), "an entity class");

        BadgeRepository badges = new BadgeRepository(store);
        badges.save(new Badge(1, "b", new ArrayList<>(List.of("x"))));
        Badge badge = badges.findById(1).orElseThrow();
        try {
            badge.tags().add("changed");
        } catch (UnsupportedOperationException immutable) {
            // a decoded list that cannot be changed is as good
        }
        assertEquals(List.of("x"), badges.findById(1).orElseThrow().tags(), "a record holding a list");
    }

    /**
     * Writers commit increasing sequence numbers of a few members (through repositories, units of work and
     * {@code updateX}), some units of work roll back a far larger number; readers check every read against the
     * highest number committed before they began it and the highest they saw before: never older (monotonic
     * reads), never one rolled back or not yet committed.
     */
    @Test
    void concurrentReadersNeverSeeAStaleOrUncommittedValue() throws Exception {
        int ids = 4;
        for (int id = 0; id < ids; id++) {
            members.save(new Member(id, "m" + id + "@x", Member.Status.ACTIVE, 0));
        }
        AtomicLongArray committed = new AtomicLongArray(ids);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        long seed = new Random().nextLong();
        for (int w = 0; w < 2; w++) {
            Random random = new Random(seed + w);
            threads.add(new Thread(() -> {
                try {
                    while (!stop.get()) {
                        int id = random.nextInt(ids);
                        int how = random.nextInt(5);
                        long written;
                        if (how == 0) {
                            written = store.transactResult(tx -> {
                                Member m = members.with(tx).findById(id).orElseThrow();
                                members.with(tx).save(m.withSeq(m.seq() + 1));
                                return m.seq() + 1;
                            });
                        } else if (how == 1) {
                            try {
                                store.transact(tx -> {
                                    Member m = members.with(tx).findById(id).orElseThrow();
                                    members.with(tx).save(m.withSeq(1_000_000_000L + m.seq()));
                                    throw new IllegalStateException("rolled back");
                                });
                            } catch (IllegalStateException expected) {
                                // nothing committed
                            }
                            continue;
                        } else {
                            written = store.transactResult(tx -> {
                                Member m = members.with(tx).findById(id).orElseThrow();
                                if (how == 2) {
                                    members.with(tx).updateSeq(id, m.seq() + 1);
                                } else if (how == 3) {
                                    members.with(tx).updateStatus(id, m.status() == Member.Status.ACTIVE
                                            ? Member.Status.IDLE : Member.Status.ACTIVE);
                                    members.with(tx).updateSeq(id, m.seq() + 1);
                                } else {
                                    members.with(tx).save(m.withSeq(m.seq() + 1).withStatus(
                                            m.status() == Member.Status.ACTIVE ? Member.Status.IDLE
                                                    : Member.Status.ACTIVE));
                                }
                                return m.seq() + 1;
                            });
                        }
                        committed.accumulateAndGet(id, written, Math::max);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        for (int r = 0; r < 3; r++) {
            Random random = new Random(seed + 100 + r);
            threads.add(new Thread(() -> {
                long[] seen = new long[ids];
                try {
                    while (!stop.get() && failure.get() == null) {
                        int id = random.nextInt(ids);
                        long floor = Math.max(seen[id], committed.get(id));
                        Member m = switch (random.nextInt(5)) {
                            case 0 -> members.findById((long) id).orElseThrow();
                            case 1 -> members.findAllById(List.of((long) id)).get(0);
                            // in a unit of work: the cached record only where the snapshot holds its bytes
                            case 2 -> store.transactResult(tx -> members.with(tx).findById((long) id).orElseThrow());
                            case 3 -> store.transactResult(tx -> members.with(tx).findAllById(List.of((long) id)))
                                    .get(0);
                            default -> members.findByEmail("m" + id + "@x").orElseThrow();
                        };
                        if (m.seq() < floor || m.seq() >= 1_000_000_000L) {
                            throw new AssertionError("member " + id + ": read seq " + m.seq() + " after " + floor
                                    + " had been committed or seen (seed " + seed + ")");
                        }
                        seen[id] = m.seq();
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        threads.forEach(Thread::start);
        Thread.sleep(TestStores.onCassandra() ? 4000 : 2500);
        stop.set(true);
        for (Thread thread : threads) {
            thread.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("seed " + seed + ": " + failure.get(), failure.get());
        }
        long total = 0;
        for (int id = 0; id < ids; id++) {
            Member m = members.findById((long) id).orElseThrow();
            assertEquals(committed.get(id), m.seq(), "the last committed value, seed " + seed);
            total += m.seq();
        }
        assertTrue(total > 10, "the writers committed: " + total);
        assertNull(failure.get());
    }
}
