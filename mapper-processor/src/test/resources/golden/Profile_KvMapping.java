package com.example.people;

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
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.Generated;

/**
 * Record key layout and codec of {@link Profile}.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
final class Profile_KvMapping implements EntityMapping<Profile> {
    static final Profile_KvMapping INSTANCE = new Profile_KvMapping();

    static final String ENTITY = "Profile";

    private static final byte[] PARTITION_HEAD = RecordKeys.partitionHead(ENTITY);

    private static final byte[] ALL_RECORDS_PREFIX = RecordKeys.allRecordsPrefix(ENTITY);

    private static final String SCHEMA = "{\n"
            + "  \"format\": 1,\n"
            + "  \"class\": \"com.example.people.Profile\",\n"
            + "  \"entity\": \"Profile\",\n"
            + "  \"version\": 1,\n"
            + "  \"layout\": \"ATTRIBUTE_PER_KEY\",\n"
            + "  \"codec\": \"JSON\",\n"
            + "  \"key\": [\n"
            + "    {\"field\": \"handle\", \"type\": \"String\", \"partition\": true, \"descending\": false}\n"
            + "  ],\n"
            + "  \"fields\": [\n"
            + "    {\"name\": \"handle\", \"java\": \"handle\", \"type\": \"String\", \"number\": 1},\n"
            + "    {\"name\": \"name\", \"java\": \"name\", \"type\": \"String\", \"number\": 2},\n"
            + "    {\"name\": \"home\", \"java\": \"home\", \"type\": \"embedded com.example.people.Profile.Home\", \"number\": 3},\n"
            + "    {\"name\": \"attributes\", \"java\": \"attributes\", \"type\": \"Map<String, String>\", \"number\": 4},\n"
            + "    {\"name\": \"friends\", \"java\": \"friends\", \"type\": \"List<String>\", \"number\": 5},\n"
            + "    {\"name\": \"groups\", \"java\": \"groups\", \"type\": \"Set<String>\", \"number\": 6},\n"
            + "    {\"name\": \"scores\", \"java\": \"scores\", \"type\": \"Map<String, List<Integer>>\", \"number\": 7}\n"
            + "  ],\n"
            + "  \"removed\": [],\n"
            + "  \"embedded\": {\n"
            + "    \"com.example.people.Profile.Home\": {\n"
            + "      \"fields\": [\n"
            + "        {\"name\": \"city\", \"java\": \"city\", \"type\": \"String\", \"number\": 1},\n"
            + "        {\"name\": \"point\", \"java\": \"point\", \"type\": \"embedded com.example.people.Profile.Point\", \"number\": 2}\n"
            + "      ],\n"
            + "      \"removed\": []\n"
            + "    },\n"
            + "    \"com.example.people.Profile.Point\": {\n"
            + "      \"fields\": [\n"
            + "        {\"name\": \"lat\", \"java\": \"lat\", \"type\": \"double\", \"number\": 1},\n"
            + "        {\"name\": \"lon\", \"java\": \"lon\", \"type\": \"double\", \"number\": 2}\n"
            + "      ],\n"
            + "      \"removed\": []\n"
            + "    }\n"
            + "  },\n"
            + "  \"indexes\": [\n"
            + "    {\"name\": \"groups\", \"signature\": \"index(groups:STRING[])\"}\n"
            + "  ],\n"
            + "  \"counters\": [\n"
            + "    {\"name\": \"byCity\", \"signature\": \"count(home.city:STRING)\"}\n"
            + "  ]\n"
            + "}\n";

    private static final List<IndexDefinition<Profile>> INDEXES = List.of(
            new IndexDefinition<>("groups", false, 1, "index(groups:STRING[])",
                    Profile_KvMapping::groupsIndexValues));

    private static final List<CounterDefinition<Profile>> COUNTERS = List.of(
            new CounterDefinition<>("byCity", "count(home.city:STRING)",
                    Profile_KvMapping::byCityCounterGroup, entity -> 1L, false));

    private Profile_KvMapping() {
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
    public ValueCodec<Profile> codec() {
        return null;
    }

    @Override
    public AttributeCodec<Profile> attributeCodec() {
        return Profile_KvAttributeCodec.INSTANCE;
    }

    @Override
    public int keySize() {
        return 1;
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
    public byte[] keyOf(Profile entity) {
        return key(entity.handle());
    }

    /**
     * The record key.
     */
    static byte[] key(String handle) {
        return new TupleWriter(48).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(handle, ENTITY, "handle"))
                .endNested()
                .toByteArray();
    }

    /**
     * Every record of the entity.
     */
    static RecordRange allRecords() {
        return RecordRange.prefix(ALL_RECORDS_PREFIX);
    }

    /**
     * The records whose component 'handle' lies in [from, to).
     */
    static RecordRange rangeByHandleBetween(String from, String to) {
        return RecordRange.between(ALL_RECORDS_PREFIX,
                new TupleWriter(16).writeString(RecordKeys.require(from, ENTITY, "handle")).toByteArray(),
                new TupleWriter(16).writeString(RecordKeys.require(to, ENTITY, "handle")).toByteArray(), false);
    }

    /**
     * Adds the encoded values of index 'groups' of {@code entity} to {@code out}.
     */
    static void groupsIndexValues(Profile entity, List<byte[]> out) {
        Set<String> groups = entity.groups();
        if (groups != null) {
            for (String group : groups) {
                out.add(groupsIndexValue(group));
            }
        }
    }

    /**
     * The encoded value of index 'groups' for these arguments.
     */
    static byte[] groupsIndexValue(String groups) {
        TupleWriter writer = new TupleWriter(32);
        if (groups == null) {
            writer.writeNull();
        } else {
            writer.writeString(groups);
        }
        return writer.toByteArray();
    }

    /**
     * The encoded group of counter 'byCity' {@code entity} counts in.
     */
    static byte[] byCityCounterGroup(Profile entity) {
        Profile.Home home = entity.home();
        return byCityCounterGroupOf(home == null ? null : home.city());
    }

    /**
     * The encoded group of counter 'byCity' for these arguments.
     */
    static byte[] byCityCounterGroupOf(String homeCity) {
        TupleWriter writer = new TupleWriter(32);
        if (homeCity == null) {
            writer.writeNull();
        } else {
            writer.writeString(homeCity);
        }
        return writer.toByteArray();
    }

    /**
     * Decodes a group of counter 'byCity'.
     */
    static String byCityCounterReadGroup(TupleReader reader) {
        if (reader.nextIsNull()) {
            reader.readNull();
            return null;
        }
        return reader.readString();
    }

    @Override
    public List<IndexDefinition<Profile>> indexes() {
        return INDEXES;
    }

    @Override
    public List<CounterDefinition<Profile>> counters() {
        return COUNTERS;
    }

    @Override
    public VersionField<Profile> version() {
        return null;
    }

    /**
     * {@code entity} with 'name' set to the given value.
     */
    static Profile withName(Profile entity, String name) {
        return new Profile(entity.handle(), name, entity.home(), entity.attributes(),
                entity.friends(), entity.groups(), entity.scores());
    }

    /**
     * {@code entity} with 'home' set to the given value.
     */
    static Profile withHome(Profile entity, Profile.Home home) {
        return new Profile(entity.handle(), entity.name(), home, entity.attributes(),
                entity.friends(), entity.groups(), entity.scores());
    }

    /**
     * {@code entity} with 'attributes' set to the given value.
     */
    static Profile withAttributes(Profile entity, Map<String, String> attributes) {
        return new Profile(entity.handle(), entity.name(), entity.home(), attributes,
                entity.friends(), entity.groups(), entity.scores());
    }

    /**
     * {@code entity} with 'friends' set to the given value.
     */
    static Profile withFriends(Profile entity, List<String> friends) {
        return new Profile(entity.handle(), entity.name(), entity.home(), entity.attributes(),
                friends, entity.groups(), entity.scores());
    }

    /**
     * {@code entity} with 'groups' set to the given value.
     */
    static Profile withGroups(Profile entity, Set<String> groups) {
        return new Profile(entity.handle(), entity.name(), entity.home(), entity.attributes(),
                entity.friends(), groups, entity.scores());
    }

    /**
     * {@code entity} with 'scores' set to the given value.
     */
    static Profile withScores(Profile entity, Map<String, List<Integer>> scores) {
        return new Profile(entity.handle(), entity.name(), entity.home(), entity.attributes(),
                entity.friends(), entity.groups(), scores);
    }
}
