package com.example.shop;

import io.kvmapper.internal.codec.Json;
import io.kvmapper.internal.codec.JsonCodec;
import java.util.Set;
import javax.annotation.processing.Generated;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;

/**
 * JSON codec of {@link Order}.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
final class Order_KvJsonCodec extends JsonCodec<Order> {
    static final Order_KvJsonCodec INSTANCE = new Order_KvJsonCodec();

    private Order_KvJsonCodec() {
    }

    @Override
    protected void write(JsonGenerator generator, Order entity) {
        generator.writeStartObject();
        String shop = entity.shop();
        if (shop != null) {
            generator.writeName("shop");
            generator.writeString(shop);
        }
        generator.writeName("number");
        generator.writeNumber(entity.number());
        String reference = entity.reference();
        if (reference != null) {
            generator.writeName("reference");
            generator.writeString(reference);
        }
        Order.Status status = entity.status();
        if (status != null) {
            generator.writeName("status");
            generator.writeString(status.name());
        }
        Order.Address shipTo = entity.shipTo();
        if (shipTo != null) {
            generator.writeName("shipTo");
            writeOrder_Address(generator, shipTo);
        }
        Set<String> tags = entity.tags();
        if (tags != null) {
            generator.writeName("tags");
            generator.writeStartArray();
            for (String element : tags) {
                if (element == null) {
                    generator.writeNull();
                } else {
                    generator.writeString(element);
                }
            }
            generator.writeEndArray();
        }
        generator.writeName("totalCents");
        generator.writeNumber(entity.totalCents());
        generator.writeName("version");
        generator.writeNumber(entity.version());
        generator.writeEndObject();
    }

    @Override
    protected Order read(JsonParser parser) {
        Json.expectObject(parser, "Order");
        String shop = null;
        long number = 0L;
        String reference = null;
        Order.Status status = null;
        Order.Address shipTo = null;
        Set<String> tags = null;
        long totalCents = 0L;
        long version = 0L;
        for (String field = parser.nextName(); field != null; field = parser.nextName()) {
            parser.nextToken();
            switch (field) {
                case "shop":
                    shop = Json.isNull(parser) ? null : Json.readString(parser);
                    break;
                case "number":
                    number = Json.readLong(parser);
                    break;
                case "reference":
                    reference = Json.isNull(parser) ? null : Json.readString(parser);
                    break;
                case "status":
                    status = Json.isNull(parser) ? null : Json.readEnum(parser, Order.Status.class);
                    break;
                case "shipTo":
                    shipTo = Json.isNull(parser) ? null : readOrder_Address(parser);
                    break;
                case "tags":
                    tags = Json.isNull(parser) ? null : Json.readSet(parser, parser1 -> Json.readString(parser1));
                    break;
                case "totalCents":
                    totalCents = Json.readLong(parser);
                    break;
                case "version":
                    version = Json.readLong(parser);
                    break;
                default:
                    parser.skipChildren();
                    break;
            }
        }
        return new Order(shop, number, reference, status, shipTo, tags, totalCents, version);
    }

    private static void writeOrder_Address(JsonGenerator generator, Order.Address entity) {
        generator.writeStartObject();
        String city = entity.city();
        if (city != null) {
            generator.writeName("city");
            generator.writeString(city);
        }
        String country = entity.country();
        if (country != null) {
            generator.writeName("country");
            generator.writeString(country);
        }
        generator.writeEndObject();
    }

    private static Order.Address readOrder_Address(JsonParser parser) {
        Json.expectObject(parser, "Address");
        String city = null;
        String country = null;
        for (String field = parser.nextName(); field != null; field = parser.nextName()) {
            parser.nextToken();
            switch (field) {
                case "city":
                    city = Json.isNull(parser) ? null : Json.readString(parser);
                    break;
                case "country":
                    country = Json.isNull(parser) ? null : Json.readString(parser);
                    break;
                default:
                    parser.skipChildren();
                    break;
            }
        }
        return new Order.Address(city, country);
    }
}
