package com.example.shop;

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
import java.util.Set;
import javax.annotation.processing.Generated;

/**
 * Record key layout and codec of {@link Order}.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
final class Order_KvMapping implements EntityMapping<Order> {
    static final Order_KvMapping INSTANCE = new Order_KvMapping();

    static final String ENTITY = "order";

    private static final byte[] PARTITION_HEAD = RecordKeys.partitionHead(ENTITY);

    private static final byte[] ALL_RECORDS_PREFIX = RecordKeys.allRecordsPrefix(ENTITY);

    private static final String SCHEMA = "{\n"
            + "  \"format\": 1,\n"
            + "  \"class\": \"com.example.shop.Order\",\n"
            + "  \"entity\": \"order\",\n"
            + "  \"version\": 1,\n"
            + "  \"layout\": \"MONOLITHIC\",\n"
            + "  \"codec\": \"JSON\",\n"
            + "  \"key\": [\n"
            + "    {\"field\": \"shop\", \"type\": \"String\", \"partition\": true, \"descending\": false},\n"
            + "    {\"field\": \"number\", \"type\": \"long\", \"partition\": false, \"descending\": false}\n"
            + "  ],\n"
            + "  \"fields\": [\n"
            + "    {\"name\": \"shop\", \"java\": \"shop\", \"type\": \"String\", \"number\": 1},\n"
            + "    {\"name\": \"number\", \"java\": \"number\", \"type\": \"long\", \"number\": 2},\n"
            + "    {\"name\": \"reference\", \"java\": \"reference\", \"type\": \"String\", \"number\": 3},\n"
            + "    {\"name\": \"status\", \"java\": \"status\", \"type\": \"enum com.example.shop.Order.Status\", \"number\": 4},\n"
            + "    {\"name\": \"shipTo\", \"java\": \"shipTo\", \"type\": \"embedded com.example.shop.Order.Address\", \"number\": 5},\n"
            + "    {\"name\": \"tags\", \"java\": \"tags\", \"type\": \"Set<String>\", \"number\": 6},\n"
            + "    {\"name\": \"totalCents\", \"java\": \"totalCents\", \"type\": \"long\", \"number\": 7},\n"
            + "    {\"name\": \"version\", \"java\": \"version\", \"type\": \"long\", \"number\": 8}\n"
            + "  ],\n"
            + "  \"removed\": [],\n"
            + "  \"embedded\": {\n"
            + "    \"com.example.shop.Order.Address\": {\n"
            + "      \"fields\": [\n"
            + "        {\"name\": \"city\", \"java\": \"city\", \"type\": \"String\", \"number\": 1},\n"
            + "        {\"name\": \"country\", \"java\": \"country\", \"type\": \"String\", \"number\": 2}\n"
            + "      ],\n"
            + "      \"removed\": []\n"
            + "    }\n"
            + "  },\n"
            + "  \"indexes\": [\n"
            + "    {\"name\": \"reference\", \"signature\": \"unique(reference:STRING)\"},\n"
            + "    {\"name\": \"tags\", \"signature\": \"index(tags:STRING[])\"},\n"
            + "    {\"name\": \"shipToCountryAndStatus\", \"signature\": \"index(shipTo.country:STRING,status:ENUM)\"}\n"
            + "  ],\n"
            + "  \"counters\": [\n"
            + "    {\"name\": \"byStatus\", \"signature\": \"count(status:ENUM)\"},\n"
            + "    {\"name\": \"revenueByCountryAndStatus\", \"signature\": \"sum(totalCents:LONG;shipTo.country:STRING,status:ENUM)\"}\n"
            + "  ]\n"
            + "}\n";

    private static final List<IndexDefinition<Order>> INDEXES = List.of(
            new IndexDefinition<>("reference", true, 1, "unique(reference:STRING)",
                    Order_KvMapping::referenceIndexValues),
            new IndexDefinition<>("tags", false, 1, "index(tags:STRING[])",
                    Order_KvMapping::tagsIndexValues),
            new IndexDefinition<>("shipToCountryAndStatus", false, 2, "index(shipTo.country:STRING,status:ENUM)",
                    Order_KvMapping::shipToCountryAndStatusIndexValues));

    private static final List<CounterDefinition<Order>> COUNTERS = List.of(
            new CounterDefinition<>("byStatus", "count(status:ENUM)",
                    Order_KvMapping::byStatusCounterGroup, entity -> 1L, false),
            new CounterDefinition<>("revenueByCountryAndStatus", "sum(totalCents:LONG;shipTo.country:STRING,status:ENUM)",
                    Order_KvMapping::revenueByCountryAndStatusCounterGroup, Order_KvMapping::revenueByCountryAndStatusCounterAmount, true));

    private static final VersionField<Order> VERSION = new VersionField<Order>() {
        @Override
        public long get(Order entity) {
            return entity.version();
        }

        @Override
        public Order with(Order entity, long version) {
            return new Order(entity.shop(), entity.number(), entity.reference(), entity.status(),
                    entity.shipTo(), entity.tags(), entity.totalCents(), version);
        }
    };

    private Order_KvMapping() {
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
    public ValueCodec<Order> codec() {
        return Order_KvJsonCodec.INSTANCE;
    }

    @Override
    public AttributeCodec<Order> attributeCodec() {
        return null;
    }

    @Override
    public int keySize() {
        return 2;
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
    public byte[] keyOf(Order entity) {
        return key(entity.shop(), entity.number());
    }

    /**
     * The record key.
     */
    static byte[] key(String shop, long number) {
        return new TupleWriter(64).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(shop, ENTITY, "shop"))
                .endNested()
                .writeLong(number)
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
    static RecordRange rangeByShop(String shop) {
        return RecordRange.prefix(new TupleWriter(48).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(shop, ENTITY, "shop"))
                .endNested()
                .toPrefixBytes());
    }

    /**
     * The records whose component 'shop' lies in [from, to).
     */
    static RecordRange rangeByShopBetween(String from, String to) {
        return RecordRange.between(ALL_RECORDS_PREFIX,
                new TupleWriter(16).writeString(RecordKeys.require(from, ENTITY, "shop")).toByteArray(),
                new TupleWriter(16).writeString(RecordKeys.require(to, ENTITY, "shop")).toByteArray(), false);
    }

    /**
     * The records whose component 'number' lies in [from, to) after the given leading components.
     */
    static RecordRange rangeByShopAndNumberBetween(String shop, long from, long to) {
        return RecordRange.between(new TupleWriter(48).beginNested().appendRaw(PARTITION_HEAD)
                .writeString(RecordKeys.require(shop, ENTITY, "shop"))
                .endNested()
                .toPrefixBytes(),
                new TupleWriter(16).writeLong(from).toByteArray(),
                new TupleWriter(16).writeLong(to).toByteArray(), false);
    }

    /**
     * Adds the encoded values of index 'reference' of {@code entity} to {@code out}; none while a value is null.
     */
    static void referenceIndexValues(Order entity, List<byte[]> out) {
        String reference = entity.reference();
        if (reference != null) {
            out.add(referenceIndexValue(reference));
        }
    }

    /**
     * The encoded value of index 'reference' for these arguments.
     */
    static byte[] referenceIndexValue(String reference) {
        TupleWriter writer = new TupleWriter(32);
        if (reference == null) {
            writer.writeNull();
        } else {
            writer.writeString(reference);
        }
        return writer.toByteArray();
    }

    /**
     * Adds the encoded values of index 'tags' of {@code entity} to {@code out}.
     */
    static void tagsIndexValues(Order entity, List<byte[]> out) {
        Set<String> tags = entity.tags();
        if (tags != null) {
            for (String tag : tags) {
                out.add(tagsIndexValue(tag));
            }
        }
    }

    /**
     * The encoded value of index 'tags' for these arguments.
     */
    static byte[] tagsIndexValue(String tags) {
        TupleWriter writer = new TupleWriter(32);
        if (tags == null) {
            writer.writeNull();
        } else {
            writer.writeString(tags);
        }
        return writer.toByteArray();
    }

    /**
     * Adds the encoded values of index 'shipToCountryAndStatus' of {@code entity} to {@code out}.
     */
    static void shipToCountryAndStatusIndexValues(Order entity, List<byte[]> out) {
        Order.Address shipTo = entity.shipTo();
        out.add(shipToCountryAndStatusIndexValue(shipTo == null ? null : shipTo.country(), entity.status()));
    }

    /**
     * The encoded value of index 'shipToCountryAndStatus' for these arguments.
     */
    static byte[] shipToCountryAndStatusIndexValue(String shipToCountry, Order.Status status) {
        TupleWriter writer = new TupleWriter(32);
        if (shipToCountry == null) {
            writer.writeNull();
        } else {
            writer.writeString(shipToCountry);
        }
        if (status == null) {
            writer.writeNull();
        } else {
            writer.writeEnum(status);
        }
        return writer.toByteArray();
    }

    /**
     * The encoded leading elements of index 'shipToCountryAndStatus', before a range over its last.
     */
    static byte[] shipToCountryAndStatusIndexPrefix(String shipToCountry) {
        TupleWriter writer = new TupleWriter(32);
        if (shipToCountry == null) {
            writer.writeNull();
        } else {
            writer.writeString(shipToCountry);
        }
        return writer.toByteArray();
    }

    /**
     * The encoded last element of index 'shipToCountryAndStatus'.
     */
    static byte[] shipToCountryAndStatusIndexLast(Order.Status status) {
        TupleWriter writer = new TupleWriter(32);
        if (status == null) {
            writer.writeNull();
        } else {
            writer.writeEnum(status);
        }
        return writer.toByteArray();
    }

    /**
     * The encoded group of counter 'byStatus' {@code entity} counts in.
     */
    static byte[] byStatusCounterGroup(Order entity) {
        return byStatusCounterGroupOf(entity.status());
    }

    /**
     * The encoded group of counter 'byStatus' for these arguments.
     */
    static byte[] byStatusCounterGroupOf(Order.Status status) {
        TupleWriter writer = new TupleWriter(32);
        if (status == null) {
            writer.writeNull();
        } else {
            writer.writeEnum(status);
        }
        return writer.toByteArray();
    }

    /**
     * Decodes a group of counter 'byStatus'.
     */
    static Order.Status byStatusCounterReadGroup(TupleReader reader) {
        if (reader.nextIsNull()) {
            reader.readNull();
            return null;
        }
        return reader.readEnum(Order.Status.class);
    }

    /**
     * The encoded group of counter 'revenueByCountryAndStatus' {@code entity} counts in.
     */
    static byte[] revenueByCountryAndStatusCounterGroup(Order entity) {
        Order.Address shipTo = entity.shipTo();
        return revenueByCountryAndStatusCounterGroupOf(shipTo == null ? null : shipTo.country(), entity.status());
    }

    /**
     * The encoded group of counter 'revenueByCountryAndStatus' for these arguments.
     */
    static byte[] revenueByCountryAndStatusCounterGroupOf(String shipToCountry,
            Order.Status status) {
        TupleWriter writer = new TupleWriter(32);
        if (shipToCountry == null) {
            writer.writeNull();
        } else {
            writer.writeString(shipToCountry);
        }
        if (status == null) {
            writer.writeNull();
        } else {
            writer.writeEnum(status);
        }
        return writer.toByteArray();
    }

    /**
     * The encoded leading group values of counter 'revenueByCountryAndStatus' for these arguments.
     */
    static byte[] revenueByCountryAndStatusCounterGroupPrefix(String shipToCountry) {
        TupleWriter writer = new TupleWriter(32);
        if (shipToCountry == null) {
            writer.writeNull();
        } else {
            writer.writeString(shipToCountry);
        }
        return writer.toByteArray();
    }

    /**
     * Decodes the last group value of counter 'revenueByCountryAndStatus'.
     */
    static Order.Status revenueByCountryAndStatusCounterReadLast(TupleReader reader) {
        if (reader.nextIsNull()) {
            reader.readNull();
            return null;
        }
        return reader.readEnum(Order.Status.class);
    }

    /**
     * What {@code entity} adds to counter 'revenueByCountryAndStatus'.
     */
    static long revenueByCountryAndStatusCounterAmount(Order entity) {
        return entity.totalCents();
    }

    @Override
    public List<IndexDefinition<Order>> indexes() {
        return INDEXES;
    }

    @Override
    public List<CounterDefinition<Order>> counters() {
        return COUNTERS;
    }

    @Override
    public VersionField<Order> version() {
        return VERSION;
    }

    /**
     * {@code entity} with 'reference' set to the given value.
     */
    static Order withReference(Order entity, String reference) {
        return new Order(entity.shop(), entity.number(), reference, entity.status(),
                entity.shipTo(), entity.tags(), entity.totalCents(), entity.version());
    }

    /**
     * {@code entity} with 'status' set to the given value.
     */
    static Order withStatus(Order entity, Order.Status status) {
        return new Order(entity.shop(), entity.number(), entity.reference(), status,
                entity.shipTo(), entity.tags(), entity.totalCents(), entity.version());
    }

    /**
     * {@code entity} with 'shipTo' set to the given value.
     */
    static Order withShipTo(Order entity, Order.Address shipTo) {
        return new Order(entity.shop(), entity.number(), entity.reference(), entity.status(),
                shipTo, entity.tags(), entity.totalCents(), entity.version());
    }

    /**
     * {@code entity} with 'tags' set to the given value.
     */
    static Order withTags(Order entity, Set<String> tags) {
        return new Order(entity.shop(), entity.number(), entity.reference(), entity.status(),
                entity.shipTo(), tags, entity.totalCents(), entity.version());
    }

    /**
     * {@code entity} with 'totalCents' set to the given value.
     */
    static Order withTotalCents(Order entity, long totalCents) {
        return new Order(entity.shop(), entity.number(), entity.reference(), entity.status(),
                entity.shipTo(), entity.tags(), totalCents, entity.version());
    }
}
