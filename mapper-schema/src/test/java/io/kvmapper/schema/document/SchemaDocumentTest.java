package io.kvmapper.schema.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import io.kvmapper.schema.document.SchemaDocument.TypeFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a document continues a schema's history, and that it does not change. */
class SchemaDocumentTest {
    private static final KeyComponent ID = new KeyComponent("id", "long", true, false);

    private static SchemaDocument document(int version, TypeFields fields, Map<String, TypeFields> embedded) {
        return new SchemaDocument("example.Item", "Item", version, "MONOLITHIC", "PROTOBUF", List.of(ID), fields,
                embedded, List.of(), List.of());
    }

    private static FieldEntry field(String name, int number) {
        return new FieldEntry(name, name, "String", number);
    }

    private static FieldEntry removed(String name, int number) {
        return new FieldEntry(name, null, "String", number);
    }

    @Test
    void aFieldOrEmbeddedTypeTheEarlierDocumentKnewIsRememberedAsRemoved() {
        SchemaDocument earlier = document(3, new TypeFields(List.of(field("id", 1), field("email", 2), field("nick", 4)),
                List.of(removed("title", 3))), Map.of("example.Home", new TypeFields(List.of(field("city", 1),
                        field("zip", 2)), List.of()), "example.Gone", new TypeFields(List.of(field("x", 1)), List.of())));
        SchemaDocument current = document(4, new TypeFields(List.of(field("id", 1), field("email", 2),
                field("title", 3)), List.of()), Map.of("example.Home", new TypeFields(List.of(field("city", 1)),
                        List.of()), "example.New", new TypeFields(List.of(field("y", 1)), List.of())));

        SchemaDocument continued = current.remembering(earlier);

        assertEquals(4, continued.version());
        assertEquals(new TypeFields(current.fields().current(), List.of(removed("nick", 4))), continued.fields(),
                "a removed field that came back is current again");
        assertEquals(Map.of("example.Home", new TypeFields(List.of(field("city", 1)), List.of(removed("zip", 2))),
                "example.Gone", earlier.embeddedFields("example.Gone"),
                "example.New", current.embeddedFields("example.New")), continued.embedded());
        assertEquals(List.of("example.Gone", "example.Home", "example.New"), new ArrayList<>(continued.embedded().keySet()),
                "embedded types in name order");
        assertEquals(continued, continued.remembering(earlier), "remembering twice changes nothing");
    }

    @Test
    void removedFieldsStayInTheirOrderBeforeTheNewlyRemovedOnes() {
        SchemaDocument earlier = document(1, new TypeFields(List.of(field("id", 1), field("b", 3)),
                List.of(removed("a", 2))), Map.of());
        SchemaDocument current = document(2, new TypeFields(List.of(field("id", 1)), List.of(removed("c", 4))), Map.of());

        assertEquals(List.of(removed("c", 4), removed("a", 2), removed("b", 3)),
                current.remembering(earlier).fields().removed());
    }

    @Test
    void anUnknownEmbeddedTypeHasNoFields() {
        assertEquals(TypeFields.NONE, document(1, TypeFields.NONE, Map.of()).embeddedFields("example.Home"));
    }

    @Test
    void aDocumentDoesNotChange() {
        List<KeyComponent> key = new ArrayList<>(List.of(ID));
        SchemaDocument document = new SchemaDocument("example.Item", "Item", 1, "MONOLITHIC", "JSON", key,
                TypeFields.NONE, Map.of(), List.of(), List.of());
        key.clear();

        assertEquals(List.of(ID), document.key());
        assertThrows(UnsupportedOperationException.class, () -> document.embedded().put("x", TypeFields.NONE));
    }
}
