package io.kvmapper.processor.model;

import com.palantir.javapoet.ClassName;
import io.kvmapper.annotation.Layout;
import io.kvmapper.annotation.Codec;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * The immutable description of one entity, from which every generated file is written.
 *
 * @param element the annotated type
 * @param storedName the entity name in the store
 * @param value the entity's stored fields and how to build it
 * @param keyParts the primary-key components in key order
 * @param partitionSize how many leading key components form the partition (at least 1)
 * @param indexes the secondary indexes
 * @param counters the maintained counters
 * @param version the {@code @Version} field, if any
 * @param expires the {@code @Expires} field, if any: an {@code Instant} that is not a key component
 * @param changeFeedRetention how long the entity's change feed keeps changes, if it has one ({@code @ChangeFeed})
 * @param layout how records are stored
 * @param codec the value codec (of the monolithic layout's values)
 */
public record EntityModel(TypeElement element, String storedName, ValueObject value, List<KeyPart> keyParts,
        int partitionSize, List<IndexModel> indexes, List<CounterModel> counters, Optional<Property> version,
        Optional<Property> expires, Optional<Duration> changeFeedRetention, Layout layout, Codec codec) {

    /** The stored top-level properties a partial update can change: neither key components nor the version. */
    public List<Property> updatableProperties() {
        return value.properties().stream()
                .filter(p -> keyParts.stream().noneMatch(k -> k.property().equals(p)))
                .filter(p -> version.map(v -> !v.equals(p)).orElse(true))
                .toList();
    }

    /** The entity class. */
    public ClassName className() {
        return value.className();
    }

    /** Whether the entity is stored one key per attribute. */
    public boolean isAttributePerKey() {
        return layout == Layout.ATTRIBUTE_PER_KEY;
    }

    /**
     * Whether a change of {@code property} must read the whole entity so that indexes, counters and the
     * version follow: an index or counter covers it, or the entity has a version; or so that the change can
     * tell an expired entity from a live one, or carry the entity into the change feed.
     */
    public boolean changeReadsEntity(Property property) {
        if (version.isPresent() || expires.isPresent() || changeFeedRetention.isPresent()) {
            return true;
        }
        return indexes.stream().flatMap(i -> i.paths().stream()).anyMatch(p -> p.steps().get(0).equals(property))
                || counters.stream().flatMap(c -> java.util.stream.Stream.concat(c.groupBy().stream(), c.sum().stream()))
                        .anyMatch(p -> p.steps().get(0).equals(property));
    }

    /** Whether the key has more than one component. */
    public boolean hasCompositeKey() {
        return keyParts.size() > 1;
    }
}
