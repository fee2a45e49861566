package io.kvmapper.cli;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.layout.Area;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.internal.schemaless.StoredSchemas;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaDocument.Component;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One pass over every key of a store, tallying what each entity holds in each area (records, each index's
 * entries, each counter's groups, its metadata: schema, component states, build cursors) and what each multimap
 * holds: what {@code info} shows.
 */
final class StoreSurvey {
    /** What one entity holds. */
    static final class EntityTally {
        final String name;
        SchemaDocument schema;
        String schemaProblem;
        /** How many tuple elements a record key (or an attribute-per-key head) has; 0 if unknown. */
        int keyElements;
        long recordKeys;
        long recordBytes;
        long records;
        long metaKeys;
        final Map<String, ComponentTally> indexes = new LinkedHashMap<>();
        final Map<String, ComponentTally> counters = new LinkedHashMap<>();

        EntityTally(String name) {
            this.name = name;
        }
    }

    /** What one index or counter holds, and what the store records of it. */
    static final class ComponentTally {
        final String name;
        /** Its definition in the recorded schema, or null if the schema does not list it (a drop). */
        String signature;
        StoredComponent stored;
        byte[] buildCursor;
        long items;
        long bytes;

        ComponentTally(String name) {
            this.name = name;
        }
    }

    /** What one multimap holds. */
    static final class MultimapTally {
        final String name;
        long pairs;
        long bytes;

        MultimapTally(String name) {
            this.name = name;
        }
    }

    final Map<String, EntityTally> entities = new TreeMap<>();
    final Map<String, MultimapTally> multimaps = new TreeMap<>();
    long keys;
    long bytes;
    long otherKeys;

    private final KvBackend backend;

    private StoreSurvey(KvBackend backend) {
        this.backend = backend;
    }

    /** Surveys every key of the store behind {@code backend}, counting them on {@code progress}. */
    static StoreSurvey of(KvBackend backend, ProgressMeter progress) {
        StoreSurvey survey = new StoreSurvey(backend);
        try (KvCursor cursor = backend.scan(Catalog.everything(), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                survey.note(cursor.next());
                progress.done(survey.keys);
            }
        }
        return survey;
    }

    private void note(KeyValue item) {
        byte[] key = item.key();
        long size = key.length + item.value().length;
        keys++;
        bytes += size;
        Area area = Area.ofKey(key);
        if (area == null) {
            otherKeys++;
            return;
        }
        int partitionLength = Tuples.partitionLength(key);
        List<?> partition = (List<?>) Tuples.decode(key, 0, partitionLength).get(0);
        if (area == Area.MULTIMAP) {
            MultimapTally multimap = multimaps.computeIfAbsent(String.valueOf(partition.get(1)), MultimapTally::new);
            multimap.pairs++;
            multimap.bytes += size;
            return;
        }
        EntityTally entity = entities.computeIfAbsent((String) partition.get(0), this::entity);
        switch (area) {
            case RECORDS -> {
                entity.recordKeys++;
                entity.recordBytes += size;
                if (entity.keyElements > 0 && elements(key) == entity.keyElements) {
                    entity.records++;
                }
            }
            case INDEXES -> tally(entity.indexes, String.valueOf(partition.get(2)), size);
            case COUNTERS -> tally(entity.counters, String.valueOf(partition.get(2)), size);
            default -> meta(entity, key, partitionLength, item.value());
        }
    }

    private EntityTally entity(String name) {
        EntityTally entity = new EntityTally(name);
        try {
            entity.schema = StoredSchemas.read(backend, name).orElse(null);
        } catch (CorruptDataException e) {
            entity.schemaProblem = e.getMessage();
        }
        if (entity.schema != null) {
            int partition = (int) entity.schema.key().stream().filter(KeyComponent::partition).count();
            entity.keyElements = 1 + entity.schema.key().size() - Math.max(1, partition);
            for (Component index : entity.schema.indexes()) {
                entity.indexes.computeIfAbsent(index.name(), ComponentTally::new).signature = index.signature();
            }
            for (Component counter : entity.schema.counters()) {
                entity.counters.computeIfAbsent(counter.name(), ComponentTally::new).signature = counter.signature();
            }
        }
        return entity;
    }

    private static void tally(Map<String, ComponentTally> components, String name, long size) {
        ComponentTally component = components.computeIfAbsent(name, ComponentTally::new);
        component.items++;
        component.bytes += size;
    }

    private static void meta(EntityTally entity, byte[] key, int partitionLength, byte[] value) {
        entity.metaKeys++;
        List<Object> rest;
        try {
            rest = Tuples.decode(key, partitionLength, key.length - partitionLength);
        } catch (CorruptDataException e) {
            return;
        }
        if (rest.size() != 2 || !(rest.get(0) instanceof String kind) || !(rest.get(1) instanceof String name)) {
            return;
        }
        switch (kind) {
            case MetaKinds.INDEX -> stored(entity.indexes, name, key, value);
            case MetaKinds.COUNTER -> stored(entity.counters, name, key, value);
            case MetaKinds.INDEX_CURSOR -> component(entity.indexes, name).buildCursor = value;
            case MetaKinds.COUNTER_CURSOR -> component(entity.counters, name).buildCursor = value;
            default -> {
            }
        }
    }

    private static ComponentTally component(Map<String, ComponentTally> components, String name) {
        return components.computeIfAbsent(name, ComponentTally::new);
    }

    private static void stored(Map<String, ComponentTally> components, String name, byte[] key, byte[] value) {
        ComponentTally component = component(components, name);
        try {
            component.stored = StoredComponent.parse(name, key, value);
        } catch (CorruptDataException e) {
            component.stored = new StoredComponent(name, "?", "UNREADABLE", e.getMessage());
        }
    }

    /** How many tuple elements {@code key} has; -1 if it is malformed. */
    private static int elements(byte[] key) {
        int count = 0;
        int at = 0;
        try {
            while (at < key.length) {
                at = Tuples.elementEnd(key, at);
                count++;
            }
        } catch (CorruptDataException e) {
            return -1;
        }
        return count;
    }
}
