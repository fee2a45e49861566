package io.kvmapper.it.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.IntegrityReport;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import io.kvmapper.it.TestStores;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link KvStore#MAX_KEY_BYTES} through generated repositories, in both layouts and on every backend (the same
 * test runs in the RocksDB, memory and Cassandra executions): a write whose key component, indexed value, counter
 * group or (in the attribute-per-key layout) map key makes a key over the limit is an
 * {@link InvalidRequestException} naming the entity (and index or counter) and the key, and leaves every item of
 * the store as it was; reads and deletes by such a key are not refused.
 */
class KeyLimitTest {
    private static final KeyRange EVERYTHING = new KeyRange(new byte[] {0x00}, new byte[] {(byte) 0xFF});
    private static final String LIMIT = "over the 10,000 bytes KV Mapper writes in a key on every backend"
            + " (KvStore.MAX_KEY_BYTES)";

    @TempDir
    Path dir;
    private KvStore store;

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    /** The two layouts, through one view of their generated repositories. */
    enum Kind {
        MONOLITHIC, ATTRIBUTE_PER_KEY
    }

    private Tickets open(Kind kind) {
        store = TestStores.open(dir);
        Tickets tickets = kind == Kind.MONOLITHIC ? Tickets.mono(new MonoTicketRepository(store))
                : Tickets.apk(new ApkTicketRepository(store));
        tickets.save(tickets.create("t", 1));
        tickets.save(tickets.create("t", 2));
        return tickets;
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aKeyComponentOverTheLimitIsRefusedOnEveryWriteAndReadsAndDeletesStillWork(Kind kind) {
        Tickets tickets = open(kind);
        String tenant = "x".repeat(20_000);
        Ticket ticket = tickets.create(tenant, 1);
        InvalidRequestException e = refused(() -> tickets.save(ticket));
        assertTrue(e.getMessage().startsWith(tickets.entity() + ": the record key ((\"" + tickets.entity()
                + "\", \"r\", \"xxxx"), e.getMessage());
        assertTrue(e.getMessage().contains("... is 20,0"), e.getMessage());
        assertTrue(e.getMessage().endsWith("; shorten the key components (a long text belongs in a field; a key can"
                + " hold a hash or an id of it)"), e.getMessage());
        refused(() -> tickets.insert(ticket));
        // no record has such a key, so it reads as absent and a delete or update finds nothing to change
        assertEquals(Optional.empty(), tickets.find(tenant, 1));
        assertFalse(tickets.delete(tenant, 1));
        assertFalse(tickets.updateHandle(tenant, 1, "h"));
        assertTrue(tickets.verify().isClean(), () -> tickets.verify().toString());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aUniqueValueOfTheLimitIsStoredAndOneByteMoreIsRefused(Kind kind) {
        Tickets tickets = open(kind);
        // a unique entry is ((entity, "i", index), value): a string value is its code, its bytes and a zero
        int overhead = Tuples.encode(List.of(tickets.entity(), "i", "handle"), "").length;
        String handle = "h".repeat(KvStore.MAX_KEY_BYTES - overhead);
        assertTrue(tickets.updateHandle("t", 1, handle));
        assertEquals(handle, tickets.find("t", 1).orElseThrow().handle);
        InvalidRequestException e = refused(() -> tickets.updateHandle("t", 2, handle + "h"));
        assertTrue(e.getMessage().startsWith(tickets.entity() + ": index 'handle': the entry ((\"" + tickets.entity()
                + "\", \"i\", \"handle\"), \"hhh"), e.getMessage());
        assertTrue(e.getMessage().contains("... is 10,001 bytes, " + LIMIT), e.getMessage());
        Ticket changed = tickets.find("t", 2).orElseThrow();
        changed.handle = handle + "h";
        refused(() -> tickets.save(changed));
        Ticket fresh = tickets.create("t", 3);
        fresh.handle = handle + "h";
        refused(() -> tickets.insert(fresh));
        assertTrue(tickets.verify().isClean(), () -> tickets.verify().toString());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void anIndexedElementOrCounterGroupOverTheLimitIsRefused(Kind kind) {
        Tickets tickets = open(kind);
        String huge = "y".repeat(64 << 10);
        InvalidRequestException tag = refused(() -> tickets.addTags("t", 1, huge));
        assertTrue(tag.getMessage().startsWith(tickets.entity() + ": index 'tags': the entry"), tag.getMessage());
        InvalidRequestException city = refused(() -> tickets.updateCity("t", 1, huge));
        assertTrue(city.getMessage().startsWith(tickets.entity() + ": counter 'byCity': the group"),
                city.getMessage());
        assertTrue(city.getMessage().endsWith("shorten the values the counter groups by"), city.getMessage());
        Ticket changed = tickets.find("t", 1).orElseThrow();
        changed.city = huge;
        refused(() -> tickets.save(changed));
        assertEquals(2, tickets.countByCity("Lyon"));
        assertTrue(tickets.verify().isClean(), () -> tickets.verify().toString());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aMapKeyIsAKeyOnlyInTheAttributePerKeyLayout(Kind kind) {
        Tickets tickets = open(kind);
        String key = "k".repeat(20_000);
        if (kind == Kind.MONOLITHIC) {
            // the map is part of the record's one value, which the key limit does not concern
            assertTrue(tickets.putMarks("t", 1, key, 1));
            assertEquals(1, tickets.find("t", 1).orElseThrow().marks.get(key));
            return;
        }
        InvalidRequestException e = refused(() -> tickets.putMarks("t", 1, key, 1));
        assertTrue(e.getMessage().startsWith("ApkTicket: the item key ((\"ApkTicket\", \"r\", \"t\"), 1, \"marks\","
                + " \"kkk"), e.getMessage());
        assertTrue(e.getMessage().endsWith("every item of the attribute-per-key layout holds the record key and its"
                + " path (field names, list positions, set elements, map keys); shorten the key components, set"
                + " elements or map keys"), e.getMessage());
        Ticket changed = tickets.find("t", 1).orElseThrow();
        changed.marks.put(key, 2);
        refused(() -> tickets.save(changed)); // the whole record's write, with its index and counter upkeep
        assertTrue(tickets.verify().isClean(), () -> tickets.verify().toString());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aRefusedWriteLeavesTheUnitOfWorkItRanInAsItWas(Kind kind) {
        Tickets tickets = open(kind);
        store.transact(tx -> {
            Tickets inTx = tickets.with(tx);
            inTx.save(tickets.create("t", 5));
            Ticket changed = inTx.find("t", 1).orElseThrow();
            changed.handle = "claimed-first"; // a unique claim and an index entry the refusal must take back
            changed.tags.add("new-tag");
            changed.marks.put("k".repeat(20_000), 2); // over the limit only in the attribute-per-key layout
            changed.city = kind == Kind.MONOLITHIC ? "c".repeat(20_000) : "Paris";
            assertThrows(InvalidRequestException.class, () -> inTx.save(changed));
        });
        assertTrue(tickets.find("t", 5).isPresent());
        assertEquals(tickets.create("t", 1), tickets.find("t", 1).orElseThrow());
        assertEquals(Optional.empty(), tickets.findByHandle("claimed-first"));
        assertEquals(0, tickets.findByTags("new-tag").size());
        assertEquals(3, tickets.countByCity("Lyon"));
        assertTrue(tickets.verify().isClean(), () -> tickets.verify().toString());
    }

    /** Runs a write that must be refused, and checks that it left every item of the store as it was. */
    private InvalidRequestException refused(Supplier<Object> write) {
        TreeMap<byte[], byte[]> before = snapshot();
        InvalidRequestException e = assertThrows(InvalidRequestException.class, write::get);
        TreeMap<byte[], byte[]> after = snapshot();
        assertEquals(before.size(), after.size(), "a refused write writes nothing: " + e.getMessage());
        before.forEach((key, value) -> assertTrue(Arrays.equals(value, after.get(key)),
                () -> "a refused write writes nothing, but changed " + Tuples.toString(key)));
        assertTrue(e.getMessage().contains(LIMIT), e.getMessage());
        assertTrue(e.getMessage().length() < 700, () -> "the key is abbreviated: " + e.getMessage().length());
        return e;
    }

    private TreeMap<byte[], byte[]> snapshot() {
        TreeMap<byte[], byte[]> items = new TreeMap<>(Arrays::compareUnsigned);
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(EVERYTHING, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                items.put(item.key(), item.value());
            }
        }
        return items;
    }

    /** What the tests call on either generated repository. */
    private interface Tickets {
        String entity();

        Ticket create(String tenant, long seq);

        Ticket save(Ticket ticket);

        Ticket insert(Ticket ticket);

        Optional<? extends Ticket> find(String tenant, long seq);

        boolean delete(String tenant, long seq);

        boolean updateHandle(String tenant, long seq, String handle);

        boolean updateCity(String tenant, long seq, String city);

        boolean addTags(String tenant, long seq, String tag);

        boolean putMarks(String tenant, long seq, String key, int value);

        long countByCity(String city);

        Optional<? extends Ticket> findByHandle(String handle);

        List<? extends Ticket> findByTags(String tag);

        IntegrityReport verify();

        Tickets with(Transaction tx);

        static Tickets mono(MonoTicketRepository repository) {
            return new Tickets() {
                public String entity() {
                    return "MonoTicket";
                }

                public Ticket create(String tenant, long seq) {
                    return new MonoTicket().with(tenant, seq);
                }

                public Ticket save(Ticket ticket) {
                    return repository.save((MonoTicket) ticket);
                }

                public Ticket insert(Ticket ticket) {
                    return repository.insert((MonoTicket) ticket);
                }

                public Optional<? extends Ticket> find(String tenant, long seq) {
                    return repository.findById(tenant, seq);
                }

                public boolean delete(String tenant, long seq) {
                    return repository.deleteById(tenant, seq);
                }

                public boolean updateHandle(String tenant, long seq, String handle) {
                    return repository.updateHandle(tenant, seq, handle);
                }

                public boolean updateCity(String tenant, long seq, String city) {
                    return repository.updateCity(tenant, seq, city);
                }

                public boolean addTags(String tenant, long seq, String tag) {
                    return repository.addTags(tenant, seq, tag);
                }

                public boolean putMarks(String tenant, long seq, String key, int value) {
                    return repository.putMarks(tenant, seq, key, value);
                }

                public long countByCity(String city) {
                    return repository.countByCity(city);
                }

                public Optional<? extends Ticket> findByHandle(String handle) {
                    return repository.findByHandle(handle);
                }

                public List<? extends Ticket> findByTags(String tag) {
                    return repository.findByTags(tag);
                }

                public Tickets with(Transaction tx) {
                    return mono(repository.with(tx));
                }

                public IntegrityReport verify() {
                    return repository.verify();
                }
            };
        }

        static Tickets apk(ApkTicketRepository repository) {
            return new Tickets() {
                public String entity() {
                    return "ApkTicket";
                }

                public Ticket create(String tenant, long seq) {
                    return new ApkTicket().with(tenant, seq);
                }

                public Ticket save(Ticket ticket) {
                    return repository.save((ApkTicket) ticket);
                }

                public Ticket insert(Ticket ticket) {
                    return repository.insert((ApkTicket) ticket);
                }

                public Optional<? extends Ticket> find(String tenant, long seq) {
                    return repository.findById(tenant, seq);
                }

                public boolean delete(String tenant, long seq) {
                    return repository.deleteById(tenant, seq);
                }

                public boolean updateHandle(String tenant, long seq, String handle) {
                    return repository.updateHandle(tenant, seq, handle);
                }

                public boolean updateCity(String tenant, long seq, String city) {
                    return repository.updateCity(tenant, seq, city);
                }

                public boolean addTags(String tenant, long seq, String tag) {
                    return repository.addTags(tenant, seq, tag);
                }

                public boolean putMarks(String tenant, long seq, String key, int value) {
                    return repository.putMarks(tenant, seq, key, value);
                }

                public long countByCity(String city) {
                    return repository.countByCity(city);
                }

                public Optional<? extends Ticket> findByHandle(String handle) {
                    return repository.findByHandle(handle);
                }

                public List<? extends Ticket> findByTags(String tag) {
                    return repository.findByTags(tag);
                }

                public Tickets with(Transaction tx) {
                    return apk(repository.with(tx));
                }

                public IntegrityReport verify() {
                    return repository.verify();
                }
            };
        }
    }
}
