package com.example.links;

import io.kvmapper.internal.codec.Json;
import io.kvmapper.internal.codec.JsonCodec;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Generated;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * JSON codec of {@link Bookmark}.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
final class Bookmark_KvJsonCodec extends JsonCodec<Bookmark> {
    static final Bookmark_KvJsonCodec INSTANCE = new Bookmark_KvJsonCodec();

    /**
     * Jackson databind, for the fields of types that KV Mapper generates no code for: it reads a value
     * from the middle of the entity's object, skips properties it does not know, and reads sets in order.
     */
    private static final ObjectMapper DATABIND = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .addModule(new SimpleModule().addAbstractTypeMapping(Set.class, LinkedHashSet.class))
            .build();

    /**
     * The declared type of field 'link' of Bookmark.
     */
    private static final JavaType BOOKMARK_LINK_TYPE = DATABIND.constructType(URI.class);

    /**
     * The declared type of field 'mirrors' of Bookmark.
     */
    private static final JavaType BOOKMARK_MIRRORS_TYPE = DATABIND.constructType(new TypeReference<List<URI>>() {});

    /**
     * The declared type of field 'ttl' of Bookmark.
     */
    private static final JavaType BOOKMARK_TTL_TYPE = DATABIND.constructType(Duration.class);

    /**
     * The declared type of field 'price' of Bookmark.Meta.
     */
    private static final JavaType BOOKMARK_META_PRICE_TYPE = DATABIND.constructType(Bookmark.Money.class);

    private Bookmark_KvJsonCodec() {
    }

    @Override
    protected void write(JsonGenerator generator, Bookmark entity) {
        generator.writeStartObject();
        generator.writeName("id");
        generator.writeNumber(entity.id());
        String title = entity.title();
        if (title != null) {
            generator.writeName("title");
            generator.writeString(title);
        }
        URI link = entity.link();
        if (link != null) {
            generator.writeName("link");
            writeDatabind(generator, BOOKMARK_LINK_TYPE, link, "field 'link' of Bookmark");
        }
        List<URI> mirrors = entity.mirrors();
        if (mirrors != null) {
            generator.writeName("mirrors");
            writeDatabind(generator, BOOKMARK_MIRRORS_TYPE, mirrors, "field 'mirrors' of Bookmark");
        }
        Optional<Duration> ttl = entity.ttl();
        if (ttl != null && ttl.isPresent()) {
            generator.writeName("ttl");
            writeDatabind(generator, BOOKMARK_TTL_TYPE, ttl.get(), "field 'ttl' of Bookmark");
        }
        Bookmark.Meta meta = entity.meta();
        if (meta != null) {
            generator.writeName("meta");
            writeBookmark_Meta(generator, meta);
        }
        generator.writeEndObject();
    }

    @Override
    protected Bookmark read(JsonParser parser) {
        Json.expectObject(parser, "Bookmark");
        long id = 0L;
        String title = null;
        URI link = null;
        List<URI> mirrors = null;
        Optional<Duration> ttl = Optional.empty();
        Bookmark.Meta meta = null;
        for (String field = parser.nextName(); field != null; field = parser.nextName()) {
            parser.nextToken();
            switch (field) {
                case "id":
                    id = Json.readLong(parser);
                    break;
                case "title":
                    title = Json.isNull(parser) ? null : Json.readString(parser);
                    break;
                case "link":
                    link = Json.isNull(parser) ? null : readDatabind(parser, BOOKMARK_LINK_TYPE,
                            "field 'link' of Bookmark");
                    break;
                case "mirrors":
                    mirrors = Json.isNull(parser) ? null : readDatabind(parser, BOOKMARK_MIRRORS_TYPE,
                            "field 'mirrors' of Bookmark");
                    break;
                case "ttl":
                    ttl = Json.isNull(parser) ? Optional.empty() : Optional.of(readDatabind(parser, BOOKMARK_TTL_TYPE,
                            "field 'ttl' of Bookmark"));
                    break;
                case "meta":
                    meta = Json.isNull(parser) ? null : readBookmark_Meta(parser);
                    break;
                default:
                    parser.skipChildren();
                    break;
            }
        }
        return new Bookmark(id, title, link, mirrors, ttl, meta);
    }

    private static void writeBookmark_Meta(JsonGenerator generator, Bookmark.Meta entity) {
        generator.writeStartObject();
        String owner = entity.owner();
        if (owner != null) {
            generator.writeName("owner");
            generator.writeString(owner);
        }
        Bookmark.Money price = entity.price();
        if (price != null) {
            generator.writeName("price");
            writeDatabind(generator, BOOKMARK_META_PRICE_TYPE, price,
                    "field 'price' of Bookmark.Meta");
        }
        generator.writeEndObject();
    }

    private static Bookmark.Meta readBookmark_Meta(JsonParser parser) {
        Json.expectObject(parser, "Meta");
        String owner = null;
        Bookmark.Money price = null;
        for (String field = parser.nextName(); field != null; field = parser.nextName()) {
            parser.nextToken();
            switch (field) {
                case "owner":
                    owner = Json.isNull(parser) ? null : Json.readString(parser);
                    break;
                case "price":
                    price = Json.isNull(parser) ? null : readDatabind(parser, BOOKMARK_META_PRICE_TYPE,
                            "field 'price' of Bookmark.Meta");
                    break;
                default:
                    parser.skipChildren();
                    break;
            }
        }
        return new Bookmark.Meta(owner, price);
    }

    /**
     * Writes {@code value}, of the declared type {@code type}, with databind: as that type if it has type
     * arguments (so that the elements' types are known), else as the value's own class; a failure
     * names the {@code field}.
     */
    private static void writeDatabind(JsonGenerator generator, JavaType type, Object value,
            String field) {
        try {
            if (type.hasGenericTypes()) {
                DATABIND.writerFor(type).writeValue(generator, value);
            } else {
                DATABIND.writeValue(generator, value);
            }
        } catch (JacksonException e) {
            throw new IllegalArgumentException(field + " (" + type.toCanonical()
                    + ") cannot be written by Jackson databind: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads the value the parser stands on as {@code type} with databind; a failure names the {@code field}.
     */
    private static <T> T readDatabind(JsonParser parser, JavaType type, String field) {
        try {
            return DATABIND.readValue(parser, type);
        } catch (JacksonException e) {
            throw new IllegalStateException(field + " (" + type.toCanonical()
                    + ") cannot be read by Jackson databind: " + e.getOriginalMessage(), e);
        }
    }
}
