package io.kvmapper.internal.record;

import static io.kvmapper.internal.layout.KeyLayout.concat;

import io.kvmapper.CorruptDataException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.codec.AttributeCodec;
import io.kvmapper.internal.codec.AttributeField;
import io.kvmapper.internal.codec.AttributeReader;
import io.kvmapper.internal.codec.AttributeWriter;
import io.kvmapper.internal.codec.CollectionChanges;
import io.kvmapper.internal.codec.ListPositions;
import io.kvmapper.internal.codec.ValueBuffer;
import io.kvmapper.internal.codec.ValueCheck;
import io.kvmapper.internal.codec.ValueHeader;
import io.kvmapper.internal.layout.KeyLimit;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The attribute-per-key layout: an entity is a head item under its record key, holding only the value
 * header, and one item per attribute, collection element and map entry under keys that extend the
 * record key (see {@link AttributeWriter}). Reading an entity is one range scan of its record key's
 * tuple prefix; no list of attribute names is stored. Every write of an entity also writes its head, so
 * that two transactions changing one entity conflict, and a delete conflicts with a concurrent change.
 * Every item's value, the head's included, starts with an integrity check over its key and value
 * ({@link ValueCheck}); items written before checks existed are read without one, also among checked ones.
 *
 * @param <E> the entity type
 */
final class AttributePerKeyLayout<E> extends RecordLayout<E> implements FieldChanges<E> {
    /** A container's value after its integrity check: nothing. */
    private static final byte[] CONTAINER = new byte[0];
    private static final Comparator<KeyValue> KEY_ORDER = (a, b) -> Arrays.compareUnsigned(a.key(), b.key());

    private final AttributeCodec<E> codec;
    /** The head's value without its integrity check, which covers the record key: the value header. */
    private final byte[] header;
    /** How many tuple elements a record key has: the partition, then the rest of the key. */
    private final int keyElements;

    AttributePerKeyLayout(EntityMapping<E> mapping) {
        super(mapping, false, false);
        this.codec = mapping.attributeCodec();
        this.header = ValueHeader.of(ValueHeader.ATTRIBUTES, mapping.schemaVersion());
        this.keyElements = 1 + mapping.keySize() - mapping.partitionSize();
    }

    // ---- reads of whole records

    /**
     * {@inheritDoc} A key of another shape than a record key (as an index entry may name one, when damaged) holds
     * no record, whatever items lie under it.
     */
    @Override
    public E find(KvReader reader, byte[] key) {
        if (!isRecordKey(key)) {
            return null;
        }
        List<KeyValue> items = items(reader, KeyRange.tuplePrefix(key));
        return items.isEmpty() ? null : decode(key, items);
    }

    @Override
    public List<E> findAll(KvReader reader, List<byte[]> keys) {
        List<E> found = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            found.add(find(reader, key));
        }
        return found;
    }

    @Override
    public Stored<E> load(KvReader reader, byte[] key) {
        if (!isRecordKey(key) || reader.get(key) == null) {
            return null;
        }
        List<KeyValue> items = items(reader, KeyRange.tuplePrefix(key));
        return new Stored<>(key, decode(key, items), null, items);
    }

    @Override
    public E reread(Stored<E> stored) {
        return decode(stored.key(), stored.items());
    }

    /**
     * Whether {@code key} has the shape of a record key: the partition and the rest of the key, and nothing after.
     * Under a proper prefix of a record key lie the items of the records it starts, and under a record key with
     * an element more, a field's items: neither is a record, and reading either as one would take another
     * record's items for a record without its head, or a field's item for a head.
     */
    private boolean isRecordKey(byte[] key) {
        int end = 0;
        try {
            for (int i = 0; i < keyElements; i++) {
                if (end >= key.length) {
                    return false;
                }
                end = Tuples.elementEnd(key, end);
            }
        } catch (CorruptDataException e) {
            return false;
        }
        return end == key.length;
    }

    /** Counts the heads: the items whose key is a whole record key, with no attribute path after it. */
    @Override
    public long count(KvReader reader, KeyRange range) {
        long count = 0;
        try (KvCursor cursor = reader.scan(range, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                byte[] key = cursor.next().key();
                int end = 0;
                int elements = 0;
                while (elements < keyElements && end < key.length) {
                    end = Tuples.elementEnd(key, end);
                    elements++;
                }
                if (elements == keyElements && end == key.length) {
                    count++;
                }
            }
        }
        return count;
    }

    @Override
    public RecordCursor<E> scan(KvReader reader, KeyRange range, int limit, byte[] after) {
        return new Grouping(scanAfter(reader, range, ScanOptions.FORWARD, after), limit);
    }

    // ---- snapshots for change feeds

    /**
     * The items the record would be stored as, in key order, each as its key after the record key and its value,
     * both preceded by their length (a varint): {@code (suffix length, suffix, value length, value)...}.
     */
    @Override
    public byte[] snapshot(byte[] key, E entity) {
        ValueBuffer out = new ValueBuffer(256);
        for (KeyValue item : encode(key, entity)) {
            out.writeVarint(item.key().length - key.length);
            out.write(item.key(), key.length, item.key().length - key.length);
            out.writeVarint(item.value().length);
            out.write(item.value(), 0, item.value().length);
        }
        return out.toByteArray();
    }

    @Override
    public E fromSnapshot(byte[] key, byte[] snapshot) {
        List<KeyValue> items = new ArrayList<>();
        int[] at = {0};
        try {
            while (at[0] < snapshot.length) {
                byte[] suffix = lengthPrefixed(snapshot, at);
                items.add(new KeyValue(concat(key, suffix), lengthPrefixed(snapshot, at)));
            }
        } catch (IndexOutOfBoundsException e) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key)
                    + ": a change of its change feed holds no valid snapshot of its items", e);
        }
        if (items.isEmpty()) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key)
                    + ": a change of its change feed holds no items");
        }
        return decode(key, items);
    }

    /** The bytes after a varint length at {@code at[0]}, which moves past them. */
    private static byte[] lengthPrefixed(byte[] bytes, int[] at) {
        int length = ValueBuffer.readVarint(bytes, at);
        if (length < 0 || length > bytes.length - at[0]) {
            throw new IndexOutOfBoundsException("a length of " + length + " at " + at[0]);
        }
        byte[] part = Arrays.copyOfRange(bytes, at[0], at[0] + length);
        at[0] += length;
        return part;
    }

    // ---- writes of whole records

    @Override
    public boolean writeNeedsOld() {
        return true;
    }

    /**
     * Writes the items of {@code now} that differ from the stored ones and deletes those it lacks; the head is
     * always written (so that concurrent writes of the entity conflict), so this always writes.
     */
    @Override
    public boolean write(KvTransaction kv, byte[] key, Stored<E> old, E now) {
        if (old == null) {
            requireNoRemains(kv, key);
        }
        diff(kv, old == null ? List.of() : old.items(), encode(key, now), true);
        return true;
    }

    /** One range delete of the record key's tuple prefix: the head and every attribute. */
    @Override
    public void delete(KvTransaction kv, byte[] key) {
        kv.deleteRange(KeyRange.tuplePrefix(key));
    }

    @Override
    public void deleteRemains(KvTransaction kv, byte[] key) {
        delete(kv, key);
    }

    /**
     * A new entity must not be written over items a damaged store holds without their head: the read
     * would mix them into it. One seek.
     *
     * @throws CorruptDataException naming the entity, the key and an item found
     */
    private void requireNoRemains(KvReader reader, byte[] key) {
        try (KvCursor cursor = reader.scan(KeyRange.tuplePrefix(key), ScanOptions.FORWARD.withLimit(1))) {
            if (cursor.hasNext()) {
                throw new CorruptDataException(entityName() + " " + Tuples.toString(key) + ": the store holds items of "
                        + "the entity, such as " + Tuples.toString(cursor.next().key()) + ", but not its head item, "
                        + "so nothing is written over them; deleteById removes them");
            }
        }
    }

    // ---- changes of one field

    /** This layout stores every field apart, so it changes one field by writing only its items. */
    @Override
    public Optional<FieldChanges<E>> fieldChanges() {
        return Optional.of(this);
    }

    /** Writes the head again, so that concurrent changes of the entity conflict (see the class comment). */
    @Override
    public void touch(KvTransaction kv, byte[] key) {
        kv.put(key, head(key));
    }

    /** Writes the {@code @Version} field of {@code entity}, if it has one. */
    @Override
    public void writeVersion(KvTransaction kv, byte[] key, long version) {
        byte[] field = codec.versionField();
        if (field != null) {
            byte[] itemKey = KeyLimit.require(concat(key, field), entityName(), "the key of its version item",
                    "shorten the key components");
            kv.put(itemKey, ValueCheck.sealInPlace(itemKey,
                    new TupleWriter(10).writeLong(version).toByteArray(ValueCheck.LENGTH)));
        }
    }

    /**
     * Replaces the field's items with those {@code value} writes (none for null), writing only the items
     * that change.
     *
     * @param loaded the record's items if the caller has read them (so they need not be read again), or null
     */
    @Override
    public void setField(KvTransaction kv, byte[] key, AttributeField field, Consumer<AttributeWriter> value,
            List<KeyValue> loaded) {
        byte[] prefix = concat(key, field.path());
        KeyRange range = KeyRange.tuplePrefix(prefix);
        List<KeyValue> before = loaded == null ? items(kv, range) : within(loaded, range);
        AttributeWriter out = new AttributeWriter(entityName(), prefix);
        try {
            value.accept(out);
        } catch (InvalidRequestException e) {
            throw unstorable(e, field, out);
        }
        List<KeyValue> after = new ArrayList<>(out.items());
        after.sort(KEY_ORDER);
        diff(kv, before, after, false);
    }

    /**
     * Turns the sorted items {@code before} into the sorted items {@code after}: deletes the keys
     * {@code after} lacks and puts those that are new or changed (and its first item always, if
     * {@code putFirst}: the head, see the class comment).
     */
    private static void diff(KvTransaction kv, List<KeyValue> before, List<KeyValue> after, boolean putFirst) {
        int i = 0;
        int j = 0;
        while (i < before.size() || j < after.size()) {
            int order = i == before.size() ? 1 : j == after.size() ? -1
                    : Arrays.compareUnsigned(before.get(i).key(), after.get(j).key());
            if (order < 0) {
                kv.delete(before.get(i++).key());
                continue;
            }
            if (order > 0 || (putFirst && j == 0) || !Arrays.equals(before.get(i).value(), after.get(j).value())) {
                kv.put(after.get(j).key(), after.get(j).value());
            }
            i += order == 0 ? 1 : 0;
            j++;
        }
    }

    /** The items of a sorted list that lie in {@code range}. */
    private static List<KeyValue> within(List<KeyValue> items, KeyRange range) {
        List<KeyValue> found = new ArrayList<>();
        for (KeyValue item : items) {
            if (range.contains(item.key())) {
                found.add(item);
            }
        }
        return found;
    }

    /** Appends an element to a list field after its last element: one reverse read of one key. */
    @Override
    public void append(KvTransaction kv, byte[] key, AttributeField field, Consumer<AttributeWriter> element) {
        byte[] prefix = concat(key, field.path());
        KeyValue last;
        try (KvCursor cursor = kv.scan(KeyRange.tuplePrefix(prefix), ScanOptions.REVERSE.withLimit(1))) {
            last = cursor.hasNext() ? cursor.next() : null;
        }
        ListPositions.Position position = last == null || last.key().length == prefix.length ? ListPositions.first()
                : ListPositions.after(positionOf(last.key(), prefix.length));
        writeElement(kv, field, prefix, last == null, position, element);
    }

    /**
     * Inserts an element into a list field at {@code index}, between the positions of its neighbours:
     * reads the keys of the elements before it, writes the element's own items only.
     */
    @Override
    public void insert(KvTransaction kv, byte[] key, AttributeField field, int index, Consumer<AttributeWriter> element) {
        byte[] prefix = concat(key, field.path());
        ElementScan scan = scanTo(kv, prefix, index < 0 ? Integer.MAX_VALUE : index);
        if (index < 0 || index > scan.count) {
            throw CollectionChanges.outOfRange(entityName(), field.name(), index, scan.count, true);
        }
        ListPositions.Position position;
        if (scan.before == null) {
            position = scan.at == null ? ListPositions.first() : ListPositions.before(scan.at);
        } else {
            position = scan.at == null ? ListPositions.after(scan.before) : ListPositions.between(scan.before, scan.at);
        }
        writeElement(kv, field, prefix, !scan.present, position, element);
    }

    /** Removes the element at {@code index} of a list field: one range delete of its items. */
    @Override
    public void removeAt(KvTransaction kv, byte[] key, AttributeField field, int index) {
        byte[] prefix = concat(key, field.path());
        ElementScan scan = scanTo(kv, prefix, index < 0 ? Integer.MAX_VALUE : index);
        if (index < 0 || scan.at == null) {
            throw CollectionChanges.outOfRange(entityName(), field.name(), index, scan.count, false);
        }
        TupleWriter element = new TupleWriter(prefix.length + 16).appendRaw(prefix)
                .writeLong(scan.at.major()).writeString(scan.at.minor());
        kv.deleteRange(KeyRange.tuplePrefix(element.toByteArray()));
    }

    /**
     * Adds a set element ({@code value} null) or maps a key of a map field to what {@code value} writes,
     * replacing the entry's items.
     */
    @Override
    public void put(KvTransaction kv, byte[] key, AttributeField field, Consumer<TupleWriter> entry,
            Consumer<AttributeWriter> value) {
        byte[] prefix = concat(key, field.path());
        AttributeWriter out = new AttributeWriter(entityName(), prefix);
        byte[] replaced = null; // the entry whose items the new value replaces
        try {
            entry.accept(out.path());
            if (value == null) {
                out.setElement();
            } else {
                if (!field.scalarElements()) {
                    replaced = out.path().toByteArray();
                }
                value.accept(out);
            }
        } catch (InvalidRequestException e) {
            throw unstorable(e, field, out);
        }
        // written once every item is built (and within the key limit), so that a refused entry writes nothing
        ensureContainer(kv, prefix);
        if (replaced != null) {
            kv.deleteRange(KeyRange.tuplePrefix(replaced));
        }
        for (KeyValue item : out.items()) {
            kv.put(item.key(), item.value());
        }
    }

    /** Removes a set element, or a key of a map field and its value's items. */
    @Override
    public void remove(KvTransaction kv, byte[] key, AttributeField field, Consumer<TupleWriter> entry) {
        byte[] prefix = concat(key, field.path());
        ensureContainer(kv, prefix);
        TupleWriter path = new TupleWriter(prefix.length + 16).appendRaw(prefix);
        try {
            entry.accept(path);
        } catch (InvalidRequestException e) {
            // no element with such a key can be stored, so there is none to remove; the request is refused
            throw unstorable(e, field, new AttributeWriter(entityName(), prefix));
        }
        byte[] entryKey = path.toByteArray();
        if (field.scalarElements()) {
            kv.delete(entryKey);
        } else {
            kv.deleteRange(KeyRange.tuplePrefix(entryKey));
        }
    }

    // ---- plumbing

    /** The entity's items, sorted, head first. */
    private List<KeyValue> encode(byte[] key, E entity) {
        AttributeWriter out = new AttributeWriter(entityName(), key);
        out.items().add(new KeyValue(key, head(key)));
        try {
            codec.write(entity, out);
        } catch (InvalidRequestException e) {
            throw unstorable(e, out);
        } catch (RuntimeException e) {
            throw new InvalidRequestException(entityName() + ": cannot encode the entity: " + e, e);
        }
        List<KeyValue> items = out.items();
        items.sort(KEY_ORDER);
        return items;
    }

    private E decode(byte[] key, List<KeyValue> items) {
        KeyValue first = items.get(0);
        if (!Arrays.equals(first.key(), key)) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key) + ": the store holds items of "
                    + "the entity, such as " + Tuples.toString(first.key()) + ", but not its head item");
        }
        int header;
        try {
            header = ValueCheck.bodyOffset(key, first.value());
        } catch (CorruptDataException e) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key) + ": the head item: "
                    + e.getMessage(), e);
        }
        if (ValueHeader.payloadOffset(first.value(), header, ValueHeader.ATTRIBUTES, entityName(), key)
                != first.value().length) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key)
                    + ": the head item holds more than a value header");
        }
        AttributeReader in = new AttributeReader(items);
        E entity;
        try {
            entity = codec.read(in);
            in.finish();
        } catch (CorruptDataException e) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key) + ": item "
                    + Tuples.toString(in.currentKey()) + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new CorruptDataException(entityName() + " " + Tuples.toString(key) + ": item "
                    + Tuples.toString(in.currentKey()) + ": the stored attributes are not a valid encoding: "
                    + e.getMessage(), e);
        }
        checkIndexable(key, entity, true); // items hold UTF-8 tuples, whose strings are always well formed
        return entity;
    }

    /**
     * Writes a list element's items at {@code position}, and the list's container item first if {@code newList}:
     * once every item is built (and within the key limit), so that a refused element writes nothing.
     */
    private void writeElement(KvTransaction kv, AttributeField field, byte[] prefix, boolean newList,
            ListPositions.Position position, Consumer<AttributeWriter> element) {
        AttributeWriter out = new AttributeWriter(entityName(), prefix);
        out.position(position.major(), position.minor());
        try {
            element.accept(out);
        } catch (InvalidRequestException e) {
            throw unstorable(e, field, out);
        }
        if (newList) {
            kv.put(prefix, ValueCheck.seal(prefix, CONTAINER));
        }
        for (KeyValue item : out.items()) {
            kv.put(item.key(), item.value());
        }
    }

    /**
     * A value the tuple encoding cannot hold (a string with an unpaired surrogate, an integer of more than 255
     * bytes), named by the entity and the path of the item it was for. The generated code's own checks (a null
     * map key) name the entity and field already, and pass as they are.
     */
    private InvalidRequestException unstorable(InvalidRequestException e, AttributeWriter out) {
        if (e.getMessage().startsWith(entityName() + ":")) {
            return e;
        }
        return new InvalidRequestException(entityName() + ": the value at " + out.where() + " cannot be stored: "
                + e.getMessage(), e);
    }

    /** The same for an element or value of {@code field}, written below the field's path. */
    private InvalidRequestException unstorable(InvalidRequestException e, AttributeField field, AttributeWriter out) {
        if (e.getMessage().startsWith(entityName() + ":")) {
            return e;
        }
        String where = out.where();
        return new InvalidRequestException(entityName() + ": field '" + field.name() + "'"
                + (where.equals("()") ? "" : ": the value at " + where) + " cannot be stored: " + e.getMessage(), e);
    }

    private void ensureContainer(KvTransaction kv, byte[] prefix) {
        if (kv.get(prefix) == null) {
            kv.put(prefix, ValueCheck.seal(prefix, CONTAINER));
        }
    }

    /** What a forward scan of a list found up to the element at {@code index}. */
    private static final class ElementScan {
        boolean present;
        int count;
        ListPositions.Position before;
        ListPositions.Position at;
    }

    /**
     * Scans a list's items up to the element at {@code index}: whether the list exists, the positions
     * of the elements at {@code index - 1} and {@code index}, and how many elements it passed (all of
     * them if the list is shorter).
     */
    private ElementScan scanTo(KvReader reader, byte[] prefix, int index) {
        ElementScan scan = new ElementScan();
        ListPositions.Position current = null;
        try (KvCursor cursor = reader.scan(KeyRange.tuplePrefix(prefix), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                byte[] itemKey = cursor.next().key();
                if (itemKey.length == prefix.length) {
                    scan.present = true;
                    continue;
                }
                ListPositions.Position position = positionOf(itemKey, prefix.length);
                if (position.equals(current)) {
                    continue;
                }
                current = position;
                if (scan.count == index - 1) {
                    scan.before = position;
                } else if (scan.count == index) {
                    scan.at = position;
                    return scan;
                }
                scan.count++;
            }
        }
        return scan;
    }

    private ListPositions.Position positionOf(byte[] itemKey, int offset) {
        TupleReader reader = new TupleReader(itemKey, offset, itemKey.length);
        ListPositions.Position position;
        try {
            position = new ListPositions.Position(reader.readLong(), reader.readString());
        } catch (CorruptDataException e) {
            throw new CorruptDataException(entityName() + ": list item " + Tuples.toString(itemKey)
                    + " does not hold a list position: " + e.getMessage(), e);
        }
        if (!ListPositions.isMinor(position.minor())) {
            // the position arithmetic relies on it, and would fail without naming the item
            throw new CorruptDataException(entityName() + ": list item " + Tuples.toString(itemKey)
                    + " does not hold a list position: its minor \"" + position.minor()
                    + "\" is not a base-62 fraction not ending in '0'");
        }
        return position;
    }

    private static List<KeyValue> items(KvReader reader, KeyRange range) {
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = reader.scan(range, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                items.add(cursor.next());
            }
        }
        return items;
    }

    /** The head item's value under {@code key}: the value header, checked. */
    private byte[] head(byte[] key) {
        return ValueCheck.seal(key, header);
    }

    /** Groups a scan's items into records: the items below one record key, the head first. */
    private final class Grouping implements RecordCursor<E> {
        private final KvCursor cursor;
        private final int limit;
        private int returned;
        private KeyValue pending;
        private byte[] key;

        Grouping(KvCursor cursor, int limit) {
            this.cursor = cursor;
            this.limit = limit;
        }

        @Override
        public boolean hasNext() {
            return (limit == 0 || returned < limit) && (pending != null || cursor.hasNext());
        }

        @Override
        public E next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            KeyValue first = pending != null ? pending : cursor.next();
            pending = null;
            returned++;
            int end = 0;
            try {
                for (int i = 0; i < keyElements; i++) {
                    end = Tuples.elementEnd(first.key(), end);
                }
            } catch (CorruptDataException e) {
                key = first.key();
                throw new CorruptDataException(entityName() + ": " + Tuples.toString(first.key())
                        + " is not a key of the entity's records: " + e.getMessage(), e);
            }
            key = end == first.key().length ? first.key() : Arrays.copyOf(first.key(), end);
            List<KeyValue> items = new ArrayList<>();
            items.add(first);
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                byte[] itemKey = item.key();
                if (itemKey.length > end && itemKey[end] != (byte) 0xFF
                        && Arrays.equals(itemKey, 0, end, key, 0, end)) {
                    items.add(item);
                } else {
                    pending = item;
                    break;
                }
            }
            return decode(key, items);
        }

        @Override
        public byte[] key() {
            return key;
        }

        @Override
        public void close() {
            cursor.close();
        }
    }
}
