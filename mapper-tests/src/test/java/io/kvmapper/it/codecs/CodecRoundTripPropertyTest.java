package io.kvmapper.it.codecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both codecs round-trip every supported field type: random entities (nulls, empty collections,
 * extremes, unicode, NaN) saved through the generated repository on RocksDB and read back equal.
 * {@link JsonAllTypes} and {@link ProtoAllTypes} have the same components; JSON also keeps null
 * collections and null elements, which Protobuf cannot hold.
 */
class CodecRoundTripPropertyTest {
    private static final int ENTITIES = 300;

    @TempDir
    Path dir;

    /** One codec's entity and repository, behind one face. */
    enum Codec {
        JSON(JsonAllTypes.class, DeepEquality.Nulls.KEPT, true) {
            @Override
            Function<Object, Object> roundTrip(KvStore store) {
                JsonAllTypesRepository repository = new JsonAllTypesRepository(store);
                return entity -> {
                    repository.save((JsonAllTypes) entity);
                    return repository.findById(((JsonAllTypes) entity).id()).orElseThrow();
                };
            }
        },
        PROTOBUF(ProtoAllTypes.class, DeepEquality.Nulls.READ_AS_EMPTY, false) {
            @Override
            Function<Object, Object> roundTrip(KvStore store) {
                ProtoAllTypesRepository repository = new ProtoAllTypesRepository(store);
                return entity -> {
                    repository.save((ProtoAllTypes) entity);
                    return repository.findById(((ProtoAllTypes) entity).id()).orElseThrow();
                };
            }
        };

        final Class<? extends Record> entity;
        final DeepEquality.Nulls nulls;
        final boolean nullElements;

        Codec(Class<? extends Record> entity, DeepEquality.Nulls nulls, boolean nullElements) {
            this.entity = entity;
            this.nulls = nulls;
            this.nullElements = nullElements;
        }

        /** Saves an entity and reads it back by key. */
        abstract Function<Object, Object> roundTrip(KvStore store);
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void randomEntitiesRoundTrip(Codec codec) {
        long seed = 20_261_124L + codec.ordinal();
        RandomValues values = new RandomValues(new Random(seed), codec.nullElements);
        DeepEquality equality = new DeepEquality(codec.nulls);
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            Function<Object, Object> roundTrip = codec.roundTrip(store);
            for (int i = 0; i < ENTITIES; i++) {
                Record original = AllTypes.withId(values.record(codec.entity), new UUID(seed, i));
                Object read;
                try {
                    read = roundTrip.apply(original);
                } catch (RuntimeException e) {
                    throw new AssertionError("entity " + i + " (seed " + seed + "): " + original, e);
                }
                try {
                    equality.assertSame(original, read);
                } catch (AssertionError e) {
                    throw new AssertionError("entity " + i + " (seed " + seed + "): " + e.getMessage(), e);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void entityOfNullsAndEmptiesRoundTrips(Codec codec) {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            Record empty = AllTypes.nulls(codec.entity, new UUID(7, 7));
            new DeepEquality(codec.nulls).assertSame(empty, codec.roundTrip(store).apply(empty));
        }
    }

    @Test
    void protobufRejectsNullElementsNamingTheField() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            ProtoAllTypesRepository repository = new ProtoAllTypesRepository(store);
            Map<String, Object> values = new HashMap<>();
            values.put("strings", Arrays.asList("a", null));
            InvalidRequestException list = assertThrows(InvalidRequestException.class,
                    () -> repository.save(AllTypes.with(ProtoAllTypes.class, new UUID(1, 1), values)));
            assertTrue(list.getMessage().contains("field 'strings' has a null element"), list.getMessage());

            Map<UUID, String> nullValue = new HashMap<>();
            nullValue.put(new UUID(0, 3), null);
            values.clear();
            values.put("byUuid", nullValue);
            InvalidRequestException map = assertThrows(InvalidRequestException.class,
                    () -> repository.save(AllTypes.with(ProtoAllTypes.class, new UUID(1, 2), values)));
            assertTrue(map.getMessage().contains("map field 'byUuid' has a null value"), map.getMessage());
            assertTrue(repository.findById(new UUID(1, 1)).isEmpty());
        }
    }

    /** A Java string need not be valid UTF-16; JSON escapes a lone surrogate, Protobuf's UTF-8 cannot hold it. */
    @Test
    void anUnpairedSurrogateIsKeptByJsonAndRejectedByProtobuf() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            JsonAllTypesRepository json = new JsonAllTypesRepository(store);
            json.save(AllTypes.with(JsonAllTypes.class, new UUID(1, 1), Map.of("string", "ok \uD83D")));
            assertEquals("ok \uD83D", json.findById(new UUID(1, 1)).orElseThrow().string());

            ProtoAllTypesRepository protobuf = new ProtoAllTypesRepository(store);
            InvalidRequestException e = assertThrows(InvalidRequestException.class,
                    () -> protobuf.save(AllTypes.with(ProtoAllTypes.class, new UUID(1, 1),
                            Map.of("string", "ok \uD83D"))));
            assertTrue(e.getMessage().contains("unpaired surrogate at index 3"), e.getMessage());
        }
    }

    @Test
    void embeddedClassKeepsItsStatedFieldNumberInBothCodecs() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            Parcel parcel = new Parcel(42, java.util.Optional.of("fragile"), List.of(new Point(1, 2, null)));
            for (Codec codec : Codec.values()) {
                Record entity = AllTypes.with(codec.entity, new UUID(5, 5), Map.of("parcel", parcel));
                Object read = codec.roundTrip(store).apply(entity);
                assertEquals(parcel, AllTypes.component(read, "parcel"));
            }
        }
    }

    /** Builds the two test entities by component name (test code, by reflection). */
    static final class AllTypes {
        private AllTypes() {
        }

        /** Every reference component null, every primitive zero. */
        static Record nulls(Class<? extends Record> type, UUID id) {
            return with(type, id, Map.of());
        }

        /** Every component null or zero but the key and {@code values}. */
        static <R extends Record> R with(Class<R> type, UUID id, Map<String, Object> values) {
            var components = type.getRecordComponents();
            List<Object> arguments = new ArrayList<>();
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                String name = components[i].getName();
                arguments.add(name.equals("id") ? id : values.containsKey(name) ? values.get(name)
                        : zero(components[i].getType()));
            }
            try {
                return type.cast(type.getDeclaredConstructor(types).newInstance(arguments.toArray()));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        /** {@code entity} with the key {@code id}. */
        static Record withId(Record entity, UUID id) {
            Map<String, Object> values = new HashMap<>();
            for (var component : entity.getClass().getRecordComponents()) {
                values.put(component.getName(), component(entity, component.getName()));
            }
            return with(entity.getClass(), id, values);
        }

        static Object component(Object record, String name) {
            try {
                return record.getClass().getMethod(name).invoke(record);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        private static Object zero(Class<?> type) {
            if (!type.isPrimitive()) {
                return null;
            }
            if (type == boolean.class) {
                return false;
            }
            if (type == char.class) {
                return '\0';
            }
            if (type == float.class) {
                return 0f;
            }
            if (type == double.class) {
                return 0d;
            }
            if (type == long.class) {
                return 0L;
            }
            if (type == int.class) {
                return 0;
            }
            return type == short.class ? (Object) (short) 0 : (Object) (byte) 0;
        }
    }
}
