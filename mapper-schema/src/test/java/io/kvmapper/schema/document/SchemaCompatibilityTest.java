package io.kvmapper.schema.document;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kvmapper.schema.document.SchemaDifference.CodecChanged;
import io.kvmapper.schema.document.SchemaDifference.FieldNumberChanged;
import io.kvmapper.schema.document.SchemaDifference.FieldNumberTaken;
import io.kvmapper.schema.document.SchemaDifference.FieldTypeChanged;
import io.kvmapper.schema.document.SchemaDifference.KeyComponentChanged;
import io.kvmapper.schema.document.SchemaDifference.KeyLengthChanged;
import io.kvmapper.schema.document.SchemaDifference.LayoutChanged;
import io.kvmapper.schema.document.SchemaDifference.NameChanged;
import io.kvmapper.schema.document.SchemaDocument.Component;
import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import io.kvmapper.schema.document.SchemaDocument.TypeFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The rules between a recorded schema and the current one, as structured differences. The processor's
 * {@code SchemaEvolutionTest} and the runtime's {@code SchemaMismatchesTest} pin down the words each side
 * turns them into.
 */
class SchemaCompatibilityTest {
    private static final KeyComponent ID = new KeyComponent("id", "long", true, false);
    private static final FieldEntry ID_FIELD = field("id", "long", 1);
    private static final Component EMAIL = new Component("email", "unique(email:STRING)");

    private static FieldEntry field(String name, String type, int number) {
        return new FieldEntry(name, name, type, number);
    }

    private static FieldEntry removed(String name, String type, int number) {
        return new FieldEntry(name, null, type, number);
    }

    /** The entity "Item" keyed by "id", with the given codec, fields after "id", and removed fields. */
    private static SchemaDocument item(String codec, List<FieldEntry> fields, List<FieldEntry> removed) {
        return item(codec, List.of(ID), fields, removed, Map.of());
    }

    private static SchemaDocument item(String codec, List<KeyComponent> key, List<FieldEntry> fields,
            List<FieldEntry> removed, Map<String, TypeFields> embedded) {
        List<FieldEntry> all = new ArrayList<>(List.of(ID_FIELD));
        all.addAll(fields);
        return new SchemaDocument("example.Item", "Item", 1, "MONOLITHIC", codec, key, new TypeFields(all, removed),
                embedded, List.of(EMAIL), List.of());
    }

    @Test
    void addedRemovedAndRenamedFieldsAndWidenedIntegersAreAccepted() {
        SchemaDocument recorded = item("PROTOBUF", List.of(field("email", "String", 2), field("nick", "String", 3),
                field("age", "int", 4)), List.of());
        SchemaDocument current = item("PROTOBUF", List.of(new FieldEntry("email", "mail", "String", 2),
                field("age", "long", 4), field("region", "String", 5)), List.of(removed("nick", "String", 3)));

        assertEquals(List.of(), SchemaCompatibility.differences(recorded, current));
    }

    @Test
    void jsonValuesHoldNamesSoTheirNumbersDoNotMatter() {
        SchemaDocument recorded = item("JSON", List.of(field("email", "String", 2), field("nick", "String", 3)),
                List.of());
        SchemaDocument renumbered = item("JSON", List.of(field("nick", "String", 2), field("email", "String", 3)),
                List.of());

        assertEquals(List.of(), SchemaCompatibility.differences(recorded, renumbered));
    }

    @Test
    void anotherStoredNameIsAnotherEntityAndTheOnlyDifference() {
        SchemaDocument recorded = item("JSON", List.of(field("email", "String", 2)), List.of());
        SchemaDocument current = new SchemaDocument("example.Item", "Product", 1, "ATTRIBUTE_PER_KEY", "JSON",
                List.of(), TypeFields.NONE, Map.of(), List.of(new Component("email", "index(email:STRING)")), List.of());

        assertEquals(List.of(new NameChanged("Item", "Product")), SchemaCompatibility.differences(recorded, current));
        assertEquals(List.of(), SchemaCompatibility.redefinitions(recorded, current));
    }

    @Test
    void theLayoutTheCodecAndTheKeyMustStay() {
        SchemaDocument recorded = item("JSON", List.of(field("email", "String", 2)), List.of());
        SchemaDocument attributes = new SchemaDocument("example.Item", "Item", 2, "ATTRIBUTE_PER_KEY", "PROTOBUF",
                recorded.key(), recorded.fields(), Map.of(), List.of(), List.of());
        KeyComponent stringId = new KeyComponent("id", "String", true, false);
        KeyComponent email = new KeyComponent("email", "String", false, true);

        assertEquals(List.of(new LayoutChanged("MONOLITHIC", "ATTRIBUTE_PER_KEY"), new CodecChanged("JSON", "PROTOBUF")),
                SchemaCompatibility.differences(recorded, attributes));
        assertEquals(List.of(new KeyComponentChanged(0, ID, stringId)), SchemaCompatibility.differences(recorded,
                item("JSON", List.of(stringId), List.of(field("email", "String", 2)), List.of(), Map.of())),
                "a key field's type is the key's: it is not also a field type difference");
        assertEquals(List.of(new KeyLengthChanged(List.of(ID), List.of(ID, email))), SchemaCompatibility.differences(
                recorded, item("JSON", List.of(ID, email), List.of(field("email", "String", 2)), List.of(), Map.of())),
                "components are not compared one by one when their number changed");
    }

    @Test
    void aFieldTypeStoredValuesCannotBeReadAsIsADifferenceAlsoForARemovedFieldAndInAnEmbeddedType() {
        Map<String, TypeFields> recordedHome = Map.of("example.Home", new TypeFields(List.of(field("city", "String", 1)),
                List.of()), "example.Gone", new TypeFields(List.of(field("zip", "String", 1)), List.of()));
        Map<String, TypeFields> currentHome = Map.of("example.Home", new TypeFields(List.of(field("city", "int", 1)),
                List.of()), "example.New", new TypeFields(List.of(field("zip", "long", 1)), List.of()));
        SchemaDocument recorded = item("JSON", List.of(ID), List.of(field("age", "int", 3)),
                List.of(removed("nick", "String", 2)), recordedHome);
        SchemaDocument current = item("JSON", List.of(ID), List.of(field("age", "String", 3), field("nick", "long", 4),
                field("home", "embedded example.Home", 5)), List.of(), currentHome);

        assertEquals(List.of(new FieldTypeChanged("", field("age", "int", 3), false, field("age", "String", 3)),
                new FieldTypeChanged("", removed("nick", "String", 2), true, field("nick", "long", 4)),
                new FieldTypeChanged("example.Home", field("city", "String", 1), false, field("city", "int", 1))),
                SchemaCompatibility.differences(recorded, current), "types compare only within one type");
    }

    @Test
    void protobufNumbersStayWithTheirFieldsAndAreNeverReused() {
        SchemaDocument recorded = item("PROTOBUF", List.of(field("email", "String", 3)),
                List.of(removed("nick", "String", 2)));
        SchemaDocument renumbered = item("PROTOBUF", List.of(field("email", "String", 4)), List.of());
        SchemaDocument reused = item("PROTOBUF", List.of(field("email", "String", 3), field("label", "String", 2)),
                List.of());
        SchemaDocument taken = item("PROTOBUF", List.of(field("email", "String", 3), field("title", "String", 3)),
                List.of());

        assertEquals(List.of(new FieldNumberChanged("", field("email", "String", 3), field("email", "String", 4))),
                SchemaCompatibility.differences(recorded, renumbered));
        assertEquals(List.of(new FieldNumberTaken("", removed("nick", "String", 2), true, field("label", "String", 2))),
                SchemaCompatibility.differences(recorded, reused));
        assertEquals(List.of(new FieldNumberTaken("", field("email", "String", 3), false, field("title", "String", 3))),
                SchemaCompatibility.differences(recorded, taken));
    }

    @Test
    void oneFieldsNumberIsJudgedAloneToo() {
        TypeFields recorded = new TypeFields(List.of(field("email", "String", 3)), List.of(removed("nick", "String", 2)));

        assertEquals(Optional.empty(), SchemaCompatibility.numberDifference("example.Home", recorded,
                field("email", "String", 3)));
        assertEquals(Optional.empty(), SchemaCompatibility.numberDifference("example.Home", recorded,
                field("nick", "String", 2)), "a removed field that comes back keeps its number");
        assertEquals(Optional.empty(), SchemaCompatibility.numberDifference("example.Home", recorded,
                field("label", "String", 4)));
        assertEquals(Optional.of(new FieldNumberChanged("example.Home", removed("nick", "String", 2),
                field("nick", "String", 5))), SchemaCompatibility.numberDifference("example.Home", recorded,
                field("nick", "String", 5)));
    }

    @Test
    void anIndexOrCounterRedefinedUnderItsNameIsARedefinitionUnlessOnlyAnIntegerWidened() {
        SchemaDocument recorded = new SchemaDocument("example.Item", "Item", 1, "MONOLITHIC", "JSON", List.of(ID),
                TypeFields.NONE, Map.of(), List.of(EMAIL, new Component("age", "index(age:INT)")),
                List.of(new Component("byAge", "count(age:INT)"), new Component("total", "count()")));
        SchemaDocument current = new SchemaDocument("example.Item", "Item", 2, "MONOLITHIC", "JSON", List.of(ID),
                TypeFields.NONE, Map.of(), List.of(new Component("email", "index(email:STRING)"),
                        new Component("age", "index(age:LONG)"), new Component("city", "index(city:STRING)")),
                List.of(new Component("total", "sum(points:LONG)"), new Component("byAge", "count(age:LONG)")));

        assertEquals(List.of(new Redefinition(Redefinition.Kind.INDEX, "email", "unique(email:STRING)",
                "index(email:STRING)"), new Redefinition(Redefinition.Kind.COUNTER, "total", "count()",
                "sum(points:LONG)")), SchemaCompatibility.redefinitions(recorded, current));
        assertEquals(List.of(), SchemaCompatibility.differences(recorded, current), "the data survives either");
    }
}
