package io.kvmapper.internal.schemaless;

import io.kvmapper.internal.codec.JsonCodec;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;

/**
 * The JSON codec of an entity, driven by its recorded schema ({@link GenericJson}); the runtime's
 * {@link JsonCodec} frames the object as it frames the generated codecs'. Thread-safe.
 */
final class GenericJsonCodec extends JsonCodec<GenericObject> {
    private final GenericJson json;

    GenericJsonCodec(EntitySchema schema) {
        this.json = new GenericJson(schema);
    }

    @Override
    protected void write(JsonGenerator generator, GenericObject entity) {
        GenericJson.write(generator, entity);
    }

    @Override
    protected GenericObject read(JsonParser parser) {
        return json.read(parser);
    }
}
