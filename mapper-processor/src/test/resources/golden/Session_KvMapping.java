package com.example.web;

import io.kvmapper.internal.codec.AttributeCodec;
import io.kvmapper.internal.codec.ValueCodec;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.internal.layout.RecordRange;
import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.mapping.ExpiryDefinition;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.mapping.VersionField;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TupleWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Record key layout and codec of {@link Session}.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
final class Session_KvMapping implements EntityMapping<Session> {
    static final Session_KvMapping INSTANCE = new Session_KvMapping();

    static final String ENTITY = "Session";

    private static final byte[] PARTITION_HEAD = RecordKeys.partitionHead(ENTITY);

    private static final byte[] ALL_RECORDS_PREFIX = RecordKeys.allRecordsPrefix(ENTITY);

    private static final String SCHEMA = "{\n"
            + "  \"format\": 1,\n"
            + "  \"class\": \"com.example.web.Session\",\n"
            + "  \"entity\": \"Session\",\n"
            + "  \"version\": 1,\n"
            + "  \"layout\": \"MONOLITHIC\",\n"
            + "  \"codec\": \"JSON\",\n"
            + "  \"key\": [\n"
            + "    {\"field\": \"user\", \"type\": \"String\", \"partition\": true, \"descending\": false},\n"
            + "    {\"field\": \"realm\", \"type\": \"enum com.example.web.Session.Realm\", \"partition\": false, \"descending\": false},\n"
            + "    {\"field\": \"startedAt\", \"type\": \"Instant\", \"partition\": false, \"descending\": true}\n"
            + "  ],\n"
            + "  \"fields\": [\n"
            + "    {\"name\": \"user\", \"java\": \"user\", \"type\": \"String\", \"number\": 1},\n"
            + "    {\"name\": \"realm\", \"java\": \"realm\", \"type\": \"enum com.example.web.Session.Realm\", \"number\": 2},\n"
            + "    {\"name\": \"startedAt\", \"java\": \"startedAt\", \"type\": \"Instant\", \"number\": 3},\n"
            + "    {\"name\": \"device\", \"java\": \"device\", \"type\": \"String\", \"number\": 4},\n"
            + "    {\"name\": \"expiresAt\", \"java\": \"expiresAt\", \"type\": \"Instant\", \"number\": 5}\n"
            + "  ],\n"
            + "  \"removed\": [],\n"
            + "  \"embedded\": {},\n"
            + "  \"indexes\": [\n"
            + "    {\"name\": \"device\", \"signature\": \"index(device:STRING)\"}\n"
            + "  ],\n"
            + "  \"counters\": [\n"
            + "    {\"name\": \"byDevice\", \"signature\": \"count(device:STRING)\"}\n"
            + "  ]\n"
            + "}\n";

    private static final List<IndexDefinition<Session>> INDEXES = List.of(
            new IndexDefinition<>("device", false, 1, "index(device:STRING)",
                    Session_KvMapping::deviceIndexValues));

    private static final List<CounterDefinition<Session>> COUNTERS = List.of(
            new CounterDefinition<>("byDevice", "count(device:STRING)",
                    Session_KvMapping::byDeviceCounterGroup, entity -> 1L, false));

    private static final ExpiryDefinition<Session> EXPIRY = new ExpiryDefinition<>("expiresAt", entity -> entity.expiresAt());

    private static final Duration CHANGE_FEED_RETENTION = Duration.parse("PT12H");

    private Session_KvMapping() {
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
    public ValueCodec<Session> codec() {
        return Session_KvJsonCodec.INSTANCE;
    }

    @Override
    public AttributeCodec<Session> attributeCodec() {
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
    public byte[] keyOf(Session entity) {
        return key(entity.user(), entity.realm(), entity.startedAt());
    }

    /**
     * The record key.
     */
    static byte[] key(String user, Session.Realm realm, Instant startedAt) {
        return new TupleWriter(80).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(user, ENTITY, "user"))
                .endNested()
                .writeEnum(RecordKeys.require(realm, ENTITY, "realm"))
                .descending().writeInstant(RecordKeys.require(startedAt, ENTITY, "startedAt"))
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
    static RecordRange rangeByUser(String user) {
        return RecordRange.prefix(new TupleWriter(48).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(user, ENTITY, "user"))
                .endNested()
                .toPrefixBytes());
    }

    /**
     * The records whose key starts with the given 2 components.
     */
    static RecordRange rangeByUserAndRealm(String user, Session.Realm realm) {
        return RecordRange.prefix(new TupleWriter(64).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(user, ENTITY, "user"))
                .endNested()
                .writeEnum(RecordKeys.require(realm, ENTITY, "realm"))
                .toPrefixBytes());
    }

    /**
     * The records whose component 'user' lies in [from, to).
     */
    static RecordRange rangeByUserBetween(String from, String to) {
        return RecordRange.between(ALL_RECORDS_PREFIX,
                new TupleWriter(16).writeString(RecordKeys.require(from, ENTITY, "user")).toByteArray(),
                new TupleWriter(16).writeString(RecordKeys.require(to, ENTITY, "user")).toByteArray(), false);
    }

    /**
     * The records whose component 'realm' lies in [from, to) after the given leading components.
     */
    static RecordRange rangeByUserAndRealmBetween(String user, Session.Realm from,
            Session.Realm to) {
        return RecordRange.between(new TupleWriter(48).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(user, ENTITY, "user"))
                .endNested()
                .toPrefixBytes(),
                new TupleWriter(16).writeEnum(RecordKeys.require(from, ENTITY, "realm")).toByteArray(),
                new TupleWriter(16).writeEnum(RecordKeys.require(to, ENTITY, "realm")).toByteArray(), false);
    }

    /**
     * The records whose component 'startedAt' lies in [from, to) after the given leading components.
     */
    static RecordRange rangeByUserAndRealmAndStartedAtBetween(String user, Session.Realm realm,
            Instant from, Instant to) {
        return RecordRange.between(new TupleWriter(64).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(user, ENTITY, "user"))
                .endNested()
                .writeEnum(RecordKeys.require(realm, ENTITY, "realm"))
                .toPrefixBytes(),
                new TupleWriter(16).descending().writeInstant(RecordKeys.require(from, ENTITY, "startedAt")).toByteArray(),
                new TupleWriter(16).descending().writeInstant(RecordKeys.require(to, ENTITY, "startedAt")).toByteArray(), true);
    }

    /**
     * Adds the encoded values of index 'device' of {@code entity} to {@code out}.
     */
    static void deviceIndexValues(Session entity, List<byte[]> out) {
        out.add(deviceIndexValue(entity.device()));
    }

    /**
     * The encoded value of index 'device' for these arguments.
     */
    static byte[] deviceIndexValue(String device) {
        TupleWriter writer = new TupleWriter(32);
        if (device == null) {
            writer.writeNull();
        } else {
            writer.writeString(device);
        }
        return writer.toByteArray();
    }

    /**
     * The encoded group of counter 'byDevice' {@code entity} counts in.
     */
    static byte[] byDeviceCounterGroup(Session entity) {
        return byDeviceCounterGroupOf(entity.device());
    }

    /**
     * The encoded group of counter 'byDevice' for these arguments.
     */
    static byte[] byDeviceCounterGroupOf(String device) {
        TupleWriter writer = new TupleWriter(32);
        if (device == null) {
            writer.writeNull();
        } else {
            writer.writeString(device);
        }
        return writer.toByteArray();
    }

    /**
     * Decodes a group of counter 'byDevice'.
     */
    static String byDeviceCounterReadGroup(TupleReader reader) {
        if (reader.nextIsNull()) {
            reader.readNull();
            return null;
        }
        return reader.readString();
    }

    @Override
    public List<IndexDefinition<Session>> indexes() {
        return INDEXES;
    }

    @Override
    public List<CounterDefinition<Session>> counters() {
        return COUNTERS;
    }

    @Override
    public VersionField<Session> version() {
        return null;
    }

    /**
     * {@code entity} with 'device' set to the given value.
     */
    static Session withDevice(Session entity, String device) {
        return new Session(entity.user(), entity.realm(), entity.startedAt(), device,
                entity.expiresAt());
    }

    /**
     * {@code entity} with 'expiresAt' set to the given value.
     */
    static Session withExpiresAt(Session entity, Instant expiresAt) {
        return new Session(entity.user(), entity.realm(), entity.startedAt(), entity.device(),
                expiresAt);
    }

    @Override
    public ExpiryDefinition<Session> expiry() {
        return EXPIRY;
    }

    @Override
    public Duration changeFeedRetention() {
        return CHANGE_FEED_RETENTION;
    }

    @Override
    public List<Object> keyComponents(byte[] key) {
        TupleReader reader = new TupleReader(key);
        reader.beginNested();
        // the entity name and the records tag
        reader.skip();
        reader.skip();
        String user = reader.readString();
        reader.endNested();
        Session.Realm realm = reader.readEnum(Session.Realm.class);
        Instant startedAt = reader.descending().readInstant();
        return List.of(user, realm, startedAt);
    }
}
