package io.kvmapper.it.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.StorageException;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.cassandra.CassandraKvStore;
import io.kvmapper.cassandra.CassandraTestCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 7: a three-node Cassandra cluster (127.0.0.1, .2, .3, replication factor 3) loses a node while the
 * repositories read and write at QUORUM, and gets it back. In one case the node is stopped with SIGTERM (it
 * drains and says goodbye), in the other killed with SIGKILL (the others only notice after some seconds, and
 * meanwhile logged batches and counter adds sent to it time out).
 *
 * <p>Each case writes accounts (a unique and a non-unique index, counters, a version), stops or kills a node,
 * keeps writing and reading at QUORUM, races claims of one email, starts the node again and writes on. Every
 * write the store acknowledged must be there exactly; a write that failed (a timeout: its outcome unknown)
 * leaves its account in its old or its new state, and the test touches that account no more. Reads never
 * return anything but an acknowledged state. At the end, once the cluster has settled, {@code verify()} must
 * find the indexes and counters in step with the records, or {@code repair()} must put them there (a
 * timed-out counter add may have been applied or not; a checked write may have landed without the batch
 * after it); then the counters equal a recount and every email leads to its account.
 */
@Timeout(900)
class ThreeNodeFailureTest {
    private static final String KEYSPACE = "cluster_test";
    private static final List<String> TIERS = List.of("bronze", "silver", "gold");
    private static CassandraTestCluster cluster;
    private static CqlSession session;

    @BeforeAll
    static void startCluster() {
        cluster = CassandraTestCluster.start();
        session = cluster.newSession();
        session.execute("CREATE KEYSPACE IF NOT EXISTS " + KEYSPACE
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': '3'}");
    }

    @AfterAll
    static void stopCluster() {
        if (session != null) {
            session.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aNodeStoppedWithSigtermAndStartedAgain() {
        survive("sigterm", 2, CassandraTestCluster.Node::stop, Duration.ofSeconds(15), 1);
    }

    @Test
    void aNodeKilledWithSigkillAndStartedAgain() {
        survive("sigkill", 1, CassandraTestCluster.Node::kill, Duration.ofSeconds(25), 2);
    }

    private static void survive(String table, int nodeIndex, Consumer<CassandraTestCluster.Node> failure,
            Duration outage, long seed) {
        try (KvStore store = CassandraKvStore.options().table(table)
                .readConsistency(DefaultConsistencyLevel.QUORUM).writeConsistency(DefaultConsistencyLevel.QUORUM)
                .serialConsistency(DefaultConsistencyLevel.SERIAL).requestTimeout(Duration.ofSeconds(20))
                .open(session, KEYSPACE)) {
            Workload work = new Workload(new AccountRepository(store), seed);
            work.load(120);
            CassandraTestCluster.Node node = cluster.node(nodeIndex);
            long down = System.nanoTime();
            failure.accept(node);
            int[] before = work.tally();
            work.run(outage);
            work.assertServedSince(before, table);
            work.race(8);
            node.start();
            cluster.awaitAllUp(session);
            long back = System.nanoTime();
            work.run(Duration.ofSeconds(5));
            System.out.printf("%s: node %s down for %d ms; %s%n", table, node.address(), (back - down) / 1_000_000,
                    work.summary());
            work.assertSettled(table);
        }
    }

    /** A seeded stream of writes and reads, and what the store acknowledged. */
    private static final class Workload {
        private final AccountRepository accounts;
        private final Random random;
        /** The acknowledged state of every account that is certain; absent ones were deleted. */
        private final Map<Long, Account> acked = new TreeMap<>();
        /** Accounts whose last write failed: the states they may be in (empty: absent). */
        private final Map<Long, List<Optional<Account>>> uncertain = new TreeMap<>();
        private long nextId;
        private int emails;
        private int writes;
        private int failedWrites;
        private int reads;
        private int failedReads;
        private int racesWon;
        private int racesUndecided;

        Workload(AccountRepository accounts, long seed) {
            this.accounts = accounts;
            this.random = new Random(seed);
        }

        void load(int count) {
            for (int i = 0; i < count; i++) {
                insert();
            }
        }

        void run(Duration duration) {
            long end = System.nanoTime() + duration.toNanos();
            while (System.nanoTime() < end) {
                if (acked.size() < 20 || random.nextInt(5) == 0) {
                    insert();
                } else {
                    change(pick());
                }
                if (random.nextInt(3) == 0 && !acked.isEmpty()) {
                    read(pick());
                }
            }
        }

        private long pick() {
            List<Long> ids = new ArrayList<>(acked.keySet());
            return ids.get(random.nextInt(ids.size()));
        }

        private void insert() {
            long id = nextId++;
            Account account = new Account(id, "a" + id + "." + emails++ + "@x", tier(), random.nextInt(1_000), 0);
            write(id, null, account.withVersion(1), () -> accounts.insert(account));
        }

        private void change(long id) {
            Account current = acked.get(id);
            switch (random.nextInt(4)) {
                case 0 -> {
                    Account next = current.withEmail("a" + id + "." + emails++ + "@x");
                    write(id, current, next.withVersion(current.version() + 1), () -> accounts.save(next));
                }
                case 1 -> {
                    String tier = tier();
                    write(id, current, current.withTier(tier).withVersion(current.version() + 1),
                            () -> assertTrue(accounts.updateTier(id, tier)));
                }
                case 2 -> {
                    Account next = current.withBalance(current.balance() + random.nextInt(100) - 50);
                    write(id, current, next.withVersion(current.version() + 1), () -> accounts.save(next));
                }
                default -> write(id, current, null, () -> assertTrue(accounts.deleteById(id)));
            }
        }

        /**
         * Makes one write of account {@code id} from {@code before} to {@code after} (null: absent). A
         * failure of the store leaves the outcome unknown: the account is then either state, and left alone.
         */
        private void write(long id, Account before, Account after, Runnable write) {
            writes++;
            try {
                write.run();
            } catch (StorageException unknownOutcome) {
                failedWrites++;
                acked.remove(id);
                uncertain.put(id, List.of(Optional.ofNullable(before), Optional.ofNullable(after)));
                return;
            }
            if (after == null) {
                acked.remove(id);
            } else {
                acked.put(id, after);
            }
        }

        /** A read may fail while a node is missing, but must never return anything but the acknowledged state. */
        private void read(long id) {
            reads++;
            Account expected = acked.get(id);
            try {
                assertEquals(Optional.of(expected), accounts.findById(id), "findById(" + id + ")");
                assertEquals(Optional.of(expected), accounts.findByEmail(expected.email()),
                        "findByEmail(" + expected.email() + ")");
            } catch (StorageException timedOut) {
                failedReads++;
            }
        }

        /**
         * Rounds of three threads inserting three accounts with one email at once: at most one wins, and
         * exactly one when none of the three failed.
         */
        void race(int rounds) {
            ExecutorService pool = Executors.newFixedThreadPool(3);
            try {
                for (int round = 0; round < rounds; round++) {
                    String email = "race" + round + "." + emails++ + "@x";
                    CyclicBarrier start = new CyclicBarrier(3);
                    List<Account> racers = new ArrayList<>();
                    List<Future<String>> outcomes = new ArrayList<>();
                    for (int t = 0; t < 3; t++) {
                        Account racer = new Account(nextId++, email, tier(), 10, 0);
                        racers.add(racer);
                        outcomes.add(pool.submit(() -> {
                            start.await(60, TimeUnit.SECONDS);
                            try {
                                accounts.insert(racer);
                                return "won";
                            } catch (UniqueConstraintException lost) {
                                return "lost";
                            } catch (StorageException unknownOutcome) {
                                return "failed";
                            }
                        }));
                    }
                    int won = 0;
                    int failed = 0;
                    for (int t = 0; t < 3; t++) {
                        String outcome = outcomes.get(t).get(120, TimeUnit.SECONDS);
                        Account racer = racers.get(t);
                        writes++;
                        if (outcome.equals("won")) {
                            won++;
                            acked.put(racer.id(), racer.withVersion(1));
                        } else if (outcome.equals("failed")) {
                            failed++;
                            failedWrites++;
                            uncertain.put(racer.id(), List.of(Optional.empty(), Optional.of(racer.withVersion(1))));
                        }
                    }
                    assertTrue(won <= 1, "round " + round + ": " + won + " inserts of " + email + " won");
                    if (failed == 0) {
                        assertEquals(1, won, "round " + round + ": one of three inserts of " + email + " wins");
                    }
                    racesWon += won;
                    racesUndecided += failed > 0 ? 1 : 0;
                }
            } catch (Exception e) {
                throw new AssertionError("a race failed", e);
            } finally {
                pool.shutdownNow();
            }
        }

        /** How many writes, failed writes, reads and failed reads the workload has made so far. */
        int[] tally() {
            return new int[] {writes, failedWrites, reads, failedReads};
        }

        /**
         * With one node of three down, QUORUM still has two replicas, so the store kept serving: the writes
         * and reads made since {@code before} were many, and only a few failed (those sent while the cluster
         * had not yet noticed the node was gone).
         */
        void assertServedSince(int[] before, String table) {
            int madeWrites = writes - before[0];
            int lostWrites = failedWrites - before[1];
            int madeReads = reads - before[2];
            int lostReads = failedReads - before[3];
            String what = table + ": with a node down, " + madeWrites + " writes (" + lostWrites + " failed) and "
                    + madeReads + " reads (" + lostReads + " failed)";
            assertTrue(madeWrites >= 20 && lostWrites <= Math.max(5, madeWrites / 10), what);
            assertTrue(madeReads >= 5 && lostReads <= Math.max(5, madeReads / 10), what);
        }

        String summary() {
            return writes + " writes (" + failedWrites + " failed, outcome unknown), " + reads + " reads ("
                    + failedReads + " failed), " + racesWon + " races won, " + racesUndecided
                    + " with a failed racer; " + acked.size() + " accounts certain, " + uncertain.size() + " uncertain";
        }

        /**
         * Once hints and batch log replays have landed: verify() is clean, or repair() makes it so; every
         * account is in an acknowledged (or, after a failed write, a possible) state, no other account exists,
         * the counters equal a recount and every email leads to its account.
         */
        void assertSettled(String table) {
            IntegrityReport report = awaitClean(Duration.ofSeconds(45));
            if (!report.isClean()) {
                System.out.printf("%s: verify() after the cluster settled: %s%n", table, report);
                IntegrityReport repaired = accounts.repair();
                System.out.printf("%s: repair(): %d repaired%n", table, repaired.repaired());
                report = accounts.verify();
            }
            assertTrue(report.isClean(), table + ": " + report);

            Map<Long, Account> stored;
            try (Stream<Account> all = accounts.findAll()) {
                stored = all.collect(Collectors.toMap(Account::id, a -> a));
            }
            for (Map.Entry<Long, Account> account : acked.entrySet()) {
                assertEquals(account.getValue(), stored.get(account.getKey()), table + ": acknowledged account");
            }
            for (Map.Entry<Long, List<Optional<Account>>> account : uncertain.entrySet()) {
                Optional<Account> now = Optional.ofNullable(stored.get(account.getKey()));
                assertTrue(account.getValue().contains(now), table + ": account " + account.getKey() + " is " + now
                        + ", neither of " + account.getValue());
            }
            for (long id : stored.keySet()) {
                assertTrue(acked.containsKey(id) || uncertain.containsKey(id), table + ": account " + id
                        + " was deleted or never inserted, yet is stored");
            }
            assertEquals(stored.size(), accounts.countTotal(), table + ": total");
            Map<String, Long> counts = new TreeMap<>();
            Map<String, Long> sums = new HashMap<>();
            for (Account account : stored.values()) {
                counts.merge(account.tier(), 1L, Long::sum);
                sums.merge(account.tier(), account.balance(), Long::sum);
                assertEquals(Optional.of(account), accounts.findByEmail(account.email()), table + ": by email");
            }
            assertEquals(counts, new TreeMap<>(accounts.countByTier()), table + ": byTier");
            for (String tier : TIERS) {
                assertEquals(sums.getOrDefault(tier, 0L), accounts.sumBalanceByTier(tier), table + ": " + tier);
                assertEquals(stored.values().stream().filter(a -> a.tier().equals(tier)).map(Account::id).sorted()
                        .toList(), accounts.findByTier(tier).stream().map(Account::id).toList(), table + ": " + tier);
            }
        }

        /** verify() until it is clean, or {@code patience} has passed: the last report. */
        private IntegrityReport awaitClean(Duration patience) {
            long deadline = System.nanoTime() + patience.toNanos();
            while (true) {
                IntegrityReport report;
                try {
                    report = accounts.verify();
                } catch (StorageException settling) {
                    report = null;
                }
                if (report != null && (report.isClean() || System.nanoTime() > deadline)) {
                    return report;
                }
                if (System.nanoTime() > deadline) {
                    fail("verify() kept failing after the node came back");
                }
                sleep(3_000);
            }
        }

        private String tier() {
            return TIERS.get(random.nextInt(TIERS.size()));
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
