package io.kvmapper.internal.record;

import io.kvmapper.spi.KvReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The monolithic records of a record entity as reads see them through the store's {@link EntityCache}: point
 * reads and multi-gets made on the backend itself (the latest committed state) are served from the cache and fill
 * it. Those made in a unit of work (its snapshot and its own writes) and the load of a write's old record read the
 * stored value as the stored layout does, and take the cached entity instead of decoding only when it was decoded
 * from equal bytes; they never fill. Scans and the writes themselves go to the stored layout unchanged. A value
 * that does not decode throws as before and is not cached; an absent record is not cached either.
 * {@code @Expires} is checked above this layout ({@link LiveRecords}), on every hit.
 *
 * @param <E> the entity type: a record, whose cached instances are handed out shared
 */
final class CachedRecords<E> extends ForwardingRecords<E> {
    /** The stored layout, as the monolithic one whose decode a miss calls. */
    private final MonolithicLayout<E> monolithic;
    private final EntityCache cache;

    CachedRecords(MonolithicLayout<E> stored, EntityCache cache) {
        super(stored);
        this.monolithic = stored;
        this.cache = cache;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E find(KvReader reader, byte[] key) {
        if (reader != cache.backend()) {
            byte[] value = reader.get(key);
            return value == null ? null : decodeReusing(new EntityCache.Key(key), key, value);
        }
        EntityCache.Key cacheKey = new EntityCache.Key(key);
        Object hit = cache.get(cacheKey, stored);
        if (hit != null) {
            return (E) hit;
        }
        long stamp = cache.stampBefore(cacheKey);
        byte[] value = reader.get(key);
        if (value == null) {
            return null;
        }
        E entity = monolithic.decode(key, value);
        cache.fill(cacheKey, stamp, stored, entity, value);
        return entity;
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<E> findAll(KvReader reader, List<byte[]> keys) {
        if (reader != cache.backend()) {
            List<byte[]> values = reader.getAll(keys);
            List<E> found = new ArrayList<>(keys.size());
            for (int i = 0; i < keys.size(); i++) {
                byte[] key = keys.get(i);
                byte[] value = values.get(i);
                found.add(value == null ? null : decodeReusing(new EntityCache.Key(key), key, value));
            }
            return found;
        }
        List<E> found = new ArrayList<>(keys.size());
        List<Integer> missing = null;
        List<byte[]> missingKeys = null;
        long[] stampsBefore = null;
        for (int i = 0; i < keys.size(); i++) {
            EntityCache.Key cacheKey = new EntityCache.Key(keys.get(i));
            Object hit = cache.get(cacheKey, stored);
            found.add((E) hit);
            if (hit == null) {
                if (missing == null) {
                    missing = new ArrayList<>();
                    missingKeys = new ArrayList<>();
                    stampsBefore = new long[keys.size()];
                }
                stampsBefore[missing.size()] = cache.stampBefore(cacheKey);
                missing.add(i);
                missingKeys.add(keys.get(i));
            }
        }
        if (missing == null) {
            return found;
        }
        List<byte[]> values = reader.getAll(missingKeys);
        for (int m = 0; m < missing.size(); m++) {
            byte[] value = values.get(m);
            if (value != null) {
                byte[] key = missingKeys.get(m);
                E entity = monolithic.decode(key, value);
                cache.fill(new EntityCache.Key(key), stampsBefore[m], stored, entity, value);
                found.set(missing.get(m), entity);
            }
        }
        return found;
    }

    /**
     * The old record of a write, read as the stored layout reads it (the same reader, so the same snapshot and
     * conflict tracking), with the cached entity standing for its decode when the entry was decoded from equal
     * bytes. Never fills the cache: a write loads in a unit of work.
     */
    @Override
    public Stored<E> load(KvReader reader, byte[] key) {
        byte[] value = reader.get(key);
        return value == null ? null : new Stored<>(key, decodeReusing(new EntityCache.Key(key), key, value), value,
                null);
    }

    /**
     * The entity {@code value} (just read under {@code key}, through any reader) decodes to: the cached one if it
     * was decoded from equal bytes, else a fresh decode, which is not cached (the read may not be the latest
     * commit).
     */
    @SuppressWarnings("unchecked")
    private E decodeReusing(EntityCache.Key cacheKey, byte[] key, byte[] value) {
        Object hit = cache.getIfDecodedFrom(cacheKey, stored, value);
        return hit != null ? (E) hit : monolithic.decode(key, value);
    }

    // everything else, scans and the writes themselves, is the stored layout's (ForwardingRecords)
}
