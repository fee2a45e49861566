package io.kvmapper.internal.record;

import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import java.util.List;
import java.util.Optional;

/**
 * A view of an entity's stored records that changes how some reads see them and passes everything else to the
 * stored layout: the one home of that forwarding for {@link LiveRecords} (expired entities hidden) and
 * {@link CachedRecords} (decoded records from the entity cache), which override only the reads they change.
 *
 * @param <E> the entity type
 */
abstract class ForwardingRecords<E> extends RecordLayout<E> {
    /** The records as stored, which this view reads and writes through. */
    final RecordLayout<E> stored;

    ForwardingRecords(RecordLayout<E> stored) {
        super(stored.mapping(), stored.checksWrites(), false); // it decodes nothing itself: the stored layout does
        this.stored = stored;
    }

    @Override
    public E find(KvReader reader, byte[] key) {
        return stored.find(reader, key);
    }

    @Override
    public List<E> findAll(KvReader reader, List<byte[]> keys) {
        return stored.findAll(reader, keys);
    }

    @Override
    public Stored<E> load(KvReader reader, byte[] key) {
        return stored.load(reader, key);
    }

    @Override
    public E reread(Stored<E> record) {
        return stored.reread(record);
    }

    @Override
    public boolean exists(KvReader reader, byte[] key) {
        return stored.exists(reader, key);
    }

    @Override
    public RecordCursor<E> scan(KvReader reader, KeyRange range, int limit, byte[] after) {
        return stored.scan(reader, range, limit, after);
    }

    @Override
    public long count(KvReader reader, KeyRange range) {
        return stored.count(reader, range);
    }

    @Override
    public boolean writeNeedsOld() {
        return stored.writeNeedsOld();
    }

    @Override
    public boolean write(KvTransaction kv, byte[] key, Stored<E> old, E now) {
        return stored.write(kv, key, old, now);
    }

    @Override
    public void delete(KvTransaction kv, byte[] key) {
        stored.delete(kv, key);
    }

    @Override
    public void delete(KvTransaction kv, byte[] key, Stored<E> old) {
        stored.delete(kv, key, old);
    }

    @Override
    public void deleteRemains(KvTransaction kv, byte[] key) {
        stored.deleteRemains(kv, key);
    }

    @Override
    public Optional<FieldChanges<E>> fieldChanges() {
        return stored.fieldChanges();
    }

    @Override
    public byte[] snapshot(byte[] key, E entity) {
        return stored.snapshot(key, entity);
    }

    @Override
    public E fromSnapshot(byte[] key, byte[] snapshot) {
        return stored.fromSnapshot(key, snapshot);
    }
}
