package io.kvmapper.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * A record or class whose instances are stored field by field: an entity's value, or an embedded
 * object.
 *
 * @param className the Java class
 * @param isRecord whether it is a record (built through its canonical constructor)
 * @param properties the stored properties
 * @param constructorArguments for a record, every component in order: a stored property's name, or
 *     the default-value literal of a transient one
 */
public record ValueObject(ClassName className, boolean isRecord, List<Property> properties,
        List<String> constructorArguments) {

    /** The Java type. */
    public TypeName typeName() {
        return className;
    }
}
