package io.kvmapper.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    /**
     * Every value object embedded under this one, directly or deeper (in collections, maps and Optionals
     * too), each once, in the order first met.
     */
    public Map<ClassName, ValueObject> embedded() {
        Map<ClassName, ValueObject> found = new LinkedHashMap<>();
        collectEmbedded(this, found);
        return found;
    }

    private static void collectEmbedded(ValueObject object, Map<ClassName, ValueObject> found) {
        for (Property property : object.properties()) {
            collectEmbedded(property.type(), found);
        }
    }

    private static void collectEmbedded(ValueType type, Map<ClassName, ValueObject> found) {
        if (type instanceof ValueType.Embedded embedded) {
            if (found.putIfAbsent(embedded.object().className(), embedded.object()) == null) {
                collectEmbedded(embedded.object(), found);
            }
        }
        type.components().forEach(component -> collectEmbedded(component, found));
    }
}
