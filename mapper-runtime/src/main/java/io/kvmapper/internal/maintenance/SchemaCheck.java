package io.kvmapper.internal.maintenance;

import io.kvmapper.SchemaMismatchException;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.schemaless.StoredSchemas;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaJson;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.tuple.Tuples;
import java.util.List;

/**
 * The check of an entity's code against the schema its store recorded, when a repository for it is first
 * created on the store. The store keeps, under {@code ((entity, "m"), "schema", "current")}, the tuple
 * {@code (version, json)} of the schema it was last opened with; a store without one records the code's.
 * Code whose schema the stored data survives (see {@link io.kvmapper.schema.document.SchemaCompatibility}) is
 * accepted and its schema recorded, still remembering every field the store has seen; any other fails with
 * {@link SchemaMismatchException} naming what differs, and the unit of work that would have recorded it
 * changes nothing.
 */
final class SchemaCheck {
    private SchemaCheck() {
    }

    /**
     * Checks {@code mapping} against what {@code kv}'s store recorded for its entity, and records its schema.
     *
     * @throws SchemaMismatchException if the stored data cannot be read with the code's schema
     */
    static void apply(KvTransaction kv, KeyLayout layout, EntityMapping<?> mapping) {
        String entity = layout.entityName();
        SchemaDocument code;
        try {
            code = SchemaJson.read(mapping.schema(), "the schema");
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(entity + ": the generated mapping " + mapping.getClass().getName()
                    + " holds a schema this runtime cannot read (" + e.getMessage()
                    + "); compile the entity with the processor of the same KV Mapper version", e);
        }
        byte[] key = layout.metaKey(MetaKinds.SCHEMA, MetaKinds.SCHEMA_NAME);
        byte[] value = kv.get(key);
        if (value == null) {
            kv.put(key, encode(code));
            return;
        }
        SchemaDocument stored = StoredSchemas.decode(entity, key, value);
        List<String> differences = SchemaMismatches.between(stored, code);
        if (!differences.isEmpty()) {
            throw new SchemaMismatchException(entity, String.join("; ", differences) + ". The store was last opened "
                    + "with schema version " + stored.version() + " of " + stored.entityClass() + ", the code has "
                    + "version " + code.version() + " of " + code.entityClass() + "; nothing was changed. Open the "
                    + "store with code whose schema its data survives, or store the new shape under another entity "
                    + "name and copy the records");
        }
        SchemaDocument merged = code.remembering(stored);
        if (!merged.equals(stored)) {
            kv.put(key, encode(merged));
        }
    }

    private static byte[] encode(SchemaDocument schema) {
        return Tuples.encode((long) schema.version(), SchemaJson.writeCompact(schema));
    }
}
