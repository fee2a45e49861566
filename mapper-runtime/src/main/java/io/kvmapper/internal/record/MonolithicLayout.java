package io.kvmapper.internal.record;

import io.kvmapper.CorruptDataException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.codec.ValueBuffer;
import io.kvmapper.internal.codec.ValueCheck;
import io.kvmapper.internal.codec.ValueCodec;
import io.kvmapper.internal.codec.ValueHeader;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The monolithic layout: each entity is one value under its record key: an integrity check
 * ({@link ValueCheck}), a header and the codec's encoding of every stored field. A value written before
 * values had checks is read without one. A stored value's key fields must name the key it is stored under. Where
 * writes are checked ({@link #checksWrites()}), a value is only ever replaced or deleted through
 * {@link KvTransaction#writeIfUnchanged}.
 *
 * @param <E> the entity type
 */
final class MonolithicLayout<E> extends RecordLayout<E> {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long BACKSLASHES = ONES * '\\';
    private static final long EDS = ONES * 0xED;

    private static final byte[] CHECK_ROOM = new byte[ValueCheck.LENGTH];

    private final ValueCodec<E> codec;
    /**
     * For an entity with a change feed: what this thread's last write encoded, so that the change the write path
     * appends right after it ({@link #snapshot}) does not encode the same entity again; null without a feed.
     */
    private final ThreadLocal<LastWritten<E>> lastWritten;

    MonolithicLayout(EntityMapping<E> mapping, boolean checksWrites) {
        super(mapping, checksWrites, mapping.codec().codecId() == ValueHeader.JSON);
        this.codec = mapping.codec();
        this.lastWritten = mapping.changeFeedRetention() == null ? null : ThreadLocal.withInitial(LastWritten::new);
    }

    /** An entity a write encoded, and its value. */
    private static final class LastWritten<E> {
        E entity;
        byte[] value;
    }

    @Override
    public E find(KvReader reader, byte[] key) {
        byte[] value = reader.get(key);
        return value == null ? null : decode(key, value);
    }

    @Override
    public List<E> findAll(KvReader reader, List<byte[]> keys) {
        List<byte[]> values = reader.getAll(keys);
        List<E> found = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            byte[] value = values.get(i);
            found.add(value == null ? null : decode(keys.get(i), value));
        }
        return found;
    }

    @Override
    public Stored<E> load(KvReader reader, byte[] key) {
        byte[] value = reader.get(key);
        return value == null ? null : new Stored<>(key, decode(key, value), value, null);
    }

    @Override
    public E reread(Stored<E> stored) {
        return decode(stored.key(), stored.value());
    }

    @Override
    public long count(KvReader reader, KeyRange range) {
        long count = 0;
        try (KvCursor cursor = reader.scan(range, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                cursor.next();
                count++;
            }
        }
        return count;
    }

    @Override
    public RecordCursor<E> scan(KvReader reader, KeyRange range, int limit, byte[] after) {
        KvCursor cursor = scanAfter(reader, range, ScanOptions.FORWARD.withLimit(limit), after);
        return new RecordCursor<>() {
            private byte[] key;

            @Override
            public boolean hasNext() {
                return cursor.hasNext();
            }

            @Override
            public E next() {
                KeyValue item = cursor.next();
                key = item.key();
                return decode(item.key(), item.value());
            }

            @Override
            public byte[] key() {
                return key;
            }

            @Override
            public void close() {
                cursor.close();
            }
        };
    }

    /** The value the record would be stored as: the one the write just before encoded, if it wrote this entity. */
    @Override
    public byte[] snapshot(byte[] key, E entity) {
        if (lastWritten != null) {
            LastWritten<E> last = lastWritten.get();
            byte[] value = last.entity == entity ? last.value : null;
            last.entity = null;
            last.value = null;
            if (value != null) {
                return value;
            }
        }
        return encode(key, entity);
    }

    @Override
    public E fromSnapshot(byte[] key, byte[] snapshot) {
        return decode(key, snapshot);
    }

    @Override
    public boolean writeNeedsOld() {
        return false;
    }

    /**
     * {@inheritDoc} Where writes are checked ({@link #checksWrites()}) the value is written only if it is
     * still the one loaded ({@link KvTransaction#writeIfUnchanged}), so that concurrent writers of one record
     * never overwrite each other unawares, also on a backend without conflict detection. A record whose value
     * would not change (the same bytes as loaded) is not written: a change to what it already holds sends nothing
     * (on Cassandra, no lightweight transaction), as hand-written code would not either.
     */
    @Override
    public boolean write(KvTransaction kv, byte[] key, Stored<E> old, E now) {
        byte[] value = encode(key, now);
        if (old != null && Arrays.equals(old.value(), value)) {
            return false; // no change, and no snapshot asked for: nothing is left in lastWritten
        }
        if (lastWritten != null) {
            LastWritten<E> last = lastWritten.get();
            last.entity = now;
            last.value = value;
        }
        if (checksWrites()) {
            kv.writeIfUnchanged(key, old == null ? null : old.value(), value);
        } else {
            kv.put(key, value);
        }
        return true;
    }

    @Override
    public void delete(KvTransaction kv, byte[] key) {
        kv.delete(key);
    }

    @Override
    public void delete(KvTransaction kv, byte[] key, Stored<E> old) {
        if (checksWrites()) {
            kv.writeIfUnchanged(key, old.value(), null);
        } else {
            kv.delete(key);
        }
    }

    /** The value of {@code entity} under {@code key}: its integrity check, the header, the codec's payload. */
    private byte[] encode(byte[] key, E entity) {
        ValueBuffer out = new ValueBuffer(128);
        out.write(CHECK_ROOM, 0, ValueCheck.LENGTH);
        ValueHeader.write(out, codec.codecId(), mapping().schemaVersion());
        try {
            codec.encode(entity, out);
        } catch (RuntimeException e) {
            throw new InvalidRequestException(entityName() + ": cannot encode the entity: " + e, e);
        }
        return ValueCheck.sealInPlace(key, out.toByteArray());
    }

    /** The entity a stored value holds, checked against its key; for {@link CachedRecords} too. */
    E decode(byte[] key, byte[] value) {
        int header;
        try {
            header = ValueCheck.bodyOffset(key, value);
        } catch (CorruptDataException e) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key) + ": " + e.getMessage(), e);
        }
        int payload = ValueHeader.payloadOffset(value, header, codec.codecId(), entityName(), key);
        E entity;
        try {
            entity = codec.decode(value, payload, value.length - payload);
        } catch (CorruptDataException e) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key) + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key)
                    + ": the stored value is not a valid encoding: " + e.getMessage(), e);
        }
        checkKey(key, entity);
        checkIndexable(key, entity, codec.codecId() != ValueHeader.JSON || !mayHoldSurrogate(value, payload));
        return entity;
    }

    /**
     * Whether JSON bytes from {@code from} on may decode to a string holding a surrogate: a JSON escape of a
     * code unit from D800 to DFFF (backslash, {@code u}, four hex digits), or the three UTF-8 bytes of a
     * surrogate code point ({@code 0xED}
     * followed by {@code 0xA0} to {@code 0xBF}), which a lenient decoder passes on. Without either, every
     * decoded string is well formed, and the check that string index values can be encoded in a key is
     * skipped: one pass over the bytes instead of encoding each such value of every record read. The pass reads
     * eight bytes at a time and looks closer ({@link #mayHoldSurrogateBytewise}) only at a value holding a
     * backslash or an {@code 0xED} byte at all, which few values do.
     */
    static boolean mayHoldSurrogate(byte[] value, int from) {
        int i = from;
        for (; i + Long.BYTES <= value.length; i += Long.BYTES) {
            long word = (long) LONGS.get(value, i);
            if (holdsByte(word, BACKSLASHES) || holdsByte(word, EDS)) {
                return mayHoldSurrogateBytewise(value, from);
            }
        }
        for (; i < value.length; i++) {
            if (value[i] == '\\' || value[i] == (byte) 0xED) {
                return mayHoldSurrogateBytewise(value, from);
            }
        }
        return false;
    }

    /** Whether one of the eight bytes of {@code word} is the byte repeated in {@code repeated}. */
    private static boolean holdsByte(long word, long repeated) {
        long zeroWhereEqual = word ^ repeated;
        // nonzero exactly when some byte is zero: a borrow may mark a byte above a zero one too, never one alone
        return ((zeroWhereEqual - ONES) & ~zeroWhereEqual & HIGH_BITS) != 0;
    }

    /** {@link #mayHoldSurrogate}, one byte at a time, escapes followed. */
    static boolean mayHoldSurrogateBytewise(byte[] value, int from) {
        for (int i = from; i < value.length; i++) {
            byte b = value[i];
            if (b == '\\') {
                if (i + 3 < value.length && value[i + 1] == 'u' && (value[i + 2] | 0x20) == 'd'
                        && isSurrogateSecondDigit(value[i + 3])) {
                    return true;
                }
                i++; // the escaped character: an escaped backslash does not start an escape
            } else if (b == (byte) 0xED && i + 1 < value.length && (value[i + 1] & 0xFF) >= 0xA0) {
                return true;
            }
        }
        return false;
    }

    private static boolean isSurrogateSecondDigit(byte digit) {
        return digit == '8' || digit == '9' || (digit | 0x20) >= 'a' && (digit | 0x20) <= 'f';
    }

    /**
     * The key fields inside a value must name the key it is stored under; anything else is corruption. One
     * difference is not: a key written before every NaN was written as the canonical NaN may hold a NaN with
     * another sign or payload, which the key fields give back as the canonical one (JSON) or which is now
     * written as the canonical one (Protobuf); such a record stays readable.
     */
    private void checkKey(byte[] key, E entity) {
        byte[] own;
        try {
            own = mapping().keyOf(entity);
        } catch (InvalidRequestException e) {
            // a null key field, or one no key can hold (a JSON string with an unpaired surrogate)
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key)
                    + ": the stored value's key fields make no key: " + e.getMessage(), e);
        }
        if (!Arrays.equals(own, key) && !differOnlyInNanPayloads(key, own)) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key)
                    + ": the stored value holds the key fields of " + Tuples.toString(own));
        }
    }

    /** Whether two keys hold equal elements but for the sign and payload of NaNs (the slow path of a mismatch). */
    private static boolean differOnlyInNanPayloads(byte[] stored, byte[] canonical) {
        if (stored.length != canonical.length) {
            return false;
        }
        try {
            return sameUpToNans(elements(new TupleReader(stored)), elements(new TupleReader(canonical)));
        } catch (CorruptDataException e) {
            return false;
        }
    }

    private static List<Object> elements(TupleReader reader) {
        List<Object> elements = new ArrayList<>();
        while (reader.hasNext()) {
            elements.add(reader.read());
        }
        return elements;
    }

    private static boolean sameUpToNans(Object a, Object b) {
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!sameUpToNans(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        // Double.equals and Float.equals hold every NaN equal, and -0.0 apart from 0.0, as the writer does
        return Objects.equals(a, b);
    }
}
