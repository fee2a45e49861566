package com.example.events;

import io.kvmapper.internal.codec.AttributeCodec;
import io.kvmapper.internal.codec.ValueCodec;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.internal.layout.RecordRange;
import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.mapping.VersionField;
import io.kvmapper.internal.tuple.TupleWriter;
import java.time.Instant;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Record key layout and codec of {@link Event}.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
final class Event_KvMapping implements EntityMapping<Event> {
    static final Event_KvMapping INSTANCE = new Event_KvMapping();

    static final String ENTITY = "event";

    private static final byte[] PARTITION_HEAD = RecordKeys.partitionHead(ENTITY);

    private static final byte[] ALL_RECORDS_PREFIX = RecordKeys.allRecordsPrefix(ENTITY);

    private static final String SCHEMA = "{\n"
            + "  \"format\": 1,\n"
            + "  \"class\": \"com.example.events.Event\",\n"
            + "  \"entity\": \"event\",\n"
            + "  \"version\": 1,\n"
            + "  \"layout\": \"MONOLITHIC\",\n"
            + "  \"codec\": \"JSON\",\n"
            + "  \"key\": [\n"
            + "    {\"field\": \"tenant\", \"type\": \"String\", \"partition\": true, \"descending\": false},\n"
            + "    {\"field\": \"at\", \"type\": \"Instant\", \"partition\": false, \"descending\": true},\n"
            + "    {\"field\": \"sequence\", \"type\": \"long\", \"partition\": false, \"descending\": false}\n"
            + "  ],\n"
            + "  \"fields\": [\n"
            + "    {\"name\": \"tenant\", \"java\": \"tenant\", \"type\": \"String\", \"number\": 1},\n"
            + "    {\"name\": \"at\", \"java\": \"at\", \"type\": \"Instant\", \"number\": 2},\n"
            + "    {\"name\": \"sequence\", \"java\": \"sequence\", \"type\": \"long\", \"number\": 3},\n"
            + "    {\"name\": \"kind\", \"java\": \"kind\", \"type\": \"String\", \"number\": 4},\n"
            + "    {\"name\": \"origin\", \"java\": \"origin\", \"type\": \"embedded com.example.events.Event.Origin\", \"number\": 5},\n"
            + "    {\"name\": \"tags\", \"java\": \"tags\", \"type\": \"List<String>\", \"number\": 6}\n"
            + "  ],\n"
            + "  \"removed\": [],\n"
            + "  \"embedded\": {\n"
            + "    \"com.example.events.Event.Origin\": {\n"
            + "      \"fields\": [\n"
            + "        {\"name\": \"host\", \"java\": \"host\", \"type\": \"String\", \"number\": 1},\n"
            + "        {\"name\": \"port\", \"java\": \"port\", \"type\": \"int\", \"number\": 2}\n"
            + "      ],\n"
            + "      \"removed\": []\n"
            + "    }\n"
            + "  },\n"
            + "  \"indexes\": [],\n"
            + "  \"counters\": []\n"
            + "}\n";

    private static final List<IndexDefinition<Event>> INDEXES = List.of();

    private static final List<CounterDefinition<Event>> COUNTERS = List.of();

    private Event_KvMapping() {
    }

    @Override
    public String entityName() {
        return ENTITY;
    }

    @Override
    public int schemaVersion() {
        return 1;
    }

    @Override
    public String schema() {
        return SCHEMA;
    }

    @Override
    public ValueCodec<Event> codec() {
        return Event_KvJsonCodec.INSTANCE;
    }

    @Override
    public AttributeCodec<Event> attributeCodec() {
        return null;
    }

    @Override
    public int keySize() {
        return 3;
    }

    @Override
    public int partitionSize() {
        return 1;
    }

    /**
     * True: a record's changes build a new record through its canonical constructor.
     */
    @Override
    public boolean changesBuildNewEntities() {
        return true;
    }

    @Override
    public byte[] keyOf(Event entity) {
        return key(entity.tenant(), entity.at(), entity.sequence());
    }

    /**
     * The record key.
     */
    static byte[] key(String tenant, Instant at, long sequence) {
        return new TupleWriter(80).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(tenant, ENTITY, "tenant"))
                .endNested()
                .descending().writeInstant(RecordKeys.require(at, ENTITY, "at"))
                .writeLong(sequence)
                .toByteArray();
    }

    /**
     * Every record of the entity.
     */
    static RecordRange allRecords() {
        return RecordRange.prefix(ALL_RECORDS_PREFIX);
    }

    /**
     * The records whose key starts with the given component.
     */
    static RecordRange rangeByTenant(String tenant) {
        return RecordRange.prefix(new TupleWriter(48).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(tenant, ENTITY, "tenant"))
                .endNested()
                .toPrefixBytes());
    }

    /**
     * The records whose key starts with the given 2 components.
     */
    static RecordRange rangeByTenantAndAt(String tenant, Instant at) {
        return RecordRange.prefix(new TupleWriter(64).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(tenant, ENTITY, "tenant"))
                .endNested()
                .descending().writeInstant(RecordKeys.require(at, ENTITY, "at"))
                .toPrefixBytes());
    }

    /**
     * The records whose component 'tenant' lies in [from, to).
     */
    static RecordRange rangeByTenantBetween(String from, String to) {
        return RecordRange.between(ALL_RECORDS_PREFIX,
                new TupleWriter(16).writeString(RecordKeys.require(from, ENTITY, "tenant")).toByteArray(),
                new TupleWriter(16).writeString(RecordKeys.require(to, ENTITY, "tenant")).toByteArray(), false);
    }

    /**
     * The records whose component 'at' lies in [from, to) after the given leading components.
     */
    static RecordRange rangeByTenantAndAtBetween(String tenant, Instant from, Instant to) {
        return RecordRange.between(new TupleWriter(48).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(tenant, ENTITY, "tenant"))
                .endNested()
                .toPrefixBytes(),
                new TupleWriter(16).descending().writeInstant(RecordKeys.require(from, ENTITY, "at")).toByteArray(),
                new TupleWriter(16).descending().writeInstant(RecordKeys.require(to, ENTITY, "at")).toByteArray(), true);
    }

    /**
     * The records whose component 'sequence' lies in [from, to) after the given leading components.
     */
    static RecordRange rangeByTenantAndAtAndSequenceBetween(String tenant, Instant at, long from,
            long to) {
        return RecordRange.between(new TupleWriter(64).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(tenant, ENTITY, "tenant"))
                .endNested()
                .descending().writeInstant(RecordKeys.require(at, ENTITY, "at"))
                .toPrefixBytes(),
                new TupleWriter(16).writeLong(from).toByteArray(),
                new TupleWriter(16).writeLong(to).toByteArray(), false);
    }

    @Override
    public List<IndexDefinition<Event>> indexes() {
        return INDEXES;
    }

    @Override
    public List<CounterDefinition<Event>> counters() {
        return COUNTERS;
    }

    @Override
    public VersionField<Event> version() {
        return null;
    }

    /**
     * {@code entity} with 'kind' set to the given value.
     */
    static Event withKind(Event entity, String kind) {
        return new Event(entity.tenant(), entity.at(), entity.sequence(), kind, entity.origin(),
                entity.tags());
    }

    /**
     * {@code entity} with 'origin' set to the given value.
     */
    static Event withOrigin(Event entity, Event.Origin origin) {
        return new Event(entity.tenant(), entity.at(), entity.sequence(), entity.kind(), origin,
                entity.tags());
    }

    /**
     * {@code entity} with 'tags' set to the given value.
     */
    static Event withTags(Event entity, List<String> tags) {
        return new Event(entity.tenant(), entity.at(), entity.sequence(), entity.kind(),
                entity.origin(), tags);
    }
}
