package io.kvmapper.it.databind;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fields that Jackson databind writes round-trip through the generated JSON codec on RocksDB: random
 * {@link Link} entities (records, a bean, {@code URI}, {@code Duration}, {@code ZoneId}, and lists, maps,
 * sets and an {@code Optional} of them; nulls, null elements, empties, extremes, unicode; databind fields
 * inside embedded objects, next to generated fields) are saved, read back by key and by index, and
 * compared; sets also keep their order.
 */
class DatabindRoundTripPropertyTest {
    private static final int ENTITIES = 300;
    private static final long SEED = 20_260_517L;
    private static final String CHARACTERS = "abcxyz019 -_.~/?#%&=+é日本語\u00df\u0394\uD83D\uDE00\"\\\t";
    private static final List<String> ZONES = List.of("UTC", "Europe/Paris", "America/St_Johns", "Asia/Kathmandu",
            "+05:30", "-12:00", "Z");

    @TempDir
    Path dir;

    @Test
    void randomEntitiesRoundTrip() {
        Random random = new Random(SEED);
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            LinkRepository links = new LinkRepository(store);
            for (int i = 0; i < ENTITIES; i++) {
                Link original = link(random, i);
                links.save(original);
                Link read = links.findById(i).orElseThrow();
                String context = "entity " + i + " (seed " + SEED + "): " + original;
                assertEquals(original, read, context);
                if (original.tags() != null) {
                    assertEquals(new ArrayList<>(original.tags()), new ArrayList<>(read.tags()), context);
                }
                if (original.title() != null) {
                    assertEquals(true, links.findByTitle(original.title()).contains(original), context);
                }
            }
            try (var all = links.findAll()) {
                assertEquals(ENTITIES, all.count());
            }
        }
    }

    @Test
    void anEntityOfNullsAndEmptiesRoundTrips() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            LinkRepository links = new LinkRepository(store);
            Link nulls = new Link(1, null, null, null, null, null, null, null, null, null, null, Optional.empty(),
                    null, null, 0);
            links.save(nulls);
            assertEquals(nulls, links.findById(1).orElseThrow());

            Link empties = new Link(2, "", "", URI.create(""), Duration.ZERO, ZoneId.of("UTC"), new Money(0, ""),
                    new Settings(), List.of(), Map.of(), new LinkedHashSet<>(), Optional.empty(),
                    new Link.Origin(null, null, null), List.of(), 0);
            links.save(empties);
            assertEquals(empties, links.findById(2).orElseThrow());
        }
    }

    private static Link link(Random r, long id) {
        return new Link(id,
                orNull(r, () -> "title" + r.nextInt(20)),
                orNull(r, () -> "kind" + r.nextInt(4)),
                orNull(r, () -> uri(r)),
                orNull(r, () -> duration(r)),
                orNull(r, () -> ZoneId.of(ZONES.get(r.nextInt(ZONES.size())))),
                orNull(r, () -> money(r)),
                orNull(r, () -> settings(r)),
                orNull(r, () -> list(r, () -> orNull(r, () -> uri(r)))),
                orNull(r, () -> offers(r)),
                orNull(r, () -> tags(r)),
                r.nextInt(3) == 0 ? Optional.empty() : Optional.of(money(r)),
                orNull(r, () -> origin(r)),
                orNull(r, () -> list(r, () -> orNull(r, () -> origin(r)))),
                r.nextLong());
    }

    private static Link.Origin origin(Random r) {
        return new Link.Origin(orNull(r, () -> text(r)), orNull(r, () -> uri(r)), orNull(r, () -> duration(r)));
    }

    private static Money money(Random r) {
        long cents = switch (r.nextInt(6)) {
            case 0 -> Long.MIN_VALUE;
            case 1 -> Long.MAX_VALUE;
            case 2 -> 0;
            default -> r.nextLong();
        };
        return new Money(cents, orNull(r, () -> text(r)));
    }

    private static Settings settings(Random r) {
        return new Settings(r.nextBoolean(), orNull(r, () -> text(r)),
                orNull(r, () -> list(r, () -> orNull(r, () -> text(r)))));
    }

    private static Map<String, Money> offers(Random r) {
        Map<String, Money> offers = new LinkedHashMap<>();
        int size = r.nextInt(4);
        for (int i = 0; i < size; i++) {
            offers.put(text(r), orNull(r, () -> money(r)));
        }
        return offers;
    }

    private static Set<URI> tags(Random r) {
        Set<URI> tags = new LinkedHashSet<>();
        int size = r.nextInt(6);
        for (int i = 0; i < size; i++) {
            tags.add(uri(r));
        }
        return tags;
    }

    private static Duration duration(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> Duration.ZERO;
            case 1 -> Duration.ofSeconds(Long.MAX_VALUE, 999_999_999);
            case 2 -> Duration.ofSeconds(Long.MIN_VALUE);
            case 3 -> Duration.ofNanos(-r.nextInt(1_000_000_000));
            default -> Duration.ofSeconds(r.nextInt(), r.nextInt(1_000_000_000));
        };
    }

    private static URI uri(Random r) {
        try {
            return new URI(r.nextBoolean() ? "https" : "urn", "host" + r.nextInt(100) + ".example",
                    "/" + text(r).replace("\\", ""), r.nextBoolean() ? text(r) : null, null);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String text(Random r) {
        StringBuilder text = new StringBuilder();
        int length = r.nextInt(8);
        for (int i = 0; i < length; i++) {
            int at = r.nextInt(CHARACTERS.length());
            char c = CHARACTERS.charAt(at);
            if (Character.isHighSurrogate(c)) {
                text.append(c).append(CHARACTERS.charAt(at + 1));
            } else if (!Character.isLowSurrogate(c)) {
                text.append(c);
            }
        }
        return text.toString();
    }

    private static <T> List<T> list(Random r, Supplier<T> element) {
        List<T> list = new ArrayList<>();
        int size = r.nextInt(5);
        for (int i = 0; i < size; i++) {
            list.add(element.get());
        }
        return list;
    }

    private static <T> T orNull(Random r, Supplier<T> value) {
        return r.nextInt(7) == 0 ? null : value.get();
    }
}
