package io.kvmapper.samples.cache;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.KvStore;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.StoredKeys;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * TTLs on cache entries, the data-modelling article's "no TTL on cache entries" mistake avoided: every
 * entry is put with a time to live, an expired entry reads as absent, and a sweep deletes the expired
 * entries in bounded batches through the range finder of the index on the expiry, one transaction per
 * batch, leaving the entries that have not expired.
 *
 * <p>Expiry is enforced by the read and by the sweep, not by the store: KV Mapper has no store-level TTL,
 * so an expired entry takes space until a sweep runs. The sample tells the time by fixed clocks, so what
 * it prints is the same on every run.
 */
public final class CacheTtlSample implements Sample {
    private static final Instant NOON = Instant.parse("2026-11-22T12:00:00Z");
    private static final int SWEEP_BATCH = 10;

    @Override
    public String title() {
        return "Cache entries with a TTL: expired entries read as absent and are swept in bounded batches";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        CacheEntryRepository entries = new CacheEntryRepository(store);
        List<String> left;
        try (Stream<CacheEntry> all = entries.findAll()) {
            left = all.map(CacheEntry::key).toList();
        }
        left.forEach(entries::deleteById);

        ExpiringCache atNoon = at(store, NOON);
        for (int i = 0; i < 24; i++) {
            atNoon.put(session(i), "user-" + i, Duration.ofMinutes(5));
        }
        for (int i = 0; i < 5; i++) {
            atNoon.put("profile:" + i, "{\"name\": \"user-" + i + "\"}", Duration.ofHours(1));
        }
        out.println("at 12:00, cached 24 sessions for 5 minutes and 5 profiles for 1 hour");
        at(store, NOON.plus(Duration.ofMinutes(2))).put(session(7), "user-7", Duration.ofMinutes(10));
        out.println("at 12:02, session:07 renewed for 10 minutes (it now expires at 12:12)");
        out.println("the index orders entries by expiry (the instant as nanoseconds), its first: "
                + StoredKeys.ofIndex(store, "CacheEntry", "expiresAt").get(0));

        ExpiringCache atTen = at(store, NOON.plus(Duration.ofMinutes(10)));
        Optional<String> expired = atTen.get(session(3));
        boolean stillStored = entries.existsById(session(3));
        out.println("at 12:10, get(session:03): " + expired + " (it expired at 12:05), though the store still holds"
                + " it until a sweep: " + stillStored + "; get(session:07): " + atTen.get(session(7))
                + ", get(profile:2): " + atTen.get("profile:2"));
        equal("an expired entry read through the cache", Optional.empty(), expired);
        equal("an expired entry before the sweep", true, stillStored);
        equal("the renewed session", Optional.of("user-7"), atTen.get(session(7)));

        ExpiringCache.Sweep sweep = atTen.sweep(SWEEP_BATCH);
        List<String> kept = keys(entries);
        out.printf("sweep at 12:10: deleted %d expired entries in %d batches of at most %d, each one transaction;"
                + " kept %s%n", sweep.entries(), sweep.batches(), SWEEP_BATCH, kept);
        equal("entries the sweep at 12:10 deleted", new ExpiringCache.Sweep(23, 3), sweep);
        equal("entries kept", List.of("profile:0", "profile:1", "profile:2", "profile:3", "profile:4", session(7)),
                kept);
        equal("index entries left", 6, StoredKeys.ofIndex(store, "CacheEntry", "expiresAt").size());
        equal("a profile after the sweep", Optional.of("{\"name\": \"user-2\"}"), atTen.get("profile:2"));

        ExpiringCache atOne = at(store, NOON.plus(Duration.ofHours(1)));
        Optional<String> profile = atOne.get("profile:2");
        ExpiringCache.Sweep later = atOne.sweep(SWEEP_BATCH);
        List<String> none = keys(entries);
        out.printf("at 13:00 the profiles expire: get(profile:2): %s; the sweep deleted %d entries in %d batch(es);"
                + " entries left: %d, index entries left: %d%n", profile, later.entries(), later.batches(),
                none.size(), StoredKeys.ofIndex(store, "CacheEntry", "expiresAt").size());
        equal("a profile at its expiry", Optional.empty(), profile);
        equal("entries the sweep at 13:00 deleted", new ExpiringCache.Sweep(6, 1), later);
        equal("entries left", List.of(), none);
    }

    /** The cache as seen at {@code now}, by a fixed clock. */
    private static ExpiringCache at(KvStore store, Instant now) {
        return new ExpiringCache(store, Clock.fixed(now, ZoneOffset.UTC));
    }

    private static String session(int i) {
        return String.format(Locale.ROOT, "session:%02d", i);
    }

    private static List<String> keys(CacheEntryRepository entries) {
        try (Stream<CacheEntry> all = entries.findAll()) {
            return all.map(CacheEntry::key).sorted().toList();
        }
    }
}
