package io.kvmapper.internal.codec;

import io.kvmapper.internal.layout.KeyLimit;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.internal.tuple.TupleText;
import io.kvmapper.internal.tuple.TupleWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes an entity, or part of one, as items of the attribute-per-key layout: one item per node of
 * the entity's tree, under the record key, generated code appending one path element per level.
 *
 * <p>Every item's value starts with its integrity check ({@link ValueCheck}, over the item's key and the
 * rest of its value). After it the item of a node holds: the tuple encoding of a scalar (a
 * {@code BigDecimal} as its unscaled value and scale, see {@link #decimal}); nothing for a container (an
 * embedded object, list, set or map), whose children follow under its key; or the tuple null ({@code 00})
 * for a null element of a list or value of a map. A null field has no item.
 * List elements sit under a position (see {@link ListPositions}), map values under their key, set
 * elements in the key itself. Generated code goes down a level with {@link #mark()} and a path element,
 * writes, and comes back with {@link #reset(int)}.
 */
public final class AttributeWriter {
    private static final byte[] CONTAINER = new byte[0];
    private static final byte[] NULL = {0x00};

    private final TupleWriter key;
    private final TupleWriter value = new TupleWriter(32);
    private final List<KeyValue> items = new ArrayList<>();
    private final String entityName;
    private final int prefixLength;

    /** A writer of items under {@code prefix} (a record key, or the path of one of its nodes). */
    public AttributeWriter(String entityName, byte[] prefix) {
        this.entityName = entityName;
        this.key = new TupleWriter(prefix.length + 32).appendRaw(prefix);
        this.prefixLength = prefix.length;
    }

    /**
     * The path written below the prefix, as a tuple people read, such as {@code ("tags")}: where a write that
     * failed was writing (a failed element is not in the path).
     */
    public String where() {
        byte[] path = key.toPrefixBytes();
        return TupleText.of(Arrays.copyOfRange(path, prefixLength, path.length));
    }

    /** The current path length, to come back to with {@link #reset(int)}. */
    public int mark() {
        return key.size();
    }

    /** Goes back to a path length {@link #mark()} returned. */
    public void reset(int mark) {
        key.truncate(mark);
    }

    /** Appends a field name to the path. */
    public AttributeWriter field(String name) {
        key.writeString(name);
        return this;
    }

    /** The path, to append a map key or set element to. */
    public TupleWriter path() {
        return key;
    }

    /** Appends the position of a list element. */
    public AttributeWriter position(long major, String minor) {
        key.writeLong(major).writeString(minor);
        return this;
    }

    /** Starts the value of a scalar node at the current path; finish it with {@link #leaf()}. */
    public TupleWriter value() {
        return value.reset();
    }

    /** Emits the scalar node at the current path with the value written into {@link #value()}. */
    public void leaf() {
        byte[] itemKey = itemKey();
        items.add(new KeyValue(itemKey, ValueCheck.sealInPlace(itemKey, value.toByteArray(ValueCheck.LENGTH))));
    }

    /**
     * Emits a {@code BigDecimal} scalar node at the current path: two tuple integers, the unscaled value
     * and the scale. The key encoding of decimals drops trailing zeros (so that 1.0 and 1.00 are one
     * key), which a stored value must keep: 10.00 reads back as 10.00, not 1E+1.
     */
    public void decimal(BigDecimal decimal) {
        value.reset().writeBigInteger(decimal.unscaledValue()).writeLong(decimal.scale());
        leaf();
    }

    /** Emits a container node (an embedded object, list, set or map) at the current path. */
    public void container() {
        items.add(item(itemKey(), CONTAINER));
    }

    /** Emits a null element or map value at the current path. */
    public void nullNode() {
        items.add(item(itemKey(), NULL));
    }

    /** Emits a set element, which is the last element of the current path. */
    public void setElement() {
        items.add(item(itemKey(), CONTAINER));
    }

    /**
     * The key of the item at the current path, once it is within {@link io.kvmapper.KvStore#MAX_KEY_BYTES}: items
     * are written only after every one is built, so a refused one leaves nothing written.
     *
     * @throws io.kvmapper.InvalidRequestException naming the entity and the item's key if it is longer
     */
    private byte[] itemKey() {
        byte[] itemKey = key.toByteArray();
        if (!KeyLimit.fits(itemKey.length)) {
            throw KeyLimit.tooLong(itemKey, entityName, "the item key", "every item of the attribute-per-key layout"
                    + " holds the record key and its path (field names, list positions, set elements, map keys);"
                    + " shorten the key components, set elements or map keys");
        }
        return itemKey;
    }

    private static KeyValue item(byte[] key, byte[] body) {
        return new KeyValue(key, ValueCheck.seal(key, body));
    }

    /**
     * Checks a map key before it goes into the path.
     *
     * @return {@code key}
     * @throws io.kvmapper.InvalidRequestException naming the entity and field if {@code key} is null
     */
    public <K> K mapKey(K key, String field) {
        return CollectionChanges.mapKey(key, entityName, field);
    }

    /** The items written, in the order they were written. */
    public List<KeyValue> items() {
        return items;
    }

    /** Whether a value, from {@code start} (after its check), is the tuple null that marks a null element. */
    static boolean isNull(byte[] value, int start) {
        return value.length == start + 1 && value[start] == 0x00;
    }

    /** Whether a value, from {@code start} (after its check), marks a container. */
    static boolean isContainer(byte[] value, int start) {
        return value.length == start;
    }
}
