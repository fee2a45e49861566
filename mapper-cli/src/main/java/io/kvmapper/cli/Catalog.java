package io.kvmapper.cli;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.layout.Area;
import io.kvmapper.internal.schemaless.SchemaMapping;
import io.kvmapper.internal.schemaless.StoredSchemas;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What a store holds, found from its keys: the entities (each key's partition names one, see {@link Area}) and
 * the multimaps; and each entity's recorded schema and the mapping built from it.
 */
final class Catalog {
    private final KvBackend backend;
    private TreeSet<String> entities;
    private TreeSet<String> multimaps;
    private final Map<String, SchemaMapping> mappings = new HashMap<>();

    Catalog(KvBackend backend) {
        this.backend = backend;
    }

    /** Every entity name the store's keys show, in name order. */
    List<String> entities() {
        discover();
        return List.copyOf(entities);
    }

    /** Every multimap name the store's keys show, in name order. */
    List<String> multimaps() {
        discover();
        return List.copyOf(multimaps);
    }

    /**
     * The entities the user named, checked to have a recorded schema, or every entity that has one if none was
     * named.
     *
     * @throws CliException with exit code 2 naming an entity the store does not record
     */
    List<String> chosen(List<String> named) {
        if (named == null || named.isEmpty()) {
            List<String> recorded = new ArrayList<>();
            for (String entity : entities()) {
                if (schema(entity).isPresent()) {
                    recorded.add(entity);
                }
            }
            return recorded;
        }
        for (String entity : named) {
            mapping(entity);
        }
        return List.copyOf(named);
    }

    /**
     * The schema the store records for {@code entity}, if any.
     *
     * @throws CorruptDataException if the stored schema cannot be read
     */
    Optional<SchemaDocument> schema(String entity) {
        return StoredSchemas.read(backend, entity);
    }

    /**
     * The mapping of {@code entity}, built from its recorded schema.
     *
     * @throws CliException with exit code 2 if the store records no schema of that name, 1 if the recorded one
     *     cannot be read or used
     */
    SchemaMapping mapping(String entity) {
        SchemaMapping known = mappings.get(entity);
        if (known != null) {
            return known;
        }
        Optional<SchemaDocument> schema;
        try {
            schema = schema(entity);
        } catch (CorruptDataException e) {
            throw new CliException(ExitCode.PROBLEMS, e.getMessage(), e);
        }
        if (schema.isEmpty()) {
            List<String> recorded = new ArrayList<>();
            for (String name : entities()) {
                if (!name.equals(entity) && hasSchema(name)) {
                    recorded.add(name);
                }
            }
            throw CliException.usage("the store records no entity \"" + entity + "\"" + (recorded.isEmpty()
                    ? "; it records none" : "; it records " + String.join(", ", recorded)));
        }
        SchemaMapping mapping;
        try {
            mapping = SchemaMapping.of(schema.get());
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.PROBLEMS, e.getMessage(), e);
        }
        mappings.put(entity, mapping);
        return mapping;
    }

    private boolean hasSchema(String entity) {
        try {
            return schema(entity).isPresent();
        } catch (CorruptDataException e) {
            return true;
        }
    }

    /**
     * Finds the names. On a backend that keeps every key in one order (RocksDB), one seek per entity and multimap:
     * all the keys of one share a prefix, so the next lies past it. Elsewhere (Cassandra, whose partitions are
     * placed by hash), every key is read once.
     */
    private void discover() {
        if (entities != null) {
            return;
        }
        entities = new TreeSet<>();
        multimaps = new TreeSet<>();
        if (!backend.isGloballyOrdered()) {
            try (KvCursor cursor = backend.scan(everything(), ScanOptions.FORWARD)) {
                while (cursor.hasNext()) {
                    note(cursor.next().key());
                }
            }
            return;
        }
        byte[] from = new byte[0];
        while (true) {
            KeyValue first;
            KeyRange rest = new KeyRange(from, everything().end());
            try (KvCursor cursor = backend.scan(rest, ScanOptions.FORWARD.withLimit(1))) {
                if (!cursor.hasNext()) {
                    return;
                }
                first = cursor.next();
            }
            byte[] prefix = note(first.key());
            from = prefix == null ? KeyRange.successor(first.key()) : KeyRange.tuplePrefix(prefix).end();
        }
    }

    /**
     * Notes the entity or multimap that {@code key} belongs to; returns the prefix every key of it starts with, or
     * null for a key outside KV Mapper's layout.
     */
    private byte[] note(byte[] key) {
        Area area = Area.ofKey(key);
        if (area == null) {
            return null;
        }
        List<?> partition = (List<?>) Tuples.decode(key, 0, Tuples.partitionLength(key)).get(0);
        if (area == Area.MULTIMAP) {
            String name = String.valueOf(partition.get(1));
            multimaps.add(name);
            return new TupleWriter().beginNested().writeString(Area.MULTIMAP.tag()).writeString(name).toPrefixBytes();
        }
        String name = (String) partition.get(0);
        entities.add(name);
        return new TupleWriter().beginNested().writeString(name).toPrefixBytes();
    }

    /** Every key a store can hold: tuple keys never start with 0xFF. */
    static KeyRange everything() {
        return new KeyRange(new byte[0], new byte[] {(byte) 0xFF});
    }
}
