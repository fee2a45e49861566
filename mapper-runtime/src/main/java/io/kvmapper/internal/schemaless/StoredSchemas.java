package io.kvmapper.internal.schemaless;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaJson;
import io.kvmapper.spi.KvReader;
import io.kvmapper.tuple.Tuples;
import java.util.List;
import java.util.Optional;

/**
 * The schemas a store records, one per entity, under {@code ((entity, "m"), "schema", "current")}: the tuple
 * {@code (version, json)} of the schema document the entity was last opened with (see
 * {@code docs/schema-evolution.md}). Read without a schema of one's own, they are what makes a store readable
 * without its application's classes.
 */
public final class StoredSchemas {
    private StoredSchemas() {
    }

    /** The metadata key of {@code entity}'s stored schema. */
    public static byte[] key(String entity) {
        return new KeyLayout(entity, 1).metaKey(MetaKinds.SCHEMA, MetaKinds.SCHEMA_NAME);
    }

    /**
     * The schema the store recorded for {@code entity}, or empty if it recorded none.
     *
     * @throws CorruptDataException if the stored entry cannot be read
     */
    public static Optional<SchemaDocument> read(KvReader reader, String entity) {
        byte[] key = key(entity);
        byte[] value = reader.get(key);
        return value == null ? Optional.empty() : Optional.of(decode(entity, key, value));
    }

    /**
     * The schema document a stored schema entry holds.
     *
     * @throws CorruptDataException naming the entry if it is not {@code (version, json)} with a readable document
     */
    public static SchemaDocument decode(String entity, byte[] key, byte[] value) {
        try {
            List<Object> fields = Tuples.decode(value);
            if (fields.size() != 2 || !(fields.get(1) instanceof String json)) {
                throw new IllegalArgumentException("expected (version, json)");
            }
            return SchemaJson.read(json, "the schema");
        } catch (RuntimeException e) {
            throw new CorruptDataException(entity + ": the stored schema " + Tuples.toString(key)
                    + " cannot be read: " + e.getMessage(), e);
        }
    }
}
