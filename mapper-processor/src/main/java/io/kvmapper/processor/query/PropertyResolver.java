package io.kvmapper.processor.query;

import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.PropertyPath;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the property a derived query names in camel case: a stored field ({@code Status} is {@code status}), or a
 * path through {@code @Embedded} fields written as one word ({@code AddressCity} is {@code address.city}), as
 * Spring Data resolves nested properties. A field named exactly as the whole text wins over a path.
 */
final class PropertyResolver {
    /**
     * What a name resolves to.
     *
     * @param steps the properties along the path, or empty if there is no such property
     * @param path the path, if it ends at a scalar or a List or Set of scalars; empty otherwise
     */
    record Resolution(List<Property> steps, Optional<PropertyPath> path) {
        boolean found() {
            return !steps.isEmpty();
        }

        String dotted() {
            return String.join(".", steps.stream().map(Property::name).toList());
        }
    }

    private PropertyResolver() {
    }

    /** The property {@code text} names in {@code root}. */
    static Resolution resolve(String text, ValueObject root) {
        List<Property> steps = new ArrayList<>();
        if (!walk(text, root, steps)) {
            return new Resolution(List.of(), Optional.empty());
        }
        Property last = steps.get(steps.size() - 1);
        String dotted = String.join(".", steps.stream().map(Property::name).toList());
        if (last.type() instanceof ValueType.Scalar scalar) {
            return new Resolution(List.copyOf(steps), Optional.of(new PropertyPath(dotted, List.copyOf(steps), scalar,
                    false)));
        }
        if (last.type() instanceof ValueType.CollectionOf collection && collection.element() instanceof ValueType.Scalar e) {
            return new Resolution(List.copyOf(steps), Optional.of(new PropertyPath(dotted, List.copyOf(steps), e, true)));
        }
        return new Resolution(List.copyOf(steps), Optional.empty());
    }

    private static boolean walk(String text, ValueObject object, List<Property> steps) {
        for (Property property : object.properties()) {
            if (text.equals(capitalize(property.name()))) {
                steps.add(property);
                return true;
            }
        }
        Property longest = null;
        for (Property property : object.properties()) {
            String head = capitalize(property.name());
            if (property.type() instanceof ValueType.Embedded && text.length() > head.length() && text.startsWith(head)
                    && Character.isUpperCase(text.charAt(head.length()))
                    && (longest == null || head.length() > longest.name().length())) {
                longest = property;
            }
        }
        if (longest == null) {
            return false;
        }
        steps.add(longest);
        ValueObject embedded = ((ValueType.Embedded) longest.type()).object();
        if (walk(text.substring(longest.name().length()), embedded, steps)) {
            return true;
        }
        steps.remove(steps.size() - 1);
        return false;
    }

    static String capitalize(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    static String uncapitalize(String text) {
        return Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }
}
