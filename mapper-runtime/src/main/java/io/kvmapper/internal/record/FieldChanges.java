package io.kvmapper.internal.record;

import io.kvmapper.internal.codec.AttributeField;
import io.kvmapper.internal.codec.AttributeWriter;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvTransaction;
import java.util.List;
import java.util.function.Consumer;

/**
 * Changes of one field of a stored record that write only that field's items: what a layout that stores
 * fields apart offers ({@link RecordLayout#fieldChanges()}), so that a partial or element-wise update need not
 * rewrite the record. Every change is followed by {@link #touch}, which writes the record's head, so that
 * concurrent changes of one record conflict.
 *
 * @param <E> the entity type
 */
public interface FieldChanges<E> {
    /** Writes the record's head again, so that concurrent changes of the record conflict. */
    void touch(KvTransaction kv, byte[] key);

    /** Writes the {@code @Version} field of the record under {@code key}, if the entity has one. */
    void writeVersion(KvTransaction kv, byte[] key, long version);

    /**
     * Replaces the field's items with those {@code value} writes (none for null), writing only the items
     * that change.
     *
     * @param loaded the record's items if the caller has read them (so they need not be read again), or null
     */
    void setField(KvTransaction kv, byte[] key, AttributeField field, Consumer<AttributeWriter> value,
            List<KeyValue> loaded);

    /** Appends an element to a list field after its last element. */
    void append(KvTransaction kv, byte[] key, AttributeField field, Consumer<AttributeWriter> element);

    /** Inserts an element into a list field at {@code index}. */
    void insert(KvTransaction kv, byte[] key, AttributeField field, int index, Consumer<AttributeWriter> element);

    /** Removes the element at {@code index} of a list field. */
    void removeAt(KvTransaction kv, byte[] key, AttributeField field, int index);

    /**
     * Adds a set element ({@code value} null) or maps a key of a map field to what {@code value} writes,
     * replacing the entry's items.
     */
    void put(KvTransaction kv, byte[] key, AttributeField field, Consumer<TupleWriter> entry,
            Consumer<AttributeWriter> value);

    /** Removes a set element, or a key of a map field and its value's items. */
    void remove(KvTransaction kv, byte[] key, AttributeField field, Consumer<TupleWriter> entry);
}
