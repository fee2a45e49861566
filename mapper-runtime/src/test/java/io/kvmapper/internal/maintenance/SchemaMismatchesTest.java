package io.kvmapper.internal.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a store refuses, in the words of its {@code SchemaMismatchException}, and what it records after
 * accepting older code. The rules themselves are tested in mapper-schema ({@code SchemaCompatibilityTest});
 * the end-to-end tests (mapper-tests, {@code evolution}) run them against RocksDB.
 */
class SchemaMismatchesTest {
    private static final String KEY = "{\"field\":\"id\",\"type\":\"long\",\"partition\":true,\"descending\":false}";

    /** A schema document of the entity "Item" with the given codec, key, fields, removed fields and embedded types. */
    private static SchemaDocument schema(int version, String codec, String key, String fields, String removed,
            String embedded) {
        return SchemaJson.read("""
                {"format": 1, "class": "example.ItemV%d", "entity": "Item", "version": %d, "layout": "MONOLITHIC",
                 "codec": "%s", "key": [%s], "fields": [%s], "removed": [%s], "embedded": {%s},
                 "indexes": [{"name": "email", "signature": "unique(email:STRING)"}], "counters": []}
                """.formatted(version, version, codec, key, fields, removed, embedded), "the schema");
    }

    private static String field(String name, String type, int number) {
        return "{\"name\":\"" + name + "\",\"java\":\"" + name + "\",\"type\":\"" + type + "\",\"number\":" + number + "}";
    }

    private static String removed(String name, String type, int number) {
        return "{\"name\":\"" + name + "\",\"type\":\"" + type + "\",\"number\":" + number + "}";
    }

    private static SchemaDocument item(int version, String codec, String... fields) {
        return schema(version, codec, KEY, field("id", "long", 1) + ", " + String.join(", ", fields), "", "");
    }

    @Test
    void theLayoutTheCodecAndTheKeyMustStay() {
        SchemaDocument stored = item(1, "JSON", field("email", "String", 2));
        SchemaDocument protobuf = item(2, "PROTOBUF", field("email", "String", 2));
        SchemaDocument stringKey = schema(2, "JSON",
                "{\"field\":\"id\",\"type\":\"String\",\"partition\":true,\"descending\":false}",
                field("id", "String", 1) + ", " + field("email", "String", 2), "", "");
        SchemaDocument twoComponents = schema(2, "JSON", KEY
                + ", {\"field\":\"email\",\"type\":\"String\",\"partition\":false,\"descending\":true}",
                field("id", "long", 1) + ", " + field("email", "String", 2), "", "");

        assertEquals(List.of("the store holds JSON values, and the code reads PROTOBUF"),
                SchemaMismatches.between(stored, protobuf));
        assertEquals(List.of("key component 1 is \"id\" long, partition, ascending in the store and \"id\" String, "
                + "partition, ascending in the code"), SchemaMismatches.between(stored, stringKey));
        assertEquals(List.of("the key has 1 component(s) in the store (\"id\" long, partition, ascending) and 2 in the "
                + "code (\"id\" long, partition, ascending; \"email\" String, descending)"),
                SchemaMismatches.between(stored, twoComponents));
    }

    @Test
    void aFieldTypeStoredValuesCannotBeReadAsIsADifferenceAlsoForARemovedField() {
        SchemaDocument stored = schema(3, "JSON", KEY, field("id", "long", 1) + ", " + field("age", "int", 3),
                removed("nick", "String", 2), "\"example.Home\": {\"fields\": [" + field("city", "String", 1)
                        + "], \"removed\": []}");
        SchemaDocument code = schema(4, "JSON", KEY, field("id", "long", 1) + ", " + field("age", "String", 3) + ", "
                + field("nick", "long", 4) + ", " + field("home", "embedded example.Home", 5), "",
                "\"example.Home\": {\"fields\": [" + field("city", "int", 1) + "], \"removed\": []}");

        assertEquals(List.of("field \"age\" is stored as int, and the code reads it as String",
                "field \"nick\" was stored as String, and the code reads it as long",
                "field \"example.Home.city\" is stored as String, and the code reads it as int"),
                SchemaMismatches.between(stored, code));
    }

    @Test
    void protobufNumbersStayWithTheirFieldsAndAreNeverReused() {
        SchemaDocument stored = schema(2, "PROTOBUF", KEY, field("id", "long", 1) + ", " + field("email", "String", 3),
                removed("nick", "String", 2), "");
        SchemaDocument renumbered = item(3, "PROTOBUF", field("email", "String", 4));
        SchemaDocument reused = item(3, "PROTOBUF", field("email", "String", 3), field("label", "String", 2));

        assertEquals(List.of("field \"email\" has number 3 in the store and 4 in the code"),
                SchemaMismatches.between(stored, renumbered));
        assertEquals(List.of("number 2 is field \"nick\" in the store and field \"label\" in the code"),
                SchemaMismatches.between(stored, reused));
    }

    @Test
    void olderCodeIsAcceptedAndTheStoreRemembersTheFieldsItLacks() {
        SchemaDocument newer = schema(2, "PROTOBUF", KEY, field("id", "long", 1) + ", " + field("email", "String", 2)
                + ", " + field("region", "String", 4), removed("nick", "String", 3),
                "\"example.Home\": {\"fields\": [" + field("city", "String", 1) + "], \"removed\": []}");
        SchemaDocument older = item(1, "PROTOBUF", field("email", "String", 2), field("nick", "String", 3));

        assertEquals(List.of(), SchemaMismatches.between(newer, older));
        SchemaDocument recorded = older.remembering(newer);

        assertEquals(1, recorded.version());
        assertEquals(older.fields().current(), recorded.fields().current());
        assertEquals(List.of(new FieldEntry("region", null, "String", 4)), recorded.fields().removed());
        assertEquals(newer.embedded(), recorded.embedded(), "an embedded type the code lacks stays known");
        SchemaDocument branch = item(3, "PROTOBUF", field("email", "String", 2), field("nick", "String", 3),
                field("zone", "int", 4));
        assertEquals(List.of("number 4 is field \"region\" in the store and field \"zone\" in the code"),
                SchemaMismatches.between(recorded, branch), "what newer code stored is not forgotten");
    }
}
