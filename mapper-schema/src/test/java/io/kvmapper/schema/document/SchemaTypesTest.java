package io.kvmapper.schema.document;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which type changes stored values survive, and when two index or counter signatures keep their entries. */
class SchemaTypesTest {

    @Test
    void integersWidenAndNothingElseConverts() {
        assertTrue(SchemaTypes.readableAs("int", "long"));
        assertTrue(SchemaTypes.readableAs("byte", "short"));
        assertTrue(SchemaTypes.readableAs("Byte", "Long"));
        assertTrue(SchemaTypes.readableAs("List<Integer>", "List<Long>"));
        assertTrue(SchemaTypes.readableAs("Map<Integer, List<Short>>", "Map<Long, List<Integer>>"));
        assertTrue(SchemaTypes.readableAs("Optional<Short>", "Optional<Integer>"));
        assertTrue(SchemaTypes.readableAs("enum example.Status", "enum example.Status"));

        assertFalse(SchemaTypes.readableAs("long", "int"), "narrowing");
        assertFalse(SchemaTypes.readableAs("int", "Integer"), "a primitive and its box differ in Protobuf");
        assertFalse(SchemaTypes.readableAs("Integer", "long"));
        assertFalse(SchemaTypes.readableAs("float", "double"), "fixed32 and fixed64");
        assertFalse(SchemaTypes.readableAs("int", "String"));
        assertFalse(SchemaTypes.readableAs("List<Integer>", "Set<Integer>"));
        assertFalse(SchemaTypes.readableAs("List<Integer>", "Integer"));
        assertFalse(SchemaTypes.readableAs("Map<String, Long>", "Map<String, Integer>"));
        assertFalse(SchemaTypes.readableAs("embedded example.A", "embedded example.B"));
    }

    @Test
    void aDatabindTypeIsOpaque() {
        assertTrue(SchemaTypes.readableAs("databind java.util.List<java.net.URI>", "databind java.util.List<java.net.URI>"));
        assertFalse(SchemaTypes.readableAs("databind java.util.List<java.lang.Integer>",
                "databind java.util.List<java.lang.Long>"), "databind writes qualified names, which never widen");
        assertFalse(SchemaTypes.readableAs("embedded example.Home", "databind example.Home"));
    }

    @Test
    void signaturesThatDifferOnlyInIntegerKindsDescribeTheSameEntries() {
        assertTrue(SchemaTypes.sameEntries("index(age:INT)", "index(age:LONG)"));
        assertTrue(SchemaTypes.sameEntries("sum(total:SHORT;day:LOCAL_DATE)", "sum(total:LONG;day:LOCAL_DATE)"));

        assertFalse(SchemaTypes.sameEntries("unique(email:STRING)", "index(email:STRING)"));
        assertFalse(SchemaTypes.sameEntries("index(age:INT)", "index(age:STRING)"));
        assertFalse(SchemaTypes.sameEntries("index(age:INT)", "index(age:INTEGRAL)"), "only whole kind names");
    }
}
