package io.kvmapper.it.schema;

import io.kvmapper.spi.KvBackend;
import static io.kvmapper.it.schema.SchemaFixtures.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sum counter over a signed field: a group whose amounts cancel out holds zero, which issue 3 says
 * must be removed ("a group that reaches zero is removed"), and which verify() must accept.
 */
class SumCounterZeroTest {
    private static final KeyRange GROUPS = KeyRange.startingWith(new KeyLayout("Ledger", 1)
            .counterPrefix("balanceByAccount"));

    @TempDir
    Path dir;

    @Test
    void aSumGroupReachingZeroByADecrementIsRemovedAndVerifies() {
        try (KvStore store = open(dir)) {
            LedgerRepository ledger = new LedgerRepository(store);
            ledger.save(new Ledger(1, "acc", 5));
            ledger.save(new Ledger(2, "acc", -5));
            assertCancelled(store, ledger);
        }
    }

    @Test
    void aSumGroupReachingZeroByAnIncrementIsRemovedAndVerifies() {
        try (KvStore store = open(dir)) {
            LedgerRepository ledger = new LedgerRepository(store);
            ledger.save(new Ledger(1, "acc", -5));
            ledger.save(new Ledger(2, "acc", 5));
            assertCancelled(store, ledger);
        }
    }

    @Test
    void aSumGroupOfZeroAmountsIsNeverCreatedAndVerifies() {
        try (KvStore store = open(dir)) {
            LedgerRepository ledger = new LedgerRepository(store);
            ledger.save(new Ledger(1, "acc", 0));
            assertCancelled(store, ledger);
            ledger.save(new Ledger(1, "acc", 3));
            ledger.save(new Ledger(1, "acc", 0));
            assertCancelled(store, ledger);
        }
    }

    @Test
    void aSumGroupCancellingOutInAnOnlineBuildIsNotStoredAndVerifies() {
        try (KvStore store = open(dir)) {
            LedgerV0Repository old = new LedgerV0Repository(store);
            old.save(new LedgerV0(1, "acc", 5));
            old.save(new LedgerV0(2, "acc", -5));
            old.save(new LedgerV0(3, "other", 7));
        }
        try (KvStore store = open(dir)) {
            LedgerRepository ledger = new LedgerRepository(store);
            assertTrue(store.awaitSchemaBuilds(SchemaFixtures.WAIT));
            assertEquals(Map.of("other", 7L), ledger.sumBalanceByAccount());
            assertEquals(1, storedGroups(store), "only the group that is not zero is stored");
            IntegrityReport report = ledger.verify();
            assertTrue(report.isClean(), report.toString());
            ledger.deleteById(1); // the group goes to -5, and back to zero through an increment
            assertEquals(Map.of("acc", -5L, "other", 7L), ledger.sumBalanceByAccount());
            ledger.save(new Ledger(1, "acc", 5));
            assertEquals(0, ledger.sumBalanceByAccount("acc"));
            assertEquals(Map.of("other", 7L), ledger.sumBalanceByAccount());
            assertEquals(1, storedGroups(store));
            report = ledger.verify();
            assertTrue(report.isClean(), report.toString());
        }
    }

    /**
     * How many groups the counter stores. A backend that detects conflicts removes a group that reaches zero
     * (asserted); elsewhere such a group may stay, holding zero, which reads as absent, so only the others
     * count there.
     */
    private static int storedGroups(KvStore store) {
        int stored = 0;
        int nonZero = 0;
        for (KeyValue item : SchemaFixtures.rawItems(store, GROUPS)) {
            stored++;
            if (Counters.decode(item.key(), item.value()) != 0) {
                nonZero++;
            }
        }
        if (store.unwrap(KvBackend.class).detectsConflicts()) {
            assertEquals(stored, nonZero, "no group holding zero is kept");
        }
        return nonZero;
    }

    private static void assertCancelled(KvStore store, LedgerRepository ledger) {
        assertEquals(0, ledger.sumBalanceByAccount("acc"));
        assertEquals(Map.of(), ledger.sumBalanceByAccount());
        assertEquals(0, storedGroups(store), "the group that reached zero is removed");
        IntegrityReport report = ledger.verify();
        assertTrue(report.isClean(), report.toString());
    }
}
