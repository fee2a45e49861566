package io.kvmapper.cli;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.layout.Area;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.schemaless.GenericJson;
import io.kvmapper.internal.schemaless.GenericObject;
import io.kvmapper.internal.schemaless.SchemaMapping;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.tuple.Tuples;
import java.io.StringWriter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import tools.jackson.core.JsonGenerator;

/**
 * {@code decode}: any key of a store, naming its area. Needs no store; given one, it also decodes the key with the
 * entity's recorded schema (descending components, where a record key ends in an index entry or an attribute
 * item) and shows the value stored under it.
 */
@Command(name = "decode", mixinStandardHelpOptions = true,
        description = {"Decodes a key given in hex (as logs and errors print keys' bytes), naming its area: a record "
                + "(or an attribute-per-key item), an index entry, a counter group, the stored schema or another "
                + "metadata entry, or a multimap pair.",
                "Needs no store. Given one (--rocksdb or --cassandra), it also decodes the key with the entity's "
                        + "recorded schema and shows the value stored under it."})
final class DecodeCommand extends StoreCommand {
    @Parameters(paramLabel = "HEX", description = "The key's bytes in hex; spaces and a 0x prefix are allowed.")
    String hex;

    @Override
    public Integer call() {
        byte[] key = parseHex(hex);
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("tuple", Tuples.toString(key));
        Area area = Area.ofKey(key);
        if (area == null) {
            facts.put("area", "none: not a key of KV Mapper's layout");
            print(facts);
            return ExitCode.OK;
        }
        int partitionLength = Tuples.partitionLength(key);
        List<?> partition = (List<?>) Tuples.decode(key, 0, partitionLength).get(0);
        List<Object> rest = Tuples.decode(key, partitionLength, key.length - partitionLength);
        if (!storeOptions.given()) {
            describe(facts, area, partition, rest, null);
            print(facts);
            return ExitCode.OK;
        }
        try (OpenedStore opened = open(OpenedStore.Access.READ)) {
            KvBackend backend = opened.backend();
            SchemaMapping mapping = null;
            if (area != Area.MULTIMAP) {
                Catalog catalog = new Catalog(backend);
                if (catalog.schema((String) partition.get(0)).isPresent()) {
                    mapping = catalog.mapping((String) partition.get(0));
                }
            }
            describe(facts, area, partition, rest, mapping);
            if (mapping != null) {
                typed(facts, area, key, partitionLength, mapping, backend);
            }
            value(facts, area, key, rest, backend);
        }
        print(facts);
        return ExitCode.OK;
    }

    static byte[] parseHex(String text) {
        String digits = text.replaceAll("\\s", "");
        if (digits.startsWith("0x") || digits.startsWith("0X")) {
            digits = digits.substring(2);
        }
        try {
            byte[] key = HexFormat.of().parseHex(digits);
            if (key.length == 0) {
                throw new IllegalArgumentException();
            }
            return key;
        } catch (IllegalArgumentException e) {
            throw CliException.usage("\"" + text + "\" is not a key in hex (pairs of hex digits, such as 05 02 55 00)");
        }
    }

    /** The area and what the key names in it, from its elements alone. */
    private static void describe(Map<String, Object> facts, Area area, List<?> partition, List<Object> rest,
            SchemaMapping mapping) {
        switch (area) {
            case RECORDS -> {
                boolean item = mapping != null && mapping.attributeCodec() != null
                        && rest.size() > mapping.keySize() - mapping.partitionSize();
                facts.put("area", item ? "record (an attribute item)" : "record");
                facts.put("entity", partition.get(0));
                facts.put("elements", text(partition.subList(2, partition.size()), rest));
            }
            case INDEXES -> {
                facts.put("area", "index entry");
                facts.put("entity", partition.get(0));
                facts.put("index", partition.get(2));
                facts.put("elements", Tuples.toString(Tuples.encode(rest.toArray())));
            }
            case COUNTERS -> {
                facts.put("area", "counter group");
                facts.put("entity", partition.get(0));
                facts.put("counter", partition.get(2));
                facts.put("group", Tuples.toString(Tuples.encode(rest.toArray())));
            }
            case META -> {
                String kind = rest.isEmpty() ? "" : String.valueOf(rest.get(0));
                facts.put("area", switch (kind) {
                    case MetaKinds.SCHEMA -> "schema (the entity's stored schema)";
                    case MetaKinds.INDEX, MetaKinds.COUNTER -> kind + " definition and state";
                    case MetaKinds.INDEX_CURSOR, MetaKinds.COUNTER_CURSOR -> "online build cursor of a "
                            + kind.substring(0, kind.indexOf('-'));
                    case MetaKinds.COUNTER_FENCE -> "online build fence of a counter";
                    case MetaKinds.INDEX_DUPLICATES -> "duplicates an online unique index build met";
                    default -> "metadata";
                });
                facts.put("entity", partition.get(0));
                if (rest.size() > 1) {
                    facts.put("name", rest.get(1));
                }
            }
            default -> {
                facts.put("area", "multimap pair");
                facts.put("multimap", partition.get(1));
                facts.put("key", element(partition.size() > 2 ? partition.get(2) : null));
                facts.put("value", element(rest.isEmpty() ? null : rest.get(0)));
            }
        }
    }

    /** The key decoded with the entity's schema: typed components, where the record key ends, the index value. */
    private static void typed(Map<String, Object> facts, Area area, byte[] key, int partitionLength,
            SchemaMapping mapping, KvBackend backend) {
        try {
            if (area == Area.RECORDS) {
                int end = 0;
                for (int i = 0; i < 1 + mapping.keySize() - mapping.partitionSize(); i++) {
                    end = Tuples.elementEnd(key, end);
                }
                byte[] recordKey = java.util.Arrays.copyOf(key, end);
                facts.put("key", keyJson(mapping, mapping.decodeKey(recordKey)));
                if (end < key.length) {
                    facts.put("attribute", Tuples.toString(java.util.Arrays.copyOfRange(key, end, key.length)));
                }
            } else if (area == Area.INDEXES) {
                String name = String.valueOf(facts.get("index"));
                IndexDefinition<GenericObject> index = mapping.indexes().stream().filter(i -> i.name().equals(name))
                        .findFirst().orElse(null);
                if (index == null) {
                    facts.put("note", "the recorded schema has no index " + name + " (one being dropped?)");
                    return;
                }
                facts.put("value", Tuples.toString(KeyLayout.valueOf(key, partitionLength, index.arity())));
                if (!index.unique()) {
                    byte[] recordKey = new KeyLayout(mapping.entityName(), mapping.partitionSize())
                            .recordKeyOf(key, partitionLength, index.arity());
                    facts.put("record", Tuples.toString(recordKey));
                    facts.put("key", keyJson(mapping, mapping.decodeKey(recordKey)));
                }
            }
        } catch (CorruptDataException e) {
            facts.put("note", e.getMessage());
        }
    }

    /** What the store holds under the key. */
    private static void value(Map<String, Object> facts, Area area, byte[] key, List<Object> rest, KvBackend backend) {
        byte[] value = backend.get(key);
        if (value == null) {
            facts.put("stored", "nothing: the store holds no such key");
            return;
        }
        try {
            if (area == Area.COUNTERS || area == Area.MULTIMAP || Area.isCounterKey(key)) {
                facts.put("stored", Counters.decode(key, value));
            } else if (area == Area.RECORDS && facts.containsKey("key") && !facts.containsKey("attribute")) {
                SchemaMapping mapping = new Catalog(backend).mapping(String.valueOf(facts.get("entity")));
                GenericObject record = RecordLayout.of(mapping, backend).find(backend, key);
                facts.put("stored", record == null ? "nothing" : new JsonText(GenericJson.toJson(record)));
            } else if (area == Area.META && !rest.isEmpty() && MetaKinds.SCHEMA.equals(rest.get(0))) {
                List<Object> schema = Tuples.decode(value);
                facts.put("stored", "schema version " + schema.get(0) + " (kvmapper schema shows it)");
            } else if (value.length == 0) {
                facts.put("stored", "an empty value");
            } else {
                facts.put("stored", Tuples.toString(value));
            }
        } catch (CorruptDataException e) {
            facts.put("stored", "corrupt: " + e.getMessage());
        }
    }

    /** The elements after the entity name and area tag, the partition's flattened in front of the rest. */
    private static String text(List<?> partitionComponents, List<Object> rest) {
        List<Object> elements = new java.util.ArrayList<>(partitionComponents);
        elements.addAll(rest);
        return Tuples.toString(Tuples.encode(elements.toArray()));
    }

    /** JSON text, shown as it is and written into --json output as JSON. */
    private record JsonText(String text) {
        @Override
        public String toString() {
            return text;
        }
    }

    private static JsonText keyJson(SchemaMapping mapping, List<Object> components) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = JsonOutput.compact(text)) {
            RecordLines.writeKey(json, mapping, components);
        }
        return new JsonText(text.toString());
    }

    private static JsonText element(Object element) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = JsonOutput.compact(text)) {
            TupleJson.write(json, element);
        }
        return new JsonText(text.toString());
    }

    private void print(Map<String, Object> facts) {
        if (json()) {
            try (JsonGenerator json = JsonOutput.pretty(console().out())) {
                json.writeStartObject();
                for (Map.Entry<String, Object> fact : facts.entrySet()) {
                    json.writeName(fact.getKey());
                    if (fact.getValue() instanceof Long number) {
                        json.writeNumber((long) number);
                    } else if (fact.getValue() instanceof JsonText text) {
                        json.writeRawValue(text.text());
                    } else {
                        json.writeString(String.valueOf(fact.getValue()));
                    }
                }
                json.writeEndObject();
            }
            console().out().println();
            return;
        }
        int width = facts.keySet().stream().mapToInt(String::length).max().orElse(0) + 2;
        for (Map.Entry<String, Object> fact : facts.entrySet()) {
            console().out().println(fact.getKey() + ":" + " ".repeat(width - fact.getKey().length() - 1)
                    + fact.getValue());
        }
    }
}
