package io.kvmapper.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a store accepts: the rules between the schema a store recorded and the code's, and what it records
 * after accepting. The end-to-end tests (mapper-tests, {@code evolution}) run them against RocksDB.
 */
class SchemaCompatibilityTest {
    private static final String KEY = "{\"field\":\"id\",\"type\":\"long\",\"partition\":true,\"descending\":false}";

    /** A schema document of the entity "Item" with the given codec, key, fields, removed fields and embedded types. */
    private static StoredSchema schema(int version, String codec, String key, String fields, String removed,
            String embedded) {
        return StoredSchema.parse("""
                {"format": 1, "class": "example.ItemV%d", "entity": "Item", "version": %d, "layout": "MONOLITHIC",
                 "codec": "%s", "key": [%s], "fields": [%s], "removed": [%s], "embedded": {%s},
                 "indexes": [{"name": "email", "signature": "unique(email:STRING)"}], "counters": []}
                """.formatted(version, version, codec, key, fields, removed, embedded));
    }

    private static String field(String name, String type, int number) {
        return "{\"name\":\"" + name + "\",\"java\":\"" + name + "\",\"type\":\"" + type + "\",\"number\":" + number + "}";
    }

    private static String removed(String name, String type, int number) {
        return "{\"name\":\"" + name + "\",\"type\":\"" + type + "\",\"number\":" + number + "}";
    }

    private static StoredSchema item(int version, String codec, String... fields) {
        return schema(version, codec, KEY, field("id", "long", 1) + ", " + String.join(", ", fields), "", "");
    }

    @Test
    void integersWidenAndNothingElseConverts() {
        assertTrue(SchemaCompatibility.readableAs("int", "long"));
        assertTrue(SchemaCompatibility.readableAs("byte", "short"));
        assertTrue(SchemaCompatibility.readableAs("Byte", "Long"));
        assertTrue(SchemaCompatibility.readableAs("List<Integer>", "List<Long>"));
        assertTrue(SchemaCompatibility.readableAs("Map<Integer, List<Short>>", "Map<Long, List<Integer>>"));
        assertTrue(SchemaCompatibility.readableAs("Optional<Short>", "Optional<Integer>"));
        assertTrue(SchemaCompatibility.readableAs("enum example.Status", "enum example.Status"));

        assertFalse(SchemaCompatibility.readableAs("long", "int"), "narrowing");
        assertFalse(SchemaCompatibility.readableAs("int", "Integer"), "a primitive and its box differ in Protobuf");
        assertFalse(SchemaCompatibility.readableAs("Integer", "long"));
        assertFalse(SchemaCompatibility.readableAs("float", "double"), "fixed32 and fixed64");
        assertFalse(SchemaCompatibility.readableAs("int", "String"));
        assertFalse(SchemaCompatibility.readableAs("List<Integer>", "Set<Integer>"));
        assertFalse(SchemaCompatibility.readableAs("List<Integer>", "Integer"));
        assertFalse(SchemaCompatibility.readableAs("Map<String, Long>", "Map<String, Integer>"));
        assertFalse(SchemaCompatibility.readableAs("embedded example.A", "embedded example.B"));
    }

    @Test
    void addedRemovedAndRenamedFieldsAndWidenedIntegersAreAccepted() {
        StoredSchema stored = item(1, "PROTOBUF", field("email", "String", 2), field("nick", "String", 3),
                field("age", "int", 4));
        StoredSchema code = schema(2, "PROTOBUF", KEY, field("id", "long", 1) + ", " + field("email", "String", 2)
                + ", " + field("age", "long", 4) + ", " + field("region", "String", 5), removed("nick", "String", 3), "");

        assertEquals(List.of(), SchemaCompatibility.differences(stored, code));
    }

    @Test
    void theLayoutTheCodecAndTheKeyMustStay() {
        StoredSchema stored = item(1, "JSON", field("email", "String", 2));
        StoredSchema protobuf = item(2, "PROTOBUF", field("email", "String", 2));
        StoredSchema stringKey = schema(2, "JSON",
                "{\"field\":\"id\",\"type\":\"String\",\"partition\":true,\"descending\":false}",
                field("id", "String", 1) + ", " + field("email", "String", 2), "", "");
        StoredSchema twoComponents = schema(2, "JSON", KEY
                + ", {\"field\":\"email\",\"type\":\"String\",\"partition\":false,\"descending\":true}",
                field("id", "long", 1) + ", " + field("email", "String", 2), "", "");

        assertEquals(List.of("the store holds JSON values, and the code reads PROTOBUF"),
                SchemaCompatibility.differences(stored, protobuf));
        assertEquals(List.of("key component 1 is \"id\" long, partition, ascending in the store and \"id\" String, "
                + "partition, ascending in the code"), SchemaCompatibility.differences(stored, stringKey));
        assertEquals(List.of("the key has 1 component(s) in the store (\"id\" long, partition, ascending) and 2 in the "
                + "code (\"id\" long, partition, ascending; \"email\" String, descending)"),
                SchemaCompatibility.differences(stored, twoComponents));
    }

    @Test
    void aFieldTypeStoredValuesCannotBeReadAsIsADifferenceAlsoForARemovedField() {
        StoredSchema stored = schema(3, "JSON", KEY, field("id", "long", 1) + ", " + field("age", "int", 3),
                removed("nick", "String", 2), "\"example.Home\": {\"fields\": [" + field("city", "String", 1)
                        + "], \"removed\": []}");
        StoredSchema code = schema(4, "JSON", KEY, field("id", "long", 1) + ", " + field("age", "String", 3) + ", "
                + field("nick", "long", 4) + ", " + field("home", "embedded example.Home", 5), "",
                "\"example.Home\": {\"fields\": [" + field("city", "int", 1) + "], \"removed\": []}");

        assertEquals(List.of("field \"age\" is stored as int, and the code reads it as String",
                "field \"nick\" was stored as String, and the code reads it as long",
                "field \"example.Home.city\" is stored as String, and the code reads it as int"),
                SchemaCompatibility.differences(stored, code));
    }

    @Test
    void protobufNumbersStayWithTheirFieldsAndAreNeverReused() {
        StoredSchema stored = schema(2, "PROTOBUF", KEY, field("id", "long", 1) + ", " + field("email", "String", 3),
                removed("nick", "String", 2), "");
        StoredSchema renumbered = item(3, "PROTOBUF", field("email", "String", 4));
        StoredSchema reused = item(3, "PROTOBUF", field("email", "String", 3), field("label", "String", 2));

        assertEquals(List.of("field \"email\" has number 3 in the store and 4 in the code"),
                SchemaCompatibility.differences(stored, renumbered));
        assertEquals(List.of("number 2 is field \"nick\" in the store and field \"label\" in the code"),
                SchemaCompatibility.differences(stored, reused));
    }

    @Test
    void jsonValuesHoldNamesSoTheirNumbersDoNotMatter() {
        StoredSchema stored = item(1, "JSON", field("email", "String", 2), field("nick", "String", 3));
        StoredSchema renumbered = item(2, "JSON", field("nick", "String", 2), field("email", "String", 3));

        assertEquals(List.of(), SchemaCompatibility.differences(stored, renumbered));
    }

    @Test
    void olderCodeIsAcceptedAndTheStoreRemembersTheFieldsItLacks() {
        StoredSchema newer = schema(2, "PROTOBUF", KEY, field("id", "long", 1) + ", " + field("email", "String", 2)
                + ", " + field("region", "String", 4), removed("nick", "String", 3),
                "\"example.Home\": {\"fields\": [" + field("city", "String", 1) + "], \"removed\": []}");
        StoredSchema older = item(1, "PROTOBUF", field("email", "String", 2), field("nick", "String", 3));

        assertEquals(List.of(), SchemaCompatibility.differences(newer, older));
        StoredSchema recorded = SchemaCompatibility.merge(newer, older);

        assertEquals(1, recorded.version());
        assertEquals(older.fields().current(), recorded.fields().current());
        assertEquals(List.of(new StoredSchema.Field("region", null, "String", 4)), recorded.fields().removed());
        assertEquals(newer.embedded(), recorded.embedded(), "an embedded type the code lacks stays known");
        StoredSchema branch = item(3, "PROTOBUF", field("email", "String", 2), field("nick", "String", 3),
                field("zone", "int", 4));
        assertEquals(List.of("number 4 is field \"region\" in the store and field \"zone\" in the code"),
                SchemaCompatibility.differences(recorded, branch), "what newer code stored is not forgotten");
    }

    @Test
    void aDocumentSurvivesItsCompactForm() {
        StoredSchema schema = schema(5, "PROTOBUF", KEY, field("id", "long", 1) + ", " + field("tags", "List<String>", 2),
                removed("nick", "String", 3), "\"example.Home\": {\"fields\": [" + field("city", "String", 1)
                        + "], \"removed\": [" + removed("zip", "String", 2) + "]}");

        assertEquals(schema, StoredSchema.parse(schema.toJson()));
    }

    @Test
    void aDocumentWithoutAMemberSaysWhichOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StoredSchema.parse(
                "{\"format\": 1, \"class\": \"example.Item\", \"entity\": \"Item\", \"version\": 1, \"layout\": "
                        + "\"MONOLITHIC\", \"codec\": \"JSON\", \"key\": [{\"field\": \"id\"}]}"));
        assertEquals("\"key\"[0] of the schema has no string \"type\"", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> StoredSchema.parse("{\"format\": 1,"));
    }
}
