package io.kvmapper.internal.codec;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;

/**
 * Base of the generated JSON codecs: they write and read one JSON object with Jackson's streaming
 * API, with no reflection and no databind. (The one exception is opt-in: a field of a type KV Mapper
 * generates no code for, in an entity compiled with jackson-databind on the class path, is written and
 * read by databind inside the same object, by the generated codec itself; the runtime never depends on
 * databind.) This class owns the shared factory and the framing (nothing may follow the object).
 *
 * @param <E> the entity type
 */
public abstract class JsonCodec<E> implements ValueCodec<E> {
    /**
     * Numbers as long as the codec writes them: a {@code BigDecimal} or {@code BigInteger} field may hold more
     * than the 1,000 digits Jackson reads by default, and must read back. Buffers are recycled per thread
     * ({@link JsonRecyclerPools#threadLocalPool()}): Jackson 3's default pool, a concurrent deque, took about 15% of
     * an index query's CPU (JFR, {@code QueryBenchmark}) in polling and unlinking for every value read or written;
     * a virtual thread simply gets buffers of its own.
     */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .recyclerPool(JsonRecyclerPools.threadLocalPool())
            .streamReadConstraints(StreamReadConstraints.builder().maxNumberLength(Integer.MAX_VALUE).build()).build();

    /** For subclasses. */
    protected JsonCodec() {
    }

    @Override
    public final byte codecId() {
        return ValueHeader.JSON;
    }

    @Override
    public final void encode(E entity, ValueBuffer out) {
        try (JsonGenerator generator = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            write(generator, entity);
        }
    }

    @Override
    public final E decode(byte[] bytes, int offset, int length) {
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), bytes, offset, length)) {
            parser.nextToken();
            E entity = read(parser);
            JsonToken trailing = parser.nextToken();
            if (trailing != null) {
                throw new IllegalStateException("unexpected " + trailing + " after the JSON object");
            }
            return entity;
        }
    }

    /** Writes {@code entity} as one JSON object. */
    protected abstract void write(JsonGenerator generator, E entity);

    /** Reads one JSON object; the parser stands on its {@code START_OBJECT}. */
    protected abstract E read(JsonParser parser);
}
