package io.kvmapper.schema.document;

import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import java.util.List;

/**
 * One way the current schema of an entity differs from a recorded one (a schema file, or what a store
 * recorded) that the recorded entity's stored data does not survive, as {@link SchemaCompatibility} finds
 * it: what kind of difference, where, and both sides. The processor turns each into a compile error on the
 * element that makes it, the runtime into part of a {@code SchemaMismatchException}'s message.
 *
 * <p>Where a difference concerns a field, {@code owner} says whose: empty for the entity's own fields, else
 * the qualified name of the embedded type.
 */
public sealed interface SchemaDifference {

    /**
     * The stored entity name changed: the two documents describe different entities, so nothing else is
     * compared.
     *
     * @param recorded the recorded name
     * @param current the current name
     */
    record NameChanged(String recorded, String current) implements SchemaDifference {
    }

    /**
     * The record layout changed.
     *
     * @param recorded the recorded layout
     * @param current the current layout
     */
    record LayoutChanged(String recorded, String current) implements SchemaDifference {
    }

    /**
     * The value codec changed.
     *
     * @param recorded the recorded codec
     * @param current the current codec
     */
    record CodecChanged(String recorded, String current) implements SchemaDifference {
    }

    /**
     * The key has another number of components (its components are then not compared one by one).
     *
     * @param recorded the recorded components
     * @param current the current components
     */
    record KeyLengthChanged(List<KeyComponent> recorded, List<KeyComponent> current) implements SchemaDifference {
        /** Copies the lists. */
        public KeyLengthChanged {
            recorded = List.copyOf(recorded);
            current = List.copyOf(current);
        }
    }

    /**
     * A key component changed: its field, type, partition or descending flag.
     *
     * @param index its position in the key, from 0
     * @param recorded the recorded component
     * @param current the current component
     */
    record KeyComponentChanged(int index, KeyComponent recorded, KeyComponent current) implements SchemaDifference {
    }

    /**
     * A field's type changed in a way its stored values cannot be read as (see {@link SchemaTypes}).
     *
     * @param owner whose field it is
     * @param recorded the recorded field of the same stored name
     * @param removed whether the recorded field is a removed one
     * @param current the current field
     */
    record FieldTypeChanged(String owner, FieldEntry recorded, boolean removed, FieldEntry current)
            implements SchemaDifference {
    }

    /**
     * In Protobuf values, a field has another number than the one recorded for its stored name.
     *
     * @param owner whose field it is
     * @param recorded the recorded field of the same stored name
     * @param current the current field
     */
    record FieldNumberChanged(String owner, FieldEntry recorded, FieldEntry current) implements SchemaDifference {
    }

    /**
     * In Protobuf values, a field has a number recorded for another current or removed field.
     *
     * @param owner whose field it is
     * @param holder the recorded field that has or had the number
     * @param holderRemoved whether the holder is a removed field
     * @param current the current field
     */
    record FieldNumberTaken(String owner, FieldEntry holder, boolean holderRemoved, FieldEntry current)
            implements SchemaDifference {
    }
}
