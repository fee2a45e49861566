package io.kvmapper.cli.entities;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.schemaless.GenericObject;
import io.kvmapper.internal.schemaless.SchemaMapping;
import io.kvmapper.internal.schemaless.StoredSchemas;
import io.kvmapper.schema.document.SchemaJson;
import io.kvmapper.tuple.Tuples;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a recorded schema the runtime cannot use looks like to a tool, and what records built from one do. */
class SchemaMappingErrorsTest {
    private static final String GADGET = Gadget_KvMapping.INSTANCE.schema();

    @Test
    void aTypeTheRuntimeDoesNotKnowNamesTheField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SchemaMapping.of(
                SchemaJson.read(GADGET.replace("\"type\": \"BigInteger\"", "\"type\": \"Frob<int>\""), "test")));
        assertTrue(e.getMessage().contains("Gadget: the schema cannot be used to decode records: field \"huge\" of "
                + "io.kvmapper.cli.entities.Gadget: unknown type \"Frob<int>\""), e.getMessage());
    }

    @Test
    void anIndexSignatureThatNamesNoFieldSaysWhich() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SchemaMapping.of(
                SchemaJson.read(GADGET.replace("unique(code:STRING)", "unique(nope:STRING)"), "test")));
        assertEquals("Gadget: index 'code' (unique(nope:STRING)) cannot be computed from the schema: the path nope "
                + "names no stored field of io.kvmapper.cli.entities.Gadget", e.getMessage());
        IllegalArgumentException kind = assertThrows(IllegalArgumentException.class, () -> SchemaMapping.of(
                SchemaJson.read(GADGET.replace("unique(code:STRING)", "unique(code:LONG)"), "test")));
        assertTrue(kind.getMessage().endsWith("the path code holds STRING, not LONG"), kind.getMessage());
        IllegalArgumentException through = assertThrows(IllegalArgumentException.class, () -> SchemaMapping.of(
                SchemaJson.read(GADGET.replace("count(dims.unit:STRING,flag:BOOLEAN)",
                        "count(code.unit:STRING,flag:BOOLEAN)"), "test")));
        assertTrue(through.getMessage().endsWith("the path code.unit goes through code, which is not an embedded "
                + "object"), through.getMessage());
    }

    @Test
    void aKeyOfAnotherEntityIsNoRecordKey() {
        SchemaMapping gadgets = SchemaMapping.of(SchemaJson.read(GADGET, "test"));
        CorruptDataException e = assertThrows(CorruptDataException.class,
                () -> gadgets.decodeKey(Tuples.encode(List.of("Other", "r", "x", 1), 2, 3)));
        assertTrue(e.getMessage().startsWith("Gadget: ((\"Other\", \"r\", \"x\", 1), 2, 3) is not a record key of the "
                + "entity (region String, zone int, at Instant descending, id UUID)"), e.getMessage());
    }

    @Test
    void aDamagedSchemaEntryIsCorruptData() {
        CorruptDataException e = assertThrows(CorruptDataException.class,
                () -> StoredSchemas.decode("Gadget", StoredSchemas.key("Gadget"), Tuples.encode(1L, "{not json")));
        assertTrue(e.getMessage().startsWith("Gadget: the stored schema ((\"Gadget\", \"m\"), \"schema\", \"current\") "
                + "cannot be read"), e.getMessage());
    }

    @Test
    void recordsCompareDeeplyAndPrintAsTheJsonCodecWritesThem() {
        SchemaMapping clips = SchemaMapping.of(SchemaJson.read(Clip_KvMapping.INSTANCE.schema(), "test"));
        String json = "{\"id\":7,\"title\":\"a\",\"link\":\"https://x\",\"price\":{\"amount\":12.50,"
                + "\"currency\":\"EUR\"}}";
        GenericObject one = clips.json().fromJson(json);
        GenericObject two = clips.json().fromJson(json);
        assertEquals(one, two);
        assertEquals(one.hashCode(), two.hashCode());
        assertEquals(json, one.toString(), "a databind value is kept as its JSON text, scale and all");
        two.set("title", "b");
        assertNotEquals(one, two);
    }
}
