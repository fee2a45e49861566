package io.kvmapper.internal.schemaless;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.codec.AttributeCodec;
import io.kvmapper.internal.codec.ValueCodec;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.internal.layout.RecordRange;
import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.mapping.VersionField;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaDocument.Component;
import io.kvmapper.schema.document.SchemaJson;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.List;

/**
 * The mapping of an entity built from the schema a store recorded for it rather than generated from its class:
 * records are {@link GenericObject}s, the codecs and index and counter definitions are driven by the schema and
 * produce exactly the bytes the generated ones do. The runtime's record layouts, maintainers, integrity checks
 * and operations use it as they use a generated mapping, so a tool without the application's classes reads,
 * writes, verifies and repairs a store through the same code the application does.
 *
 * <p>It has no {@code @Version} field: the schema does not say which field is one, and a tool that writes
 * records (an import) writes them as they were, versions included.
 */
public final class SchemaMapping implements EntityMapping<GenericObject> {
    private final EntitySchema schema;
    private final String schemaText;
    private final byte[] head;
    private final ValueCodec<GenericObject> codec;
    private final AttributeCodec<GenericObject> attributeCodec;
    private final List<IndexDefinition<GenericObject>> indexes;
    private final List<CounterDefinition<GenericObject>> counters;
    private final GenericJson json;

    private SchemaMapping(EntitySchema schema) {
        this.schema = schema;
        this.schemaText = SchemaJson.write(schema.document());
        this.head = RecordKeys.partitionHead(schema.entityName());
        if (schema.attributePerKey()) {
            this.codec = null;
            this.attributeCodec = new GenericAttributeCodec(schema);
        } else {
            this.codec = schema.protobuf() ? new GenericProtobufCodec(schema) : new GenericJsonCodec(schema);
            this.attributeCodec = null;
        }
        List<IndexDefinition<GenericObject>> indexes = new ArrayList<>();
        for (Component index : schema.document().indexes()) {
            indexes.add(ComponentPaths.index(schema, index));
        }
        this.indexes = List.copyOf(indexes);
        List<CounterDefinition<GenericObject>> counters = new ArrayList<>();
        for (Component counter : schema.document().counters()) {
            counters.add(ComponentPaths.counter(schema, counter));
        }
        this.counters = List.copyOf(counters);
        this.json = new GenericJson(schema);
    }

    /**
     * The mapping of the entity {@code document} describes.
     *
     * @throws IllegalArgumentException if the document holds something this runtime cannot decode or compute
     *     (a type it does not know, an index signature that names no field), saying what
     */
    public static SchemaMapping of(SchemaDocument document) {
        EntitySchema schema = EntitySchema.of(document);
        try {
            return new SchemaMapping(schema);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(document.storedName() + ": " + e.getMessage(), e);
        }
    }

    /** The parsed schema. */
    public EntitySchema entitySchema() {
        return schema;
    }

    /** Records as JSON, in the JSON codec's form, whatever the entity's codec. */
    public GenericJson json() {
        return json;
    }

    @Override
    public String entityName() {
        return schema.entityName();
    }

    @Override
    public int schemaVersion() {
        return schema.document().version();
    }

    @Override
    public String schema() {
        return schemaText;
    }

    @Override
    public ValueCodec<GenericObject> codec() {
        return codec;
    }

    @Override
    public AttributeCodec<GenericObject> attributeCodec() {
        return attributeCodec;
    }

    @Override
    public int keySize() {
        return schema.key().size();
    }

    @Override
    public int partitionSize() {
        return schema.partitionSize();
    }

    @Override
    public List<IndexDefinition<GenericObject>> indexes() {
        return indexes;
    }

    @Override
    public List<CounterDefinition<GenericObject>> counters() {
        return counters;
    }

    @Override
    public VersionField<GenericObject> version() {
        return null;
    }

    @Override
    public byte[] keyOf(GenericObject entity) {
        List<Object> components = new ArrayList<>(keySize());
        for (EntitySchema.KeyPart part : schema.key()) {
            components.add(RecordKeys.require(entity.get(part.field()), entityName(), part.field().javaName()));
        }
        return key(components);
    }

    /** The key components of {@code entity}, in key order. */
    public List<Object> keyComponents(GenericObject entity) {
        List<Object> components = new ArrayList<>(keySize());
        for (EntitySchema.KeyPart part : schema.key()) {
            components.add(entity.get(part.field()));
        }
        return components;
    }

    /**
     * The record key of the given components, each of its part's kind ({@link ScalarKind#javaType()}).
     *
     * @throws IllegalArgumentException if there are not {@link #keySize()} of them
     */
    public byte[] key(List<Object> components) {
        if (components.size() != keySize()) {
            throw new IllegalArgumentException(entityName() + " has a key of " + keySize() + " component(s), ("
                    + schema.describeKey() + "); " + components.size() + " given");
        }
        return prefixWriter(components).toByteArray();
    }

    /**
     * The records whose key starts with the given leading components (none: every record), as the generated
     * prefix finders ({@code findByUserId}) scan them.
     */
    public RecordRange prefix(List<Object> leading) {
        if (leading.size() > keySize()) {
            throw new IllegalArgumentException(entityName() + " has a key of " + keySize() + " component(s), ("
                    + schema.describeKey() + "); " + leading.size() + " given");
        }
        if (leading.isEmpty()) {
            return RecordRange.prefix(RecordKeys.allRecordsPrefix(entityName()));
        }
        return RecordRange.prefix(prefixWriter(leading).toPrefixBytes());
    }

    private TupleWriter prefixWriter(List<Object> components) {
        TupleWriter writer = new TupleWriter(64).beginNested().appendRaw(head);
        for (int i = 0; i < components.size(); i++) {
            EntitySchema.KeyPart part = schema.key().get(i);
            Object value = RecordKeys.require(components.get(i), entityName(), part.field().javaName());
            if (part.descending()) {
                writer.descending();
            }
            part.kind().write(writer, value);
            if (i == partitionSize() - 1) {
                writer.endNested();
            }
        }
        return writer;
    }

    /**
     * The components of the record key {@code key}, decoded with their kinds (descending ones restored).
     *
     * @throws CorruptDataException if {@code key} is no record key of this entity
     */
    public List<Object> decodeKey(byte[] key) {
        TupleReader reader = new TupleReader(key);
        List<Object> components = new ArrayList<>(keySize());
        try {
            reader.beginNested();
            if (!entityName().equals(reader.readString())) {
                throw new CorruptDataException("another entity's key");
            }
            reader.skip();
            for (int i = 0; i < keySize(); i++) {
                EntitySchema.KeyPart part = schema.key().get(i);
                if (part.descending()) {
                    reader.descending();
                }
                components.add(part.kind().read(reader));
                if (i == partitionSize() - 1) {
                    reader.endNested();
                }
            }
            if (reader.hasNext()) {
                throw new CorruptDataException("it goes on after the key's " + keySize() + " component(s)");
            }
        } catch (CorruptDataException e) {
            throw new CorruptDataException(entityName() + ": " + Tuples.toString(key) + " is not a record key of the"
                    + " entity (" + schema.describeKey() + "): " + e.getMessage(), e);
        }
        return components;
    }

    @Override
    public String toString() {
        return "SchemaMapping[" + entityName() + " v" + schemaVersion() + "]";
    }
}
