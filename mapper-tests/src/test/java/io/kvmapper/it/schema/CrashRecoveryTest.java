package io.kvmapper.it.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.ChildJvm;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 3's crash test: a child JVM ({@link CrashWriterMain}) writes, replaces and deletes accounts with
 * a unique and a non-unique index, counts and a sum, from two threads, and is killed with SIGKILL at a
 * random moment; after each kill the store is opened again, {@code verify()} must be clean and every
 * counter group must equal a recount of the records.
 */
@Timeout(180)
class CrashRecoveryTest {
    @TempDir
    Path scratch;

    @Test
    void tenKillsOfAWritingProcessLeaveIndexesAndCountersExact() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Path dir = scratch.resolve("store");
        for (int round = 1; round <= 10; round++) {
            String context = "kill " + round + " (seed " + seed + ")";
            killAtRandom(dir, random, "full");
            try (KvStore store = RocksKvStore.open(dir)) {
                assertExact(new CrashAccountRepository(store), store, context);
            }
        }
    }

    /**
     * The same with schema changes between the kills: a child running the old code version (no indexes,
     * no counters) drops them as it writes, and the next child, running the new one, builds them again
     * online from the records while it writes; both are killed at random moments, so a drop or a build
     * is often cut short and must resume, exactly, when the store is opened next.
     */
    @Test
    void killsDuringOnlineBuildsAndDropsLeaveIndexesAndCountersExact() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Path dir = scratch.resolve("store");
        for (int round = 1; round <= 6; round++) {
            String context = "kill " + round + " (seed " + seed + ")";
            boolean old = round % 2 == 1;
            killAtRandom(dir, random, old ? "v0" : "build");
            try (KvStore store = RocksKvStore.open(dir)) {
                if (old) {
                    // open it as the child did: the drop it began finishes
                    CrashAccountV0Repository accounts = new CrashAccountV0Repository(store);
                    assertTrue(store.awaitSchemaBuilds(Duration.ofSeconds(60)), context);
                    assertTrue(accounts.verify().isClean(), context);
                } else {
                    assertExact(new CrashAccountRepository(store), store, context);
                }
            }
        }
    }

    private void killAtRandom(Path dir, Random random, String mode) throws Exception {
        try (ChildJvm child = ChildJvm.start(CrashWriterMain.class, scratch, dir.toString(),
                Long.toString(random.nextLong()), mode)) {
            child.awaitLine("started", 60);
            // a build over the child's few thousand accounts takes up to about a second while it writes
            Thread.sleep(20 + random.nextInt(mode.equals("build") ? 1_000 : 400));
            child.kill();
        }
    }

    private static void assertExact(CrashAccountRepository accounts, KvStore store, String context) {
        assertTrue(store.awaitSchemaBuilds(Duration.ofSeconds(60)), context + ": builds resumed and finished");
        IntegrityReport report = accounts.verify();
        assertTrue(report.isClean(), context + ": " + report);
        List<CrashAccount> all;
        try (Stream<CrashAccount> stream = accounts.findAll()) {
            all = stream.toList();
        }
        assertEquals(all.size(), report.recordsChecked(), context);
        assertEquals(all.size(), accounts.countTotal(), context + ": countTotal()");
        Map<String, Long> byTier = all.stream().collect(Collectors.groupingBy(CrashAccount::tier, TreeMap::new,
                Collectors.counting()));
        assertEquals(byTier, new TreeMap<>(accounts.countByTier()), context + ": countByTier()");
        Map<String, Long> balances = all.stream().collect(Collectors.groupingBy(CrashAccount::tier, TreeMap::new,
                Collectors.summingLong(CrashAccount::balance)));
        assertEquals(balances, new TreeMap<>(accounts.sumBalanceByTier()), context + ": sumBalanceByTier()");
        for (CrashAccount account : all) {
            assertEquals(account, accounts.findByHandle(account.handle()).orElse(null), context + ": findByHandle");
        }
        for (String tier : CrashWriterMain.TIERS) {
            assertEquals(all.stream().filter(a -> a.tier().equals(tier)).map(CrashAccount::id).toList(),
                    accounts.findByTier(tier).stream().map(CrashAccount::id).toList(), context + ": findByTier");
        }
    }
}
