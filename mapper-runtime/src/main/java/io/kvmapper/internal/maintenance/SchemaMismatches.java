package io.kvmapper.internal.maintenance;

import io.kvmapper.schema.document.SchemaCompatibility;
import io.kvmapper.schema.document.SchemaDifference;
import io.kvmapper.schema.document.SchemaDifference.CodecChanged;
import io.kvmapper.schema.document.SchemaDifference.FieldNumberChanged;
import io.kvmapper.schema.document.SchemaDifference.FieldNumberTaken;
import io.kvmapper.schema.document.SchemaDifference.FieldTypeChanged;
import io.kvmapper.schema.document.SchemaDifference.KeyComponentChanged;
import io.kvmapper.schema.document.SchemaDifference.KeyLengthChanged;
import io.kvmapper.schema.document.SchemaDifference.LayoutChanged;
import io.kvmapper.schema.document.SchemaDifference.NameChanged;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import java.util.List;

/**
 * What differs between the schema a store recorded and the code's, in the words of a
 * {@code SchemaMismatchException}: the differences {@link SchemaCompatibility} finds, each as the store
 * and the code see it.
 */
public final class SchemaMismatches {
    private SchemaMismatches() {
    }

    /** Every difference between {@code stored} and {@code code} that the stored data does not survive. */
    public static List<String> between(SchemaDocument stored, SchemaDocument code) {
        return SchemaCompatibility.differences(stored, code).stream().map(SchemaMismatches::describe).toList();
    }

    private static String describe(SchemaDifference difference) {
        if (difference instanceof NameChanged name) {
            return "the store holds the entity \"" + name.recorded() + "\", and the code reads \"" + name.current()
                    + "\"";
        }
        if (difference instanceof LayoutChanged layout) {
            return "the store holds records in the " + layout.recorded() + " layout, and the code reads the "
                    + layout.current() + " layout";
        }
        if (difference instanceof CodecChanged codec) {
            return "the store holds " + codec.recorded() + " values, and the code reads " + codec.current();
        }
        if (difference instanceof KeyLengthChanged key) {
            return "the key has " + key.recorded().size() + " component(s) in the store ("
                    + KeyComponent.describe(key.recorded()) + ") and " + key.current().size() + " in the code ("
                    + KeyComponent.describe(key.current()) + ")";
        }
        if (difference instanceof KeyComponentChanged component) {
            return "key component " + (component.index() + 1) + " is " + component.recorded().describe()
                    + " in the store and " + component.current().describe() + " in the code";
        }
        if (difference instanceof FieldTypeChanged field) {
            return "field \"" + name(field.owner(), field.current().name()) + "\" "
                    + (field.removed() ? "was stored" : "is stored") + " as " + field.recorded().type()
                    + ", and the code reads it as " + field.current().type();
        }
        if (difference instanceof FieldNumberChanged number) {
            return "field \"" + name(number.owner(), number.current().name()) + "\" has number "
                    + number.recorded().number() + " in the store and " + number.current().number() + " in the code";
        }
        FieldNumberTaken number = (FieldNumberTaken) difference;
        return "number " + number.current().number() + " is field \"" + name(number.owner(), number.holder().name())
                + "\" in the store and field \"" + name(number.owner(), number.current().name()) + "\" in the code";
    }

    /** A field's name as messages give it: qualified by its embedded type, if it is not the entity's own. */
    private static String name(String owner, String field) {
        return owner.isEmpty() ? field : owner + "." + field;
    }
}
