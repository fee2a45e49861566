package io.kvmapper.it.databind;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.it.StoredValues;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fields written by Jackson databind on a real RocksDB store: partial updates of them (also inside an
 * embedded object, and to null), indexes and counters of the generated fields around them, a class
 * entity, polymorphic values, the stored JSON they become part of, properties a later version added, and
 * what happens with types databind cannot write or read back.
 */
class DatabindFieldsTest {
    private static final Money TEN_EURO = new Money(1_000, "EUR");

    @TempDir
    Path dir;

    private static Link link(long id, String title, String kind) {
        LinkedHashSet<URI> tags = new LinkedHashSet<>(List.of(URI.create("tag:z"), URI.create("tag:a")));
        return new Link(id, title, kind, URI.create("https://example.com/" + id), Duration.ofSeconds(90),
                ZoneId.of("Europe/Paris"), TEN_EURO, new Settings(true, "blue", List.of("x")),
                List.of(URI.create("https://mirror.example/" + id)), Map.of("spring", new Money(900, "EUR")), tags,
                Optional.of(new Money(100, "EUR")), new Link.Origin("crawler", URI.create("https://source.example/"),
                Duration.ofDays(7)), List.of(new Link.Origin("import", null, Duration.ZERO)), 3);
    }

    @Test
    void partialUpdatesReplaceADatabindFieldWholeAndKeepTheOthers() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            LinkRepository links = new LinkRepository(store);
            Link original = link(1, "home", "news");
            links.save(original);

            assertTrue(links.updateTarget(1, URI.create("https://example.org/moved")));
            assertTrue(links.updatePrice(1, new Money(1_250, "USD")));
            assertTrue(links.updateMirrors(1, List.of(URI.create("https://a.example/"), URI.create("https://b.example/"))));
            assertTrue(links.updateDiscount(1, Optional.empty()));
            assertTrue(links.updateSettings(1, null));
            Link.Origin origin = new Link.Origin("feed", URI.create("https://feed.example/rss"), Duration.ofHours(1));
            assertTrue(links.updateOrigin(1, origin));
            assertFalse(links.updatePrice(2, TEN_EURO));

            Link expected = new Link(1, "home", "news", URI.create("https://example.org/moved"), original.timeout(),
                    original.zone(), new Money(1_250, "USD"), null,
                    List.of(URI.create("https://a.example/"), URI.create("https://b.example/")), original.offers(),
                    original.tags(), Optional.empty(), origin, original.history(), 3);
            assertEquals(expected, links.findById(1).orElseThrow());
            assertEquals(List.of(expected), links.findByTitle("home"));
        }
    }

    @Test
    void indexesAndCountersOfGeneratedFieldsFollowSavesAndUpdatesNextToDatabindFields() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            LinkRepository links = new LinkRepository(store);
            links.save(link(1, "a", "news"));
            links.save(link(2, "b", "news"));
            links.save(link(3, "a", "blog"));

            assertTrue(links.updateKind(2, "blog"));
            assertTrue(links.updateTitle(3, "c"));

            assertEquals(1, links.countByKind("news"));
            assertEquals(2, links.countByKind("blog"));
            assertEquals(List.of(1L), links.findByTitle("a").stream().map(Link::id).toList());
            assertEquals(link(3, "c", "blog"), links.findByTitle("c").get(0));
            assertTrue(links.verify().isClean(), links.verify().problems().toString());
        }
    }

    @Test
    void aClassEntityWritesItsDatabindFieldsThroughItsAccessors() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            SubscriberRepository subscribers = new SubscriberRepository(store);
            Subscriber ann = new Subscriber("ann@example.com", "pro", URI.create("https://ann.example/"), TEN_EURO,
                    List.of(new Money(500, "EUR"), new Money(700, "EUR")));
            subscribers.save(ann);
            assertEquals(ann, subscribers.findById("ann@example.com").orElseThrow());

            assertTrue(subscribers.updateBalance("ann@example.com", new Money(-20, "EUR")));
            assertTrue(subscribers.updateHomepage("ann@example.com", null));
            Subscriber expected = new Subscriber("ann@example.com", "pro", null, new Money(-20, "EUR"),
                    ann.getInvoices());
            assertEquals(expected, subscribers.findById("ann@example.com").orElseThrow());
            assertEquals(List.of(expected), subscribers.findByPlan("pro"));
        }
    }

    @Test
    void databindValuesArePartOfTheEntitysOneJsonObject() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            new LinkRepository(store).save(link(7, "t", "k"));
            String json = storedValue(store, "DbLink");
            assertTrue(json.startsWith("J\u0001{\"id\":7,\"title\":\"t\",\"kind\":\"k\",\"target\":\"https://example.com/7\","
                    + "\"timeout\":\"PT1M30S\",\"zone\":\"Europe/Paris\",\"price\":{\"cents\":1000,\"currency\":\"EUR\"},"),
                    json);
            assertTrue(json.contains(",\"tags\":[\"tag:z\",\"tag:a\"],\"discount\":{\"cents\":100,\"currency\":\"EUR\"},"
                    + "\"origin\":{\"host\":\"crawler\",\"source\":\"https://source.example/\",\"ttl\":\"PT168H\"},"),
                    json);
            assertTrue(json.endsWith(",\"clicks\":3}"), json);
        }
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void arraysRoundTrip() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            SamplesRepository samples = new SamplesRepository(store);
            List<Money>[] batches = new List[] {List.of(TEN_EURO), null, List.of()};
            samples.save(new Samples(1, new int[] {Integer.MIN_VALUE, 0, 7}, new URI[] {URI.create("urn:a"), null},
                    batches));

            Samples read = samples.findById(1).orElseThrow();
            assertArrayEquals(new int[] {Integer.MIN_VALUE, 0, 7}, read.values());
            assertArrayEquals(new URI[] {URI.create("urn:a"), null}, read.sources());
            assertArrayEquals(batches, read.batches());
        }
    }

    /** A later version of a databind type may add properties; values it wrote stay readable. */
    @Test
    void propertiesADatabindTypeDoesNotKnowAreSkipped() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            LinkRepository links = new LinkRepository(store);
            links.save(link(1, "t", "k"));
            byte[] key = storedKey(store, "DbLink");
            overwrite(store, key, "J\u0001{\"id\":1,\"price\":{\"cents\":5,\"rate\":{\"to\":\"USD\"},\"currency\":\"EUR\"},"
                    + "\"settings\":{\"pinned\":true,\"theme\":\"dark\"},\"clicks\":2}");

            Link read = links.findById(1).orElseThrow();
            assertEquals(new Money(5, "EUR"), read.price());
            assertEquals(new Settings(true, null, null), read.settings());
            assertEquals(2, read.clicks());
        }
    }

    @Test
    void polymorphicValuesWithJacksonTypeInformationRoundTrip() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            DrawingRepository drawings = new DrawingRepository(store);
            Drawing drawing = new Drawing(1, new Shape.Square(2),
                    Arrays.asList(new Shape.Circle(1.5), null, new Shape.Square(0.25)));
            drawings.save(drawing);

            assertEquals(drawing, drawings.findById(1).orElseThrow());
            String json = storedValue(store, "DbDrawing");
            assertTrue(json.endsWith("{\"id\":1,\"outline\":{\"kind\":\"square\",\"side\":2.0},\"layers\":["
                    + "{\"kind\":\"circle\",\"radius\":1.5},null,{\"kind\":\"square\",\"side\":0.25}]}"), json);
        }
    }

    /**
     * Databind writes a Receipt but cannot build one back: the read fails with CorruptDataException naming
     * entity, key and field, and the stored JSON is intact, so a Receipt that gains a {@code @JsonCreator}
     * reads it again.
     */
    @Test
    void aValueDatabindCannotReadBackFailsTheReadNamingTheField() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            SketchRepository sketches = new SketchRepository(store);
            sketches.save(new Sketch(4, "paid", new Receipt("r-1", 2), null));

            CorruptDataException e = assertThrows(CorruptDataException.class, () -> sketches.findById(4));
            assertTrue(e.getMessage().startsWith("DbSketch ((\"DbSketch\", \"r\", 4)): the stored value is not a valid "
                    + "encoding: field 'receipt' of Sketch (io.kvmapper.it.databind.Receipt) cannot be read by Jackson "
                    + "databind: Cannot construct instance of `io.kvmapper.it.databind.Receipt`"), e.getMessage());
            String json = storedValue(store, "DbSketch");
            assertTrue(json.contains("\"receipt\":{\"number\":\"r-1/2\"}"), json);
        }
    }

    @Test
    void aValueDatabindCannotWriteFailsTheSaveNamingTheFieldAndWritesNothing() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            SketchRepository sketches = new SketchRepository(store);
            sketches.save(new Sketch(5, "before", null, null));

            InvalidRequestException e = assertThrows(InvalidRequestException.class,
                    () -> sketches.save(new Sketch(5, "after", null, new Loop())));
            assertTrue(e.getMessage().startsWith("DbSketch: cannot encode the entity: "), e.getMessage());
            assertTrue(e.getMessage().contains("field 'loop' of Sketch (io.kvmapper.it.databind.Loop) cannot be written "
                    + "by Jackson databind: "), e.getMessage());
            assertEquals(new Sketch(5, "before", null, null), sketches.findById(5).orElseThrow());
        }
    }

    private static String storedValue(KvStore store, String entity) {
        return new String(StoredValues.body(only(store, entity).value()), StandardCharsets.UTF_8);
    }

    private static byte[] storedKey(KvStore store, String entity) {
        return only(store, entity).key();
    }

    private static KeyValue only(KvStore store, String entity) {
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(new KeyLayout(entity, 1).records(), ScanOptions.FORWARD)) {
            cursor.forEachRemaining(items::add);
        }
        assertEquals(1, items.size(), entity + " records");
        return items.get(0);
    }

    private static void overwrite(KvStore store, byte[] key, String value) {
        store.transact(tx -> {
            tx.unwrap(KvTransaction.class).put(key, value.getBytes(StandardCharsets.UTF_8));
        });
    }
}
