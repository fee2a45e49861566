package io.kvmapper.internal.schemaless;

import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.schema.document.SchemaDocument.Component;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Index and counter definitions rebuilt from the signatures a schema records ({@code unique(email:STRING)},
 * {@code index(shipTo.country:STRING,status:ENUM)}, {@code index(tags:STRING[])}, {@code count(status:ENUM)},
 * {@code sum(totalCents:LONG;day:LOCAL_DATE)}): each path of stored names is resolved through the schema's
 * embedded types, and values are computed from a {@link GenericObject} by the rules of the generated code
 * ({@code SchemaCodeWriter}): a null embedded object on the way gives null; a unique index has no entry while a
 * value (or a collection element) is null, a non-unique one indexes null; a collection gives one value per
 * element and none when null; a sum adds nothing for null.
 */
final class ComponentPaths {
    /** One path of a signature: stored names joined by dots, its scalar kind, and {@code []} for a collection. */
    private static final Pattern PATH = Pattern.compile("(.+?):([A-Z_]+)(\\[])?");

    private ComponentPaths() {
    }

    /**
     * A path from the entity to a scalar, or to a list or set of scalars.
     *
     * @param steps the fields along the path, from the entity down
     * @param kind the scalar kind at its end (of the elements, for a collection)
     * @param collection whether it ends in a collection
     */
    record Path(List<ObjectType.Field> steps, ScalarKind kind, boolean collection) {
        /** The value at the end of the path in {@code entity}: null if an embedded object on the way is. */
        Object valueOf(GenericObject entity) {
            Object value = entity;
            for (ObjectType.Field step : steps) {
                if (value == null) {
                    return null;
                }
                value = ((GenericObject) value).get(step);
            }
            return value;
        }
    }

    /**
     * The definition of the index {@code index} records.
     *
     * @throws IllegalArgumentException if its signature does not describe paths of the schema's fields
     */
    static IndexDefinition<GenericObject> index(EntitySchema schema, Component index) {
        String signature = index.signature();
        boolean unique;
        String inner;
        if (signature.startsWith("unique(") && signature.endsWith(")")) {
            unique = true;
            inner = signature.substring("unique(".length(), signature.length() - 1);
        } else if (signature.startsWith("index(") && signature.endsWith(")")) {
            unique = false;
            inner = signature.substring("index(".length(), signature.length() - 1);
        } else {
            throw invalid("index", index, "it is neither unique(...) nor index(...)");
        }
        List<Path> paths = paths(schema, "index", index, inner, true);
        if (paths.isEmpty()) {
            throw invalid("index", index, "it indexes no field");
        }
        if (paths.stream().filter(Path::collection).count() > 1) {
            throw invalid("index", index, "it indexes two collections");
        }
        return new IndexDefinition<>(index.name(), unique, paths.size(), signature,
                (entity, out) -> collect(paths, unique, entity, out));
    }

    /**
     * The definition of the counter {@code counter} records.
     *
     * @throws IllegalArgumentException if its signature does not describe paths of the schema's fields
     */
    static CounterDefinition<GenericObject> counter(EntitySchema schema, Component counter) {
        String signature = counter.signature();
        Path sum = null;
        String groups;
        if (signature.startsWith("count(") && signature.endsWith(")")) {
            groups = signature.substring("count(".length(), signature.length() - 1);
        } else if (signature.startsWith("sum(") && signature.endsWith(")") && signature.contains(";")) {
            int split = signature.lastIndexOf(';');
            List<Path> summed = paths(schema, "counter", counter, signature.substring("sum(".length(), split), false);
            if (summed.size() != 1 || !summed.get(0).kind().isIntegral()) {
                throw invalid("counter", counter, "it does not sum one integral field");
            }
            sum = summed.get(0);
            groups = signature.substring(split + 1, signature.length() - 1);
        } else {
            throw invalid("counter", counter, "it is neither count(...) nor sum(...;...)");
        }
        List<Path> groupBy = paths(schema, "counter", counter, groups, false);
        Path summed = sum;
        return new CounterDefinition<>(counter.name(), signature, entity -> group(groupBy, entity),
                summed == null ? entity -> 1L : entity -> amount(summed, entity), summed != null);
    }

    private static void collect(List<Path> paths, boolean unique, GenericObject entity, List<byte[]> out) {
        Object[] values = new Object[paths.size()];
        Collection<?> elements = null;
        int collection = -1;
        for (int i = 0; i < paths.size(); i++) {
            Path path = paths.get(i);
            Object value = path.valueOf(entity);
            if (path.collection()) {
                if (value == null) {
                    return;
                }
                elements = (Collection<?>) value;
                collection = i;
            } else if (unique && value == null) {
                return;
            } else {
                values[i] = value;
            }
        }
        if (elements == null) {
            out.add(encode(paths, values));
            return;
        }
        for (Object element : elements) {
            if (unique && element == null) {
                continue;
            }
            values[collection] = element;
            out.add(encode(paths, values));
        }
    }

    private static byte[] group(List<Path> groupBy, GenericObject entity) {
        Object[] values = new Object[groupBy.size()];
        for (int i = 0; i < groupBy.size(); i++) {
            values[i] = groupBy.get(i).valueOf(entity);
        }
        return encode(groupBy, values);
    }

    private static long amount(Path sum, GenericObject entity) {
        Object value = sum.valueOf(entity);
        return value == null ? 0L : ((Number) value).longValue();
    }

    private static byte[] encode(List<Path> paths, Object[] values) {
        TupleWriter writer = new TupleWriter(32);
        for (int i = 0; i < paths.size(); i++) {
            paths.get(i).kind().writeNullable(writer, values[i]);
        }
        return writer.toByteArray();
    }

    /** The paths of a signature's comma-separated list (empty for none). */
    private static List<Path> paths(EntitySchema schema, String what, Component component, String list,
            boolean allowCollection) {
        List<Path> paths = new ArrayList<>();
        if (list.isEmpty()) {
            return paths;
        }
        Matcher matcher = PATH.matcher(list);
        int at = 0;
        while (at < list.length()) {
            if (!matcher.find(at) || matcher.start() != at) {
                throw invalid(what, component, "\"" + list.substring(at) + "\" is no path:KIND");
            }
            int end = matcher.end();
            if (end < list.length() && list.charAt(end) != ',') {
                throw invalid(what, component, "\"" + list.substring(at) + "\" is no path:KIND");
            }
            paths.add(resolve(schema, what, component, matcher.group(1),
                    ScalarKind.valueOf(kindName(what, component, matcher.group(2))), matcher.group(3) != null,
                    allowCollection));
            at = end + 1;
        }
        return paths;
    }

    private static String kindName(String what, Component component, String kind) {
        for (ScalarKind known : ScalarKind.values()) {
            if (known.name().equals(kind)) {
                return kind;
            }
        }
        throw invalid(what, component, "it names the unknown kind " + kind);
    }

    /** Resolves a dotted path of stored names (which may themselves hold dots) through embedded objects. */
    private static Path resolve(EntitySchema schema, String what, Component component, String dotted, ScalarKind kind,
            boolean collection, boolean allowCollection) {
        List<ObjectType.Field> steps = new ArrayList<>();
        ObjectType type = schema.entity();
        String rest = dotted;
        while (true) {
            ObjectType.Field step = longestField(type, rest);
            if (step == null) {
                throw invalid(what, component, "the path " + dotted + " names no stored field of " + type.name());
            }
            steps.add(step);
            rest = rest.substring(step.name().length());
            if (rest.isEmpty()) {
                break;
            }
            if (!(step.type() instanceof FieldType.Embedded embedded)) {
                throw invalid(what, component, "the path " + dotted + " goes through " + step.name()
                        + ", which is not an embedded object");
            }
            type = schema.embedded(embedded.typeName());
            rest = rest.substring(1);
        }
        FieldType last = steps.get(steps.size() - 1).type();
        FieldType.Scalar scalar;
        if (collection) {
            if (!allowCollection || !(last instanceof FieldType.CollectionOf list)
                    || !(list.element() instanceof FieldType.Scalar element)) {
                throw invalid(what, component, "the path " + dotted + " is no list or set of scalars");
            }
            scalar = element;
        } else if (last instanceof FieldType.Scalar value) {
            scalar = value;
        } else {
            throw invalid(what, component, "the path " + dotted + " is no scalar");
        }
        if (scalar.kind() != kind) {
            throw invalid(what, component, "the path " + dotted + " holds " + scalar.kind() + ", not " + kind);
        }
        return new Path(List.copyOf(steps), kind, collection);
    }

    /** The field of {@code type} whose stored name is all of {@code path}, or its longest leading part before a dot. */
    private static ObjectType.Field longestField(ObjectType type, String path) {
        ObjectType.Field found = null;
        for (ObjectType.Field field : type.fields()) {
            String name = field.name();
            if ((path.equals(name) || path.startsWith(name + "."))
                    && (found == null || name.length() > found.name().length())) {
                found = field;
            }
        }
        return found;
    }

    private static IllegalArgumentException invalid(String what, Component component, String why) {
        return new IllegalArgumentException(what + " '" + component.name() + "' (" + component.signature()
                + ") cannot be computed from the schema: " + why);
    }
}
