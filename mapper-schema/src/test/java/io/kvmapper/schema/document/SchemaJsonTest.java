package io.kvmapper.schema.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.schema.document.SchemaDocument.Component;
import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import io.kvmapper.schema.document.SchemaDocument.TypeFields;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The two JSON forms of a schema document, byte for byte, and what reading a damaged one says. */
class SchemaJsonTest {
    /** The example of docs/schema-evolution.md. */
    private static final SchemaDocument MEMBER = new SchemaDocument("com.example.Member", "Member", 1, "MONOLITHIC",
            "JSON", List.of(new KeyComponent("id", "long", true, false)),
            new TypeFields(List.of(new FieldEntry("id", "id", "long", 1), new FieldEntry("email", "email", "String", 2),
                    new FieldEntry("nick", "nick", "String", 3), new FieldEntry("plan", "plan", "String", 4),
                    new FieldEntry("age", "age", "int", 5),
                    new FieldEntry("home", "home", "embedded com.example.Member.Home", 6)), List.of()),
            Map.of("com.example.Member.Home", new TypeFields(List.of(new FieldEntry("street", "street", "String", 1),
                    new FieldEntry("city", "city", "String", 2)), List.of())),
            List.of(new Component("email", "unique(email:STRING)")), List.of(new Component("byPlan", "count(plan:STRING)")));

    private static final String MEMBER_FILE = """
            {
              "format": 1,
              "class": "com.example.Member",
              "entity": "Member",
              "version": 1,
              "layout": "MONOLITHIC",
              "codec": "JSON",
              "key": [
                {"field": "id", "type": "long", "partition": true, "descending": false}
              ],
              "fields": [
                {"name": "id", "java": "id", "type": "long", "number": 1},
                {"name": "email", "java": "email", "type": "String", "number": 2},
                {"name": "nick", "java": "nick", "type": "String", "number": 3},
                {"name": "plan", "java": "plan", "type": "String", "number": 4},
                {"name": "age", "java": "age", "type": "int", "number": 5},
                {"name": "home", "java": "home", "type": "embedded com.example.Member.Home", "number": 6}
              ],
              "removed": [],
              "embedded": {
                "com.example.Member.Home": {
                  "fields": [
                    {"name": "street", "java": "street", "type": "String", "number": 1},
                    {"name": "city", "java": "city", "type": "String", "number": 2}
                  ],
                  "removed": []
                }
              },
              "indexes": [
                {"name": "email", "signature": "unique(email:STRING)"}
              ],
              "counters": [
                {"name": "byPlan", "signature": "count(plan:STRING)"}
              ]
            }
            """;

    /** A Protobuf document with removed fields, an embedded type, and a name that needs escaping. */
    private static final SchemaDocument ITEM = new SchemaDocument("example.Item", "Item \"v\"", 5, "MONOLITHIC",
            "PROTOBUF", List.of(new KeyComponent("id", "long", true, false)),
            new TypeFields(List.of(new FieldEntry("id", "id", "long", 1), new FieldEntry("tags", "tags", "List<String>", 2)),
                    List.of(new FieldEntry("nick", null, "String", 3))),
            Map.of("example.Home", new TypeFields(List.of(new FieldEntry("city", "city", "String", 1)),
                    List.of(new FieldEntry("zip", null, "String", 2)))),
            List.of(), List.of(new Component("total", "count()")));

    @Test
    void theFileFormHasOneLinePerMemberKeyComponentFieldIndexAndCounter() {
        assertEquals(MEMBER_FILE, SchemaJson.write(MEMBER));
        assertEquals(MEMBER, SchemaJson.read(MEMBER_FILE, "the file"));
    }

    @Test
    void theFileFormWritesEmptyListsAndEscapesOnTheirLines() {
        String text = SchemaJson.write(ITEM);

        assertEquals(ITEM, SchemaJson.read(text, "the file"));
        assertTrue(text.contains("\n  \"entity\": \"Item \\\"v\\\"\",\n"), text);
        assertTrue(text.contains("\n  \"indexes\": [],\n"), text);
        assertTrue(text.contains("\n      \"removed\": [\n        {\"name\": \"zip\", \"type\": \"String\", "
                + "\"number\": 2}\n      ]\n"), text);
    }

    @Test
    void aDocumentSurvivesItsCompactForm() {
        assertEquals(ITEM, SchemaJson.read(SchemaJson.writeCompact(ITEM), "the schema"));
        assertEquals(MEMBER, SchemaJson.read(SchemaJson.writeCompact(MEMBER), "the schema"));
    }

    @Test
    void theCompactFormIsOneLineOfTheSameMembers() {
        SchemaDocument tiny = new SchemaDocument("example.Tag", "Tag", 2, "ATTRIBUTE_PER_KEY", "JSON",
                List.of(new KeyComponent("name", "String", true, true)),
                new TypeFields(List.of(new FieldEntry("name", "name", "String", 1)), List.of(new FieldEntry("n", null,
                        "int", 2))), Map.of(), List.of(), List.of());

        assertEquals("{\"format\":1,\"class\":\"example.Tag\",\"entity\":\"Tag\",\"version\":2,\"layout\":"
                + "\"ATTRIBUTE_PER_KEY\",\"codec\":\"JSON\",\"key\":[{\"field\":\"name\",\"type\":\"String\","
                + "\"partition\":true,\"descending\":true}],\"fields\":[{\"name\":\"name\",\"java\":\"name\",\"type\":"
                + "\"String\",\"number\":1}],\"removed\":[{\"name\":\"n\",\"type\":\"int\",\"number\":2}],"
                + "\"embedded\":{},\"indexes\":[],\"counters\":[]}", SchemaJson.writeCompact(tiny));
    }

    @Test
    void aDocumentWithoutAMemberSaysWhichOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SchemaJson.read(
                "{\"format\": 1, \"class\": \"example.Item\", \"entity\": \"Item\", \"version\": 1, \"layout\": "
                        + "\"MONOLITHIC\", \"codec\": \"JSON\", \"key\": [{\"field\": \"id\"}]}", "the schema"));
        assertEquals("\"key\"[0] of the schema has no string \"type\"", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SchemaJson.read("{\"format\": 1,", "the schema"));
    }

    @Test
    void aDamagedDocumentSaysWhatIsWrong() {
        String file = SchemaJson.write(MEMBER);

        assertEquals("the file has format 2, and this version of KV Mapper reads format 1",
                message(file.replace("\"format\": 1", "\"format\": 2")));
        assertEquals("the file has \"layout\" \"ROWS\", not one of MONOLITHIC, ATTRIBUTE_PER_KEY",
                message(file.replace("\"MONOLITHIC\"", "\"ROWS\"")));
        assertEquals("the file has \"codec\" \"XML\", not one of JSON, PROTOBUF",
                message(file.replace("\"codec\": \"JSON\"", "\"codec\": \"XML\"")));
        assertEquals("the file has \"version\" 4294967296, out of range",
                message(file.replace("\"version\": 1", "\"version\": 4294967296")));
        assertEquals("\"com.example.Member.Home\" of the file has no array \"removed\"",
                message(file.replace("""
                        ],
                              "removed": []
                        """, "]\n")));
        assertEquals("text follows the JSON object", message(file + "{}"));
        assertEquals("the file is not a JSON object", message("[]"));
    }

    private static String message(String text) {
        return assertThrows(IllegalArgumentException.class, () -> SchemaJson.read(text, "the file")).getMessage();
    }
}
