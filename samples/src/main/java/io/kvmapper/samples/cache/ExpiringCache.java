package io.kvmapper.samples.cache;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A cache whose every entry has a time to live, the data-modelling article's "always set TTL on ephemeral
 * data": {@link #put} takes a TTL, there is no put without one. The store itself knows nothing of expiry
 * (KV Mapper has no store-level TTL): expiry is enforced here, by {@link #get}, which reads an expired entry
 * as absent, and by {@link #sweep}, which deletes expired entries and should run periodically (until it
 * does, expired entries still take space). An entry has expired once the clock reaches its
 * {@code expiresAt}.
 */
public final class ExpiringCache {
    private final KvStore store;
    private final CacheEntryRepository entries;
    private final Clock clock;

    /** The cache in {@code store}, telling the time by {@code clock}. */
    public ExpiringCache(KvStore store, Clock clock) {
        this.store = store;
        this.entries = new CacheEntryRepository(store);
        this.clock = clock;
    }

    /**
     * Caches {@code value} under {@code key} for {@code ttl} from now, replacing any earlier entry and its
     * expiry.
     *
     * @throws IllegalArgumentException if {@code ttl} is not positive
     */
    public void put(String key, String value, Duration ttl) {
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("a cache entry needs a positive time to live, was " + ttl);
        }
        entries.save(new CacheEntry(key, value, clock.instant().plus(ttl)));
    }

    /** The value cached under {@code key}; empty if there is none or it has expired, swept or not. */
    public Optional<String> get(String key) {
        Instant now = clock.instant();
        return entries.findById(key).filter(entry -> !hasExpired(entry, now)).map(CacheEntry::value);
    }

    /**
     * Deletes every entry expired as of now, at most {@code batchSize} per transaction: pages through the
     * range {@code [Instant.MIN, now]} of the index on {@code expiresAt} and deletes each page's entries in
     * one transaction. Inside it each entry is read again and deleted only if it has still expired, so an
     * entry renewed by a {@link #put} since the page was read stays. Memory and transaction size stay
     * bounded however many entries expired.
     *
     * @return how many entries were deleted, in how many transactions
     */
    public Sweep sweep(int batchSize) {
        Instant now = clock.instant();
        Instant end = now.plusNanos(1); // the range's end is exclusive; an entry expiring at now has expired
        int deleted = 0;
        int batches = 0;
        Page<CacheEntry> page = entries.findByExpiresAtBetween(Instant.MIN, end, PageRequest.ofSize(batchSize));
        while (true) {
            List<CacheEntry> expired = page.items();
            if (!expired.isEmpty()) {
                deleted += store.transactResult(tx -> deleteIfExpired(entries.with(tx), expired, now));
                batches++;
            }
            if (page.continuation().isEmpty()) {
                return new Sweep(deleted, batches);
            }
            page = entries.findByExpiresAtBetween(Instant.MIN, end,
                    PageRequest.resume(page.continuation().get(), batchSize));
        }
    }

    private static int deleteIfExpired(CacheEntryRepository inTx, List<CacheEntry> candidates, Instant now) {
        int deleted = 0;
        for (CacheEntry candidate : candidates) {
            Optional<CacheEntry> current = inTx.findById(candidate.key());
            if (current.isPresent() && hasExpired(current.get(), now)) {
                inTx.deleteById(candidate.key());
                deleted++;
            }
        }
        return deleted;
    }

    private static boolean hasExpired(CacheEntry entry, Instant now) {
        return !now.isBefore(entry.expiresAt());
    }

    /**
     * What a sweep deleted.
     *
     * @param entries how many entries
     * @param batches in how many transactions
     */
    public record Sweep(int entries, int batches) {
    }
}
