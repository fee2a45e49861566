package io.kvmapper.internal.record;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.mapping.ExpiryDefinition;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvReader;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The records of an entity with an {@code @Expires} field as reads see them ({@link RecordLayout#hidingExpired}):
 * one that has expired by the clock is absent from point reads, multi-gets, existence checks and scans, from the
 * instant it expires, whether or not the reaper has deleted it yet. Every read of the entity's records goes through
 * here, so every finder built on them (prefix and range scans, index fetches, query methods) misses expired
 * entities without a check of its own. Writes, {@link #load} and {@link #count} see every stored record: a write
 * must replace (and so reap) an expired record, and counters include an expired entity until it is reaped.
 *
 * @param <E> the entity type
 */
final class LiveRecords<E> extends ForwardingRecords<E> {
    private final ExpiryDefinition<E> expiry;
    private final Clock clock;

    LiveRecords(RecordLayout<E> stored, ExpiryDefinition<E> expiry, Clock clock) {
        super(stored);
        this.expiry = expiry;
        this.clock = clock;
    }

    /** The entity, or null if it is absent or has expired. */
    @Override
    public E find(KvReader reader, byte[] key) {
        return live(stored.find(reader, key), clock.instant());
    }

    @Override
    public List<E> findAll(KvReader reader, List<byte[]> keys) {
        List<E> found = stored.findAll(reader, keys);
        Instant now = clock.instant();
        found.replaceAll(entity -> live(entity, now));
        return found;
    }

    /** Whether a live entity is stored under {@code key}: the record is read and its expiry checked. */
    @Override
    public boolean exists(KvReader reader, byte[] key) {
        return find(reader, key) != null;
    }

    /**
     * The live records in {@code range}: expired ones are skipped, and {@code limit} counts only the live ones, so
     * that a page is as full as the records allow and its continuation follows the last record returned.
     */
    @Override
    public RecordCursor<E> scan(KvReader reader, KeyRange range, int limit, byte[] after) {
        return new LiveCursor(stored.scan(reader, range, 0, after), limit, clock.instant());
    }

    @Override
    public RecordLayout<E> hidingExpired(Clock clock) {
        return stored.hidingExpired(clock);
    }

    // what writes, loads and counts see, every stored record, is the stored layout's (ForwardingRecords)

    private E live(E entity, Instant now) {
        return entity == null || expiry.hasExpired(entity, now) ? null : entity;
    }

    /**
     * The stored records' cursor without the expired ones. To know whether a live record follows, {@link #hasNext}
     * decodes ahead; a record that cannot be decoded is handed on as the stored cursor hands it on, from
     * {@link #next}.
     */
    private final class LiveCursor implements RecordCursor<E> {
        private final RecordCursor<E> records;
        private final int limit;
        private final Instant now;
        private int returned;
        private E ahead;
        private byte[] aheadKey;
        private CorruptDataException aheadFailure;
        private byte[] key;

        LiveCursor(RecordCursor<E> records, int limit, Instant now) {
            this.records = records;
            this.limit = limit;
            this.now = now;
        }

        @Override
        public boolean hasNext() {
            if (limit != 0 && returned >= limit) {
                return false;
            }
            while (ahead == null && aheadFailure == null && records.hasNext()) {
                try {
                    ahead = live(records.next(), now);
                } catch (CorruptDataException e) {
                    aheadFailure = e;
                }
                aheadKey = records.key();
            }
            return ahead != null || aheadFailure != null;
        }

        @Override
        public E next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            returned++;
            key = aheadKey;
            E entity = ahead;
            CorruptDataException failure = aheadFailure;
            ahead = null;
            aheadFailure = null;
            if (failure != null) {
                throw failure;
            }
            return entity;
        }

        @Override
        public byte[] key() {
            return key;
        }

        @Override
        public void close() {
            records.close();
        }
    }
}
