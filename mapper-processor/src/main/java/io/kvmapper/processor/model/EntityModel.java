package io.kvmapper.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * The immutable description of one entity, from which every generated file is written.
 *
 * @param element the annotated type
 * @param storedName the entity name in the store
 * @param value the entity's stored fields and how to build it
 * @param keyParts the primary-key components in key order
 * @param partitionSize how many leading key components form the partition (at least 1)
 */
public record EntityModel(TypeElement element, String storedName, ValueObject value, List<KeyPart> keyParts,
        int partitionSize) {

    /** The entity class. */
    public ClassName className() {
        return value.className();
    }

    /** Whether the key has more than one component. */
    public boolean hasCompositeKey() {
        return keyParts.size() > 1;
    }
}
