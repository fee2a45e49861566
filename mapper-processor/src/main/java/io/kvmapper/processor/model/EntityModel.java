package io.kvmapper.processor.model;

import com.palantir.javapoet.ClassName;
import io.kvmapper.annotation.Codec;
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
 * @param codec the value codec
 */
public record EntityModel(TypeElement element, String storedName, ValueObject value, List<KeyPart> keyParts,
        int partitionSize, List<IndexModel> indexes, List<CounterModel> counters, Optional<Property> version,
        Codec codec) {

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

    /** Whether the key has more than one component. */
    public boolean hasCompositeKey() {
        return keyParts.size() > 1;
    }
}
