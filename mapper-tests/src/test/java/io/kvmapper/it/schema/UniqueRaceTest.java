package io.kvmapper.it.schema;

import io.kvmapper.spi.KvBackend;
import static io.kvmapper.it.schema.SchemaFixtures.MEMBER;
import static io.kvmapper.it.schema.SchemaFixtures.WAIT;
import static io.kvmapper.it.schema.SchemaFixtures.all;
import static io.kvmapper.it.schema.SchemaFixtures.assertExact;
import static io.kvmapper.it.schema.SchemaFixtures.countRaw;
import static io.kvmapper.it.schema.SchemaFixtures.open;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 3: "Two concurrent writers of the same value: exactly one wins, always". Eight threads, released
 * together by a barrier each round, write eight different entities with one email; every round exactly
 * one write succeeds, the seven others fail with {@link UniqueConstraintException} naming the index and
 * the value, and the store holds one entity with that email and one unique entry pointing at it.
 *
 * <p>In even rounds the threads just start together. In odd rounds {@link MemberV2}'s construction hook
 * holds each thread inside its transaction (when it decodes a member it read) until all eight are
 * inside theirs: no transaction has committed when the others read the unique entry, so seven must
 * lose at commit, through the conflict check, and learn of the winner only when they run again.
 */
@Timeout(120)
class UniqueRaceTest {
    private static final int THREADS = 8;
    private static final int ROUNDS = 400;

    /** Whether this thread's next decode of a member waits for the other racers. */
    private static final ThreadLocal<Boolean> ARMED = ThreadLocal.withInitial(() -> false);

    @TempDir
    Path dir;

    private final CyclicBarrier inside = new CyclicBarrier(THREADS);

    @BeforeEach
    void holdArmedThreadsInsideTheirTransactions() {
        MemberV2.onCreate = id -> {
            if (ARMED.get()) {
                ARMED.set(false); // only the first run: a retry after a conflict goes straight through
                try {
                    inside.await(WAIT.toSeconds(), TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException("the racers did not all get inside their transactions", e);
                }
            }
        };
    }

    @AfterEach
    void resetHook() {
        MemberV2.onCreate = id -> { };
    }

    @Test
    void eightInsertsOfOneEmailHaveExactlyOneWinnerEveryRound() throws Exception {
        try (KvStore store = open(dir)) {
            MemberV2Repository members = new MemberV2Repository(store);
            members.insert(new MemberV2(-1, "anchor@x", "anchor", "anchor", 1));
            AtomicLongArray winner = new AtomicLongArray(ROUNDS);
            AtomicIntegerArray wins = new AtomicIntegerArray(ROUNDS);
            AtomicIntegerArray refused = new AtomicIntegerArray(ROUNDS);
            race((round, thread) -> {
                long id = (long) round * THREADS + thread;
                MemberV2 member = new MemberV2(id, email(round), "t" + thread, "r" + round % 3, thread + 1);
                try {
                    if (round % 2 == 0) {
                        members.insert(member);
                    } else { // a unit of work that reads (and is held), then inserts
                        ARMED.set(true);
                        store.transact(tx -> {
                            members.with(tx).findById(-1);
                            members.with(tx).insert(member);
                        });
                    }
                    wins.incrementAndGet(round);
                    winner.set(round, id);
                } catch (UniqueConstraintException e) {
                    assertRefusal(e, round);
                    refused.incrementAndGet(round);
                }
            });
            for (int round = 0; round < ROUNDS; round++) {
                String context = "round " + round;
                assertEquals(1, wins.get(round), context + ": winners");
                assertEquals(THREADS - 1, refused.get(round), context + ": refusals");
                assertUniquelyHeld(store, members, email(round), winner.get(round), context);
            }
            List<MemberV2> all = all(members);
            assertEquals(ROUNDS + 1, all.size(), "one entity per round, the refused ones left nothing behind");
            assertEquals(ROUNDS + 1, countRaw(store.unwrap(KvBackend.class), KeyRange.startingWith(MEMBER.indexPrefix("email"))));
            assertExact(members, "after the races");
        }
    }

    @Test
    void eightEntitiesChangedToOneEmailHaveExactlyOneWinnerEveryRound() throws Exception {
        try (KvStore store = open(dir)) {
            MemberV2Repository members = new MemberV2Repository(store);
            for (int thread = 0; thread < THREADS; thread++) {
                members.insert(new MemberV2(thread, "own" + thread + "@x", "t" + thread, "r0", 1));
            }
            AtomicLongArray winner = new AtomicLongArray(ROUNDS);
            AtomicIntegerArray wins = new AtomicIntegerArray(ROUNDS);
            AtomicIntegerArray refused = new AtomicIntegerArray(ROUNDS);
            race((round, thread) -> {
                try {
                    if (round % 4 < 2) { // a whole-entity save...
                        MemberV2 changed = members.findById(thread).orElseThrow().withEmail(email(round));
                        ARMED.set(round % 2 == 1);
                        members.save(changed);
                    } else { // ...or a partial update
                        ARMED.set(round % 2 == 1);
                        assertTrue(members.updateEmail(thread, email(round)));
                    }
                    wins.incrementAndGet(round);
                    winner.set(round, thread);
                } catch (UniqueConstraintException e) {
                    assertRefusal(e, round);
                    refused.incrementAndGet(round);
                }
            });
            Map<Long, String> lastWon = new HashMap<>();
            for (int round = 0; round < ROUNDS; round++) {
                String context = "round " + round;
                assertEquals(1, wins.get(round), context + ": winners");
                assertEquals(THREADS - 1, refused.get(round), context + ": refusals");
                lastWon.put(winner.get(round), email(round));
            }
            // every entity holds the email of the last round it won (or its own), and only that one
            for (long id = 0; id < THREADS; id++) {
                String expected = lastWon.getOrDefault(id, "own" + id + "@x");
                assertEquals(expected, members.findById(id).orElseThrow().email(), "member " + id);
                assertUniquelyHeld(store, members, expected, id, "member " + id);
            }
            for (int round = 0; round < ROUNDS; round++) {
                if (!lastWon.containsValue(email(round))) {
                    assertEquals(Optional.empty(), members.findByEmail(email(round)),
                            "round " + round + ": an email its winner later gave up is free again");
                }
            }
            assertEquals(THREADS, countRaw(store.unwrap(KvBackend.class), KeyRange.startingWith(MEMBER.indexPrefix("email"))));
            assertExact(members, "after the races");
        }
    }

    private static String email(int round) {
        return "race" + round + "@x";
    }

    private static void assertRefusal(UniqueConstraintException e, int round) {
        assertEquals("Member", e.entity());
        assertEquals("email", e.index());
        assertTrue(e.value().contains(email(round)), e.getMessage());
    }

    /** Exactly one entity has {@code email}, and the unique entry for it is one key pointing at it. */
    private static void assertUniquelyHeld(KvStore store, MemberV2Repository members, String email, long id,
            String context) {
        assertEquals(Optional.of(id), members.findByEmail(email).map(MemberV2::id), context);
        byte[] entry = KeyLayout.uniqueEntry(MEMBER.indexPrefix("email"), Tuples.encode(email));
        assertEquals(1, countRaw(store.unwrap(KvBackend.class), KeyRange.startingWith(entry)), context + ": unique entries");
        assertArrayEquals(MemberV2_KvMapping.key(id), store.unwrap(KvBackend.class).get(entry), context + ": the entry's record key");
    }

    /** Runs {@code attempt} for every round on {@link #THREADS} threads that start each round together. */
    private static void race(Attempt attempt) throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        Queue<Throwable> errors = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            Thread runner = new Thread(() -> {
                try {
                    for (int round = 0; round < ROUNDS; round++) {
                        start.await(WAIT.toSeconds(), TimeUnit.SECONDS);
                        attempt.run(round, thread);
                    }
                } catch (Throwable e) {
                    errors.add(e);
                    start.reset(); // break the barrier so the others stop too
                }
            }, "racer-" + t);
            threads.add(runner);
            runner.start();
        }
        for (Thread runner : threads) {
            runner.join(WAIT.toMillis());
            assertTrue(!runner.isAlive(), runner.getName() + " did not finish");
        }
        if (!errors.isEmpty()) {
            AssertionError failure = new AssertionError("a racer failed: " + errors.peek(), errors.peek());
            errors.stream().skip(1).limit(3).forEach(failure::addSuppressed);
            throw failure;
        }
    }

    @FunctionalInterface
    private interface Attempt {
        void run(int round, int thread) throws Exception;
    }
}
