package io.kvmapper.it.evolution;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.it.TestStores;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schema entry a store keeps per entity: missing (an older store) and damaged. */
class StoredSchemaTest {
    private static final byte[] ENTRY = new KeyLayout("Subscriber", 1).metaKey(MetaKinds.SCHEMA,
            MetaKinds.SCHEMA_NAME);

    @TempDir
    Path dir;

    private KvStore open() {
        return TestStores.open(dir);
    }

    private static void subscriber(KvStore store, long id) {
        new SubscriberV1Repository(store).save(new SubscriberV1(id, "s" + id + "@example.com", "n", "gold", 30,
                new Address("1 Main Street", "Oslo"), List.of()));
    }

    /** A store written before stores recorded schemas has no entry: whatever code opens it is recorded. */
    @Test
    void aStoreWithoutARecordedSchemaRecordsTheCodes() {
        try (KvStore store = open()) {
            subscriber(store, 1);
            store.transact(tx -> {
                tx.unwrap(KvTransaction.class).delete(ENTRY);
            });
        }
        try (KvStore store = open()) {
            SubscriberV2Repository subscribers = new SubscriberV2Repository(store);
            assertTrue(store.awaitSchemaBuilds(Duration.ofSeconds(60)));
            assertEquals("gold", subscribers.findById(1).orElseThrow().tier());
            assertEquals(2L, Tuples.decode(store.unwrap(KvBackend.class).get(ENTRY)).get(0));
        }
    }

    @Test
    void aDamagedSchemaEntryIsCorruptDataNamingItsKey() {
        try (KvStore store = open()) {
            subscriber(store, 1);
            store.transact(tx -> {
                tx.unwrap(KvTransaction.class).put(ENTRY, Tuples.encode(1L, "{\"format\": 1"));
            });
        }
        try (KvStore store = open()) {
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> new SubscriberV1Repository(store));
            assertTrue(e.getMessage().startsWith("Subscriber: the stored schema ((\"Subscriber\", \"m\"), \"schema\", "
                    + "\"current\") cannot be read: not valid JSON"), e.getMessage());
        }
    }
}
