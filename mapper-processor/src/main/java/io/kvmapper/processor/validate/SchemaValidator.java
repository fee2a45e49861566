package io.kvmapper.processor.validate;

import com.palantir.javapoet.TypeName;
import io.kvmapper.processor.annotations.AnnotationReader;
import io.kvmapper.processor.annotations.AnnotationReader.ChangeFeedAnnotation;
import io.kvmapper.processor.annotations.AnnotationReader.CounterAnnotation;
import io.kvmapper.processor.annotations.AnnotationReader.IndexAnnotation;
import io.kvmapper.processor.annotations.Annotations;
import io.kvmapper.processor.diagnostic.ErrorReporter;
import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.CounterModel;
import io.kvmapper.processor.model.IndexModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.PropertyPath;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import io.kvmapper.processor.names.GeneratedNames;
import io.kvmapper.processor.names.GeneratedNames.Repository;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;

/**
 * Checks an entity's indexes, counters and version field, and describes them for the model: paths
 * that exist and can be encoded in keys, sums over integral fields, names that are unique and make
 * valid method names without colliding with the repository's other methods.
 */
final class SchemaValidator {
    private final AnnotationReader annotations;

    SchemaValidator(AnnotationReader annotations) {
        this.annotations = annotations;
    }

    /** The indexes of the entity, field-level first; reports problems. */
    List<IndexModel> indexes(TypeElement type, ValueObject value, List<KeyPart> keyParts, ErrorReporter reporter) {
        Map<IndexModel, Diagnostics> indexes = new LinkedHashMap<>();
        Map<String, String> names = new HashMap<>();
        for (Property property : value.properties()) {
            Optional<IndexAnnotation> index = annotations.fieldIndex(property.element());
            if (index.isEmpty()) {
                continue;
            }
            String name = fieldIndexName(index.get(), property);
            if (!index.get().fields().isEmpty()) {
                reporter.error(property.element(), Annotations.INDEX, "fields", Message.INDEX_FIELDS_ON_FIELD,
                        property.name());
                continue;
            }
            String what = "@Index \"" + name + "\"";
            Diagnostics onName = (message, args) -> reporter.error(property.element(), Annotations.INDEX, "name",
                    message, args);
            Optional<PropertyPath> path = path(property.name(), value, true, what,
                    (message, args) -> reporter.error(property.element(), Annotations.INDEX, null, message, args));
            if (path.isEmpty() || !checkName(what, "an index", name, type, names, onName)) {
                continue;
            }
            indexes.put(new IndexModel(name, index.get().unique(), List.of(path.get())), onName);
        }
        for (IndexAnnotation index : annotations.typeIndexes(type)) {
            AnnotationMirror mirror = index.mirror();
            List<String> fields = index.fields();
            Diagnostics onFields = (message, args) -> reporter.error(type, mirror, AnnotationReader.explicit(mirror, "fields"),
                    message, args);
            Diagnostics onName = (message, args) -> reporter.error(type, mirror, AnnotationReader.explicit(mirror, "name"),
                    message, args);
            if (fields.isEmpty()) {
                onFields.report(Message.INDEX_NO_FIELDS, type.getSimpleName());
                continue;
            }
            String name = typeIndexName(index);
            String what = "@Index \"" + name + "\"";
            List<PropertyPath> paths = new ArrayList<>();
            for (String field : fields) {
                path(field, value, true, what, onFields).ifPresent(paths::add);
            }
            if (paths.size() != fields.size() || !distinct(paths, what, onFields)) {
                continue;
            }
            List<PropertyPath> collections = paths.stream().filter(PropertyPath::collection).toList();
            if (collections.size() > 1) {
                onFields.report(Message.INDEX_TWO_COLLECTIONS, name, collections.get(0).dotted(),
                        collections.get(1).dotted());
                continue;
            }
            if (checkName(what, "an index", name, type, names, onName)) {
                indexes.put(new IndexModel(name, index.unique(), List.copyOf(paths)), onName);
            }
        }
        checkCollisions(keyParts, indexes);
        return List.copyOf(indexes.keySet());
    }

    /** The counters of the entity; reports problems. */
    List<CounterModel> counters(TypeElement type, ValueObject value, ErrorReporter reporter) {
        List<CounterModel> counters = new ArrayList<>();
        Map<String, String> names = new HashMap<>();
        Map<String, String> getters = new HashMap<>();
        for (CounterAnnotation annotation : annotations.counters(type)) {
            AnnotationMirror mirror = annotation.mirror();
            String name = annotation.name();
            String what = "@Counter \"" + name + "\"";
            Diagnostics onName = (message, args) -> reporter.error(type, mirror, AnnotationReader.explicit(mirror, "name"),
                    message, args);
            Diagnostics onGroup = (message, args) -> reporter.error(type, mirror,
                    AnnotationReader.explicit(mirror, "groupBy"), message, args);
            Diagnostics onSum = (message, args) -> reporter.error(type, mirror, AnnotationReader.explicit(mirror, "sum"),
                    message, args);
            boolean ok = checkName(what, "a counter", name, type, names, onName);
            List<PropertyPath> groupBy = new ArrayList<>();
            for (String field : annotation.groupBy()) {
                Optional<PropertyPath> path = path(field, value, false, what, onGroup);
                ok &= path.isPresent();
                path.ifPresent(groupBy::add);
            }
            ok = ok && distinct(groupBy, what, onGroup);
            Optional<PropertyPath> sum = Optional.empty();
            String sumField = annotation.sum();
            if (!sumField.isEmpty()) {
                sum = path(sumField, value, false, what, onSum);
                if (sum.isPresent() && !sum.get().scalar().kind().isIntegral()) {
                    onSum.report(Message.SUM_TYPE, name, sumField, describe(sum.get().scalar().typeName()));
                    sum = Optional.empty();
                    ok = false;
                }
                ok &= sum.isPresent();
            }
            if (ok) {
                CounterModel counter = new CounterModel(name, List.copyOf(groupBy), sum);
                List<TypeName> parameters = groupBy.stream().map(PropertyPath::parameterType).toList();
                String getter = Repository.counterGetter(name, sum.isPresent());
                List<String> signatures = groupBy.size() == 1
                        ? List.of(signature(getter, parameters), signature(getter, List.of()))
                        : List.of(signature(getter, parameters));
                claim(getters, signatures, "counter \"" + name + "\"", what, onName);
                counters.add(counter);
            }
        }
        return counters;
    }

    /** The version field, if exactly one well-formed field has {@code @Version}. */
    Optional<Property> version(TypeElement type, ValueObject value, List<KeyPart> keyParts, ErrorReporter reporter) {
        Property version = null;
        for (Property property : value.properties()) {
            if (!AnnotationReader.isPresent(property.element(), Annotations.VERSION)) {
                continue;
            }
            if (property.element().asType().getKind() != TypeKind.LONG) {
                reporter.error(property.element(), Annotations.VERSION, null, Message.VERSION_TYPE, property.name(),
                        simpleName(TypeName.get(property.element().asType())));
            } else if (keyParts.stream().anyMatch(k -> k.property().equals(property))) {
                reporter.error(property.element(), Annotations.VERSION, null, Message.VERSION_KEY, property.name());
            } else if (version != null) {
                reporter.error(property.element(), Annotations.VERSION, null, Message.VERSION_DUPLICATE, property.name(),
                        type.getSimpleName(), version.name());
            } else {
                version = property;
            }
        }
        return Optional.ofNullable(version);
    }

    /**
     * The entity's {@code @Expires} field, if any: an {@code Instant} that is not a key component, at most one per
     * entity.
     */
    Optional<Property> expires(TypeElement type, ValueObject value, List<KeyPart> keyParts, ErrorReporter reporter) {
        Property expires = null;
        for (Property property : value.properties()) {
            if (!AnnotationReader.isPresent(property.element(), Annotations.EXPIRES)) {
                continue;
            }
            boolean instant = property.type() instanceof ValueType.Scalar scalar && scalar.kind() == ScalarKind.INSTANT;
            if (!instant) {
                reporter.error(property.element(), Annotations.EXPIRES, null, Message.EXPIRES_TYPE, property.name(),
                        simpleName(TypeName.get(property.element().asType())));
            } else if (keyParts.stream().anyMatch(k -> k.property().equals(property))) {
                reporter.error(property.element(), Annotations.EXPIRES, null, Message.EXPIRES_KEY, property.name());
            } else if (expires != null) {
                reporter.error(property.element(), Annotations.EXPIRES, null, Message.EXPIRES_DUPLICATE,
                        property.name(), type.getSimpleName(), expires.name());
            } else {
                expires = property;
            }
        }
        return Optional.ofNullable(expires);
    }

    /** How long the entity's change feed keeps changes, if it has one ({@code @ChangeFeed}). */
    Optional<Duration> changeFeedRetention(TypeElement type, ErrorReporter reporter) {
        Optional<ChangeFeedAnnotation> feed = annotations.changeFeed(type);
        if (feed.isEmpty()) {
            return Optional.empty();
        }
        String retention = feed.get().retention();
        Duration parsed;
        try {
            parsed = Duration.parse(retention);
        } catch (DateTimeParseException e) {
            parsed = null;
        }
        if (parsed == null || parsed.isNegative() || parsed.isZero()) {
            AnnotationMirror mirror = feed.get().mirror();
            reporter.error(type, mirror, AnnotationReader.explicit(mirror, "retention"), Message.CHANGE_FEED_RETENTION,
                    retention, type.getSimpleName());
            return Optional.empty();
        }
        return Optional.of(parsed);
    }

    /** Resolves a dotted path through embedded objects to a scalar (or, if allowed, a collection of scalars). */
    private Optional<PropertyPath> path(String dotted, ValueObject root, boolean allowCollection, String what,
            Diagnostics diagnostics) {
        String[] segments = dotted.split("\\.", -1);
        List<Property> steps = new ArrayList<>();
        ValueObject current = root;
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            Optional<Property> step = current.properties().stream().filter(p -> p.name().equals(segment)).findFirst();
            if (step.isEmpty()) {
                diagnostics.report(Message.PATH_UNKNOWN, what, current.className().simpleName(), segment);
                return Optional.empty();
            }
            steps.add(step.get());
            ValueType type = step.get().type();
            if (isDatabind(type)) {
                diagnostics.report(Message.PATH_DATABIND, what, segment, dotted, type.typeName(), segment);
                return Optional.empty();
            }
            if (i < segments.length - 1) {
                if (!(type instanceof ValueType.Embedded embedded)) {
                    diagnostics.report(Message.PATH_NOT_EMBEDDED, what, segment, dotted);
                    return Optional.empty();
                }
                current = embedded.object();
                continue;
            }
            if (type instanceof ValueType.Scalar scalar) {
                return Optional.of(new PropertyPath(dotted, List.copyOf(steps), scalar, false));
            }
            if (allowCollection && type instanceof ValueType.CollectionOf collection
                    && collection.element() instanceof ValueType.Scalar element) {
                return Optional.of(new PropertyPath(dotted, List.copyOf(steps), element, true));
            }
            diagnostics.report(Message.PATH_TYPE, what, dotted, type.typeName(),
                    allowCollection ? ", or a List or Set of scalars" : "");
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** Whether a field of {@code type} is one opaque value written by Jackson databind (or an Optional of one). */
    private static boolean isDatabind(ValueType type) {
        return type instanceof ValueType.Databind
                || type instanceof ValueType.OptionalOf optional && optional.value() instanceof ValueType.Databind;
    }

    private static boolean checkName(String what, String kind, String name, TypeElement type, Map<String, String> names,
            Diagnostics diagnostics) {
        if (!SourceVersion.isIdentifier(name) || SourceVersion.isKeyword(name)) {
            diagnostics.report(Message.NAME_INVALID, what, name);
            return false;
        }
        if (names.putIfAbsent(name, name) != null) {
            diagnostics.report(Message.NAME_DUPLICATE, what, type.getSimpleName(), kind, name);
            return false;
        }
        return true;
    }

    /**
     * Index finders must not collide with each other or with the finders the primary key generates;
     * the plain and the between finder of each are checked, which also covers their paged forms.
     */
    private static void checkCollisions(List<KeyPart> keyParts, Map<IndexModel, Diagnostics> indexes) {
        Map<String, String> taken = new HashMap<>();
        List<String> names = keyParts.stream().map(KeyPart::name).toList();
        List<TypeName> types = keyParts.stream().map(k -> k.scalar().typeName()).toList();
        taken.put(signature(Repository.FIND_BY_ID, types), "the primary key");
        for (int count = 1; count < keyParts.size(); count++) {
            taken.put(signature(Repository.finder(names.subList(0, count), false), types.subList(0, count)),
                    "the primary key");
        }
        for (int index = 0; index < keyParts.size(); index++) {
            taken.put(signature(Repository.finder(names.subList(0, index + 1), true),
                    between(types.subList(0, index + 1))), "the primary key");
        }
        for (Map.Entry<IndexModel, Diagnostics> entry : indexes.entrySet()) {
            IndexModel index = entry.getKey();
            List<TypeName> parameters = index.paths().stream().map(PropertyPath::parameterType).toList();
            List<String> finders = List.of(
                    signature(Repository.finder(List.of(index.name()), false), parameters),
                    signature(Repository.finder(List.of(index.name()), true), between(parameters)));
            claim(taken, finders, "index \"" + index.name() + "\"", "@Index \"" + index.name() + "\"",
                    entry.getValue());
        }
    }

    /** Takes {@code signatures} for {@code owner}, reporting the first that another owner already has. */
    private static void claim(Map<String, String> taken, List<String> signatures, String owner, String what,
            Diagnostics diagnostics) {
        for (String signature : signatures) {
            String previous = taken.putIfAbsent(signature, owner);
            if (previous != null) {
                diagnostics.report(Message.METHOD_COLLISION, what, signature, previous);
                return;
            }
        }
    }

    /** The parameters of a between finder: the leading ones, then the last one twice (from, to). */
    private static List<TypeName> between(List<TypeName> parameters) {
        List<TypeName> between = new ArrayList<>(parameters);
        between.add(parameters.get(parameters.size() - 1));
        return between;
    }

    private static String signature(String name, List<TypeName> parameters) {
        return name + "(" + parameters.stream().map(TypeName::toString).collect(Collectors.joining(", ")) + ")";
    }

    /** The name of the index {@code @Index} on {@code field} declares: as written, or the field's name. */
    static String fieldIndexName(IndexAnnotation index, Property field) {
        return index.name().isEmpty() ? field.name() : index.name();
    }

    /** The name of the index an {@code @Index} on the entity's type declares: as written, or made of its fields. */
    static String typeIndexName(IndexAnnotation index) {
        return index.name().isEmpty() ? defaultName(index.fields()) : index.name();
    }

    /** The default name of a class-level index: {@code {"address.city", "age"}} gives {@code addressCityAndAge}. */
    private static String defaultName(List<String> fields) {
        String name = fields.stream()
                .map(field -> Arrays.stream(field.split("\\.", -1)).map(SchemaValidator::capitalize)
                        .collect(Collectors.joining()))
                .collect(Collectors.joining("And"));
        return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }

    private static String capitalize(String segment) {
        return segment.isEmpty() ? segment : GeneratedNames.capitalize(segment);
    }

    /** Paths become arguments named by their camel-case names, which must differ. */
    private static boolean distinct(List<PropertyPath> paths, String what, Diagnostics diagnostics) {
        Map<String, PropertyPath> seen = new HashMap<>();
        for (PropertyPath path : paths) {
            PropertyPath earlier = seen.putIfAbsent(path.camelName(), path);
            if (earlier != null) {
                diagnostics.report(Message.PATH_DUPLICATE, what, earlier.dotted(), path.dotted(), path.camelName());
                return false;
            }
        }
        return true;
    }

    private static String simpleName(TypeName type) {
        String name = type.toString();
        return name.substring(name.lastIndexOf('.') + 1);
    }

    private static String describe(TypeName type) {
        String name = type.toString();
        return (name.matches("[aeiouAEIOU].*") ? "an " : "a ") + name.substring(name.lastIndexOf('.') + 1);
    }

    /** Reports a message at one place. */
    @FunctionalInterface
    private interface Diagnostics {
        void report(Message message, Object... args);
    }
}
