package io.kvmapper.internal.codec;

import io.kvmapper.CorruptDataException;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.internal.tuple.TupleReader;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

/**
 * Reads one entity's items in the attribute-per-key layout (see {@link AttributeWriter}) for the
 * generated code that rebuilds it: the items come in key order, the record's head first, and generated
 * code walks them as a tree. {@link #enter()} opens the children of the node it stands on;
 * {@link #next(int)} moves to the next child of that scope, reading its path from where the scope
 * ends; {@link #skip()} passes over a node and everything below it (a field the code no longer has).
 *
 * <p>Each item's integrity check ({@link ValueCheck}) is verified as the reader reaches the item, also
 * when it skips it; an item written before checks existed is read as it is. Every check that the items
 * form the tree the code expects throws {@link CorruptDataException}
 * saying what it expected; the caller names the item it failed on ({@link #currentKey()}), which is
 * also the item whose bytes failed to decode when generated code reads a path or value.
 */
public final class AttributeReader {
    private final List<KeyValue> items;
    private int index;
    private byte[] key;
    private byte[] value;
    /** Where the current item's value starts after its integrity check. */
    private int valueStart;
    private TupleReader path;
    private TupleReader leaf;
    private int[] scopeItem = new int[8];
    private int[] scopeLength = new int[8];
    private int top = -1;

    /** A reader of {@code items}, the first of which is the record's head. */
    public AttributeReader(List<KeyValue> items) {
        this.items = items;
        KeyValue head = items.get(0);
        this.key = head.key();
        this.value = head.value();
        this.valueStart = ValueCheck.bodyOffset(key, value);
        this.path = new TupleReader(key, key.length, key.length);
    }

    /** A reader positioned at the start of the record key, to decode the key components. */
    public TupleReader recordKey() {
        return new TupleReader(items.get(0).key());
    }

    /** Opens the children of the current node; pass the result to {@link #next(int)}. */
    public int enter() {
        top++;
        if (top == scopeItem.length) {
            scopeItem = Arrays.copyOf(scopeItem, top * 2);
            scopeLength = Arrays.copyOf(scopeLength, top * 2);
        }
        scopeItem[top] = index;
        scopeLength[top] = path.position();
        return top;
    }

    /** Moves to the next item below the node {@code scope} was opened on; false when there is none. */
    public boolean next(int scope) {
        checkLeafRead();
        top = scope;
        if (index + 1 < items.size() && isBelow(items.get(index + 1).key(), scopeItem[scope], scopeLength[scope])) {
            index++;
            KeyValue item = items.get(index);
            key = item.key();
            value = item.value();
            valueStart = ValueCheck.bodyOffset(key, value);
            path = new TupleReader(key, scopeLength[scope], key.length);
            return true;
        }
        top = scope - 1;
        return false;
    }

    /** The rest of the current item's path, for reading map keys and set elements. */
    public TupleReader path() {
        return path;
    }

    /** Reads the next path element as a field name. */
    public String name() {
        return path.readString();
    }

    /**
     * Checks that the current item's path has no element left, after a set element was read from it, and that
     * the item holds nothing, as a set element does.
     */
    public void endPath() {
        if (path.hasNext()) {
            throw corrupt("a set element, found more path elements after it");
        }
        if (!AttributeWriter.isContainer(value, valueStart)) {
            throw corrupt("a set element, which holds nothing, found a value");
        }
    }

    /**
     * Reads past the position of a list element.
     *
     * @throws CorruptDataException if the path does not continue with a position (see {@link ListPositions})
     */
    public void position() {
        path.readLong();
        if (!ListPositions.isMinor(path.readString())) {
            throw corrupt("a list position, whose minor is a base-62 fraction not ending in '0'");
        }
    }

    /** Whether the current node is a null element or map value. */
    public boolean isNull() {
        return !path.hasNext() && AttributeWriter.isNull(value, valueStart);
    }

    /**
     * The value of the scalar node the reader stands on.
     *
     * @throws CorruptDataException if the node is not a scalar
     */
    public TupleReader leaf() {
        if (path.hasNext()) {
            throw corrupt("a value, found an item below it");
        }
        if (AttributeWriter.isContainer(value, valueStart)) {
            throw corrupt("a value, found a container");
        }
        if (AttributeWriter.isNull(value, valueStart)) {
            throw corrupt("a value, found null where null is stored as no item");
        }
        leaf = new TupleReader(value, valueStart, value.length);
        return leaf;
    }

    /**
     * The value of the {@code BigDecimal} scalar node the reader stands on (see
     * {@link AttributeWriter#decimal}).
     *
     * @throws CorruptDataException if the node is not a scalar holding an unscaled value and a scale
     */
    public BigDecimal decimal() {
        TupleReader value = leaf();
        return new BigDecimal(value.readBigInteger(), value.readInt());
    }

    /**
     * Checks that the node the reader stands on is a container (an embedded object, list, set or map),
     * whose children {@link #enter()} then opens.
     */
    public void container() {
        if (path.hasNext() || !AttributeWriter.isContainer(value, valueStart)) {
            throw corrupt("the start of an object or collection");
        }
    }

    /** Passes over the current node and every item below it. */
    public void skip() {
        int length = path.position();
        int from = index;
        while (index + 1 < items.size() && isBelow(items.get(index + 1).key(), from, length)) {
            index++;
            key = items.get(index).key();
            value = items.get(index).value();
            valueStart = ValueCheck.bodyOffset(key, value);
        }
        path = new TupleReader(key, key.length, key.length);
        leaf = null;
    }

    /** Checks that every item was read. */
    public void finish() {
        checkLeafRead();
        if (index != items.size() - 1) {
            key = items.get(index + 1).key();
            throw corrupt("no more items of this entity");
        }
    }

    /** Whether {@code candidate} lies below the first {@code length} bytes of item {@code item}'s key. */
    private boolean isBelow(byte[] candidate, int item, int length) {
        byte[] prefix = items.get(item).key();
        return candidate.length > length && candidate[length] != (byte) 0xFF
                && Arrays.equals(candidate, 0, length, prefix, 0, length);
    }

    private void checkLeafRead() {
        if (leaf != null) {
            if (leaf.hasNext()) {
                throw corrupt("one value, found more bytes after it");
            }
            leaf = null;
        }
    }

    /** The key of the item the reader stands on (or failed on). */
    public byte[] currentKey() {
        return key;
    }

    private static CorruptDataException corrupt(String expected) {
        return new CorruptDataException("expected " + expected);
    }
}
