package com.example.events;

import io.kvmapper.internal.codec.Json;
import io.kvmapper.internal.codec.JsonCodec;
import java.time.Instant;
import java.util.List;
import javax.annotation.processing.Generated;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;

/**
 * JSON codec of {@link Event}.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
final class Event_KvJsonCodec extends JsonCodec<Event> {
    static final Event_KvJsonCodec INSTANCE = new Event_KvJsonCodec();

    private Event_KvJsonCodec() {
    }

    @Override
    protected void write(JsonGenerator generator, Event entity) {
        generator.writeStartObject();
        String tenant = entity.tenant();
        if (tenant != null) {
            generator.writeName("tenant");
            generator.writeString(tenant);
        }
        Instant at = entity.at();
        if (at != null) {
            generator.writeName("at");
            generator.writeString(at.toString());
        }
        generator.writeName("sequence");
        generator.writeNumber(entity.sequence());
        String kind = entity.kind();
        if (kind != null) {
            generator.writeName("kind");
            generator.writeString(kind);
        }
        Event.Origin origin = entity.origin();
        if (origin != null) {
            generator.writeName("origin");
            writeEvent_Origin(generator, origin);
        }
        List<String> tags = entity.tags();
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
        generator.writeEndObject();
    }

    @Override
    protected Event read(JsonParser parser) {
        Json.expectObject(parser, "Event");
        String tenant = null;
        Instant at = null;
        long sequence = 0L;
        String kind = null;
        Event.Origin origin = null;
        List<String> tags = null;
        for (String field = parser.nextName(); field != null; field = parser.nextName()) {
            parser.nextToken();
            switch (field) {
                case "tenant":
                    tenant = Json.isNull(parser) ? null : Json.readString(parser);
                    break;
                case "at":
                    at = Json.isNull(parser) ? null : Json.readInstant(parser);
                    break;
                case "sequence":
                    sequence = Json.readLong(parser);
                    break;
                case "kind":
                    kind = Json.isNull(parser) ? null : Json.readString(parser);
                    break;
                case "origin":
                    origin = Json.isNull(parser) ? null : readEvent_Origin(parser);
                    break;
                case "tags":
                    tags = Json.isNull(parser) ? null : Json.readList(parser, parser1 -> Json.readString(parser1));
                    break;
                default:
                    parser.skipChildren();
                    break;
            }
        }
        return new Event(tenant, at, sequence, kind, origin, tags);
    }

    private static void writeEvent_Origin(JsonGenerator generator, Event.Origin entity) {
        generator.writeStartObject();
        String host = entity.host();
        if (host != null) {
            generator.writeName("host");
            generator.writeString(host);
        }
        generator.writeName("port");
        generator.writeNumber(entity.port());
        generator.writeEndObject();
    }

    private static Event.Origin readEvent_Origin(JsonParser parser) {
        Json.expectObject(parser, "Origin");
        String host = null;
        int port = 0;
        for (String field = parser.nextName(); field != null; field = parser.nextName()) {
            parser.nextToken();
            switch (field) {
                case "host":
                    host = Json.isNull(parser) ? null : Json.readString(parser);
                    break;
                case "port":
                    port = Json.readInt(parser);
                    break;
                default:
                    parser.skipChildren();
                    break;
            }
        }
        return new Event.Origin(host, port);
    }
}
