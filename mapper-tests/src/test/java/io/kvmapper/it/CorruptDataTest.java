package io.kvmapper.it;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bytes that are not a valid value raise CorruptDataException naming the entity and key, never garbage. */
class CorruptDataTest {
    static final Instant AT = Instant.parse("2026-05-01T12:00:00Z");

    @TempDir
    Path dir;

    /** Overwrites the stored value of one event with {@code bytes}, behind the repository's back. */
    static void overwrite(KvStore store, byte[] key, byte[] bytes) {
        store.transact(tx -> {
            tx.unwrap(KvTransaction.class).put(key, bytes);
        });
    }

    /** Saves one event and returns its record key, found by scanning the entity's records. */
    static byte[] keyOf(KvStore store, EventRepository events) {
        events.save(new Event("s", AT, 1, "ok"));
        try (var cursor = store.unwrap(KvBackend.class).scan(new io.kvmapper.internal.layout.KeyLayout("Event", 1).records(),
                io.kvmapper.spi.ScanOptions.FORWARD)) {
            return cursor.next().key();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "J", "J\u0001", "J\u0001{", "J\u0001{\"payload\":", "J\u0001[]", "J\u0001{\"seq\":\"x\"}",
            "J\u0001{\"at\":\"not a time\"}", "J\u0001{} trailing", "P\u0001{}", "{\"stream\":\"s\"}",
            "J\u0001{}", "J\u0001{\"stream\":\"t\",\"at\":\"2026-05-01T12:00:00Z\",\"seq\":1}", "J\u0001{\"seq\":1e400}", "J\u0001{\"seq\":123456789012345678901234567890}"})
    void invalidValuesRaiseCorruptDataNamingEntityAndKey(String value) {
        try (KvStore store = Stores.open(dir)) {
            EventRepository events = new EventRepository(store);
            byte[] key = keyOf(store, events);
            overwrite(store, key, value.getBytes(StandardCharsets.ISO_8859_1));
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> events.findById("s", AT, 1));
            assertTrue(e.getMessage().startsWith("Event (("), e.getMessage());
            assertTrue(e.getMessage().contains("\"s\""), e.getMessage());
            events.save(new Event("s", AT.plusSeconds(60), 2, "sound"));
            assertEquals(List.of("sound"), events.findByStream("s").stream().map(Event::payload).toList(),
                    "scans go on past a record they cannot decode");
            try (Stream<Event> all = events.findAll()) {
                assertEquals(List.of("sound"), all.map(Event::payload).toList());
            }
            assertTrue(events.deleteById("s", AT, 1), "deleteById removes a record that cannot be decoded");
            assertEquals(java.util.Optional.empty(), events.findById("s", AT, 1));
            events.save(new Event("s", AT, 1, "again"));
            assertEquals("again", events.findById("s", AT, 1).orElseThrow().payload());
        }
    }

    @Test
    void randomGarbageNeverDecodesSilentlyIntoAnotherObject() {
        java.util.Random random = new java.util.Random(7);
        try (KvStore store = Stores.open(dir)) {
            EventRepository events = new EventRepository(store);
            byte[] key = keyOf(store, events);
            for (int i = 0; i < 500; i++) {
                byte[] garbage = new byte[random.nextInt(40)];
                random.nextBytes(garbage);
                overwrite(store, key, garbage);
                try {
                    Event e = events.findById("s", AT, 1).orElseThrow();
                    assertEquals(List.of("s", AT, 1L), List.of(e.stream(), e.at(), e.seq()),
                            "garbage decoded into an event of another key");
                } catch (CorruptDataException expected) {
                    assertTrue(expected.getMessage().contains("Event"), expected.getMessage());
                }
            }
        }
    }
}
