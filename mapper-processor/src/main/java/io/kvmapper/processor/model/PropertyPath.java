package io.kvmapper.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A path from an entity to a scalar it holds, through embedded objects: {@code status}, or
 * {@code address.city}. The last step is a scalar, or (for an index) a list or set of scalars, which
 * yields one value per element.
 *
 * @param dotted the path as written
 * @param steps the properties along the path, from the entity down
 * @param scalar the type of the value (the element type for a collection)
 * @param collection whether the last step is a collection
 */
public record PropertyPath(String dotted, List<Property> steps, ValueType.Scalar scalar, boolean collection) {

    /** The path as one camel-case name: {@code address.city} gives {@code addressCity}. */
    public String camelName() {
        StringBuilder name = new StringBuilder(steps.get(0).name());
        for (Property step : steps.subList(1, steps.size())) {
            name.append(Character.toUpperCase(step.name().charAt(0))).append(step.name().substring(1));
        }
        return name.toString();
    }

    /**
     * The type of a finder or getter argument for this path: the scalar, boxed if the value can be null
     * (an element of a collection, or a value behind an embedded object that may be null).
     */
    public TypeName parameterType() {
        TypeName type = scalar.typeName();
        return collection || steps.size() > 1 ? type.box() : type;
    }

    /** A canonical description, for schema signatures: {@code address.city:STRING}, {@code tags:STRING[]}. */
    public String signature() {
        return steps.stream().map(Property::storedName).collect(Collectors.joining(".")) + ":" + scalar.kind()
                + (collection ? "[]" : "");
    }
}
