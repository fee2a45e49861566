package io.kvmapper.internal.mapping;

import io.kvmapper.internal.codec.AttributeCodec;
import io.kvmapper.internal.codec.ValueCodec;
import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.mapping.VersionField;
import io.kvmapper.tuple.Tuples;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What the runtime needs to know about one entity; generated as {@code <Entity>_KvMapping}.
 *
 * @param <E> the entity type
 */
public interface EntityMapping<E> {
    /** The stored entity name, first element of every key the entity owns. */
    String entityName();

    /** The version of the entity's stored schema, written into every value header. */
    int schemaVersion();

    /**
     * The entity's stored schema as its schema file records it (JSON: key, layout, codec, fields with
     * stored names, types and numbers, removed fields, indexes and counters; see
     * {@code docs/schema-evolution.md}). A store records it and refuses code whose schema its data cannot
     * be read with.
     */
    String schema();

    /** The codec of the monolithic layout's values; null for an entity in the attribute-per-key layout. */
    ValueCodec<E> codec();

    /** The codec of the attribute-per-key layout; null for an entity in the monolithic layout. */
    AttributeCodec<E> attributeCodec();

    /** How many components the key has. */
    int keySize();

    /** How many leading key components form the partition. */
    int partitionSize();

    /** The entity's secondary indexes. */
    List<IndexDefinition<E>> indexes();

    /** The entity's maintained counters. */
    List<CounterDefinition<E>> counters();

    /** The entity's {@code @Version} field, or null if it has none. */
    VersionField<E> version();

    /** The entity's {@code @Expires} field, or null if it never expires (the default). */
    default ExpiryDefinition<E> expiry() {
        return null;
    }

    /** How long the entity's change feed keeps changes ({@code @ChangeFeed}), or null if it has none (the default). */
    default Duration changeFeedRetention() {
        return null;
    }

    /**
     * The components of the record key {@code key}, in key order. The default gives each as the tuple layer
     * decodes it ({@link io.kvmapper.tuple.Tuples#decode}: integers as {@code Long}, and so on); the generated
     * mapping of an entity with a change feed gives each as its Java type.
     */
    default List<Object> keyComponents(byte[] key) {
        List<Object> elements = Tuples.decode(key);
        List<Object> components = new ArrayList<>(((List<?>) elements.get(0)).subList(2,
                ((List<?>) elements.get(0)).size()));
        components.addAll(elements.subList(1, elements.size()));
        return components;
    }

    /**
     * Whether the changes the generated repository makes ({@code updateX} and the element-wise changes) build a
     * new entity and leave the one they are given untouched: true for a record, whose changes call its canonical
     * constructor with copied collections; false (the default) for a class, whose changes call its setters. When
     * true, an update hands its change the entity it decoded to diff indexes and counters against, instead of
     * decoding the stored value a second time for a copy the change may alter.
     */
    default boolean changesBuildNewEntities() {
        return false;
    }

    /**
     * The record key of {@code entity}.
     *
     * @throws io.kvmapper.InvalidRequestException if a key component is null
     */
    byte[] keyOf(E entity);

    /**
     * A record key of this entity as people read it, each component named and typed (a descending component
     * decoded, an {@code Instant} as an instant): what messages print. See {@link KeyText}.
     */
    default String describeKey(byte[] recordKey) {
        return KeyText.of(this).describe(recordKey);
    }
}
