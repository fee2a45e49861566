package io.kvmapper.it.schema;

import static io.kvmapper.it.schema.SchemaFixtures.awaitBuilds;
import static io.kvmapper.it.schema.SchemaFixtures.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import io.kvmapper.it.schema.SchemaFixtures.Gate;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While a redefined unique index is cleared of its old entries, writes are not checked against those
 * old entries: a value the old definition held is free under the new one.
 */
class RedefinedUniqueIndexTest {
    @TempDir
    Path dir;

    @Test
    void aValueHeldOnlyByAnOldEntryIsFreeWhileTheIndexIsCleared() throws Exception {
        try (KvStore store = open(dir)) {
            HandleV1Repository v1 = new HandleV1Repository(store);
            store.transact(tx -> {
                for (long id = 0; id < 2_000; id++) {
                    v1.with(tx).save(new HandleV1(id, "n" + id, "l" + id));
                }
            });
        }
        Gate clearing = Gate.atFirstBatchOf("building index 'handle'"); // clearing reports per 500 deleted
        try (KvStore store = open(dir)) {
            store.addProgressListener(clearing);
            HandleV2Repository v2 = new HandleV2Repository(store);
            clearing.awaitReached();
            // "n999" sorts among the old entries the clearing has not reached yet
            v2.save(new HandleV2(5_000, "x", "n999"));
            clearing.release();
            awaitBuilds(store);
            assertEquals(Optional.of(5_000L), v2.findByHandle("n999").map(HandleV2::id));
            assertEquals(Optional.of(7L), v2.findByHandle("l7").map(HandleV2::id));
            assertEquals(Optional.empty(), v2.findByHandle("n7"));
            assertTrue(v2.verify().isClean(), v2.verify().toString());
        }
    }
}
