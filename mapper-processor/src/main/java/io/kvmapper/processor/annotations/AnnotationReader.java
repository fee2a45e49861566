package io.kvmapper.processor.annotations;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * The one place annotation values are read: from mirrors, never through reflective proxies, so that every
 * value can also be pointed at by a diagnostic (the annotation, the nested annotation of a repeated one, or
 * the explicit member value). Members not written explicitly read as their declared defaults.
 */
public final class AnnotationReader {
    /**
     * What {@code @Entity} says.
     *
     * @param name the stored name as written; empty for the simple class name
     * @param layout how records are stored
     * @param codec the value codec
     */
    public record EntityAnnotation(String name, Layout layout, Codec codec) {
    }

    /**
     * What {@code @Key} says.
     *
     * @param order the stated position in the key, or -1 for declaration order
     * @param partition whether the component belongs to the partition
     * @param descending whether the component sorts in reverse
     */
    public record KeyAnnotation(int order, boolean partition, boolean descending) {
    }

    /**
     * What {@code @Field} says.
     *
     * @param name the stored name; empty for the Java name
     * @param number the Protobuf field number; 0 to have one assigned
     */
    public record FieldAnnotation(String name, int number) {
    }

    /**
     * What one {@code @Index} says.
     *
     * @param mirror the annotation, to point diagnostics at it (inside its container, if repeated)
     * @param name the index name as written; empty for the default
     * @param unique whether values are unique
     * @param fields the indexed fields or dotted paths; empty on a field, which indexes itself
     */
    public record IndexAnnotation(AnnotationMirror mirror, String name, boolean unique, List<String> fields) {
    }

    /**
     * What one {@code @Counter} says.
     *
     * @param mirror the annotation, to point diagnostics at it (inside its container, if repeated)
     * @param name the counter name
     * @param groupBy the fields or dotted paths whose values form a group
     * @param sum the summed field; empty for a count
     */
    public record CounterAnnotation(AnnotationMirror mirror, String name, List<String> groupBy, String sum) {
    }

    /**
     * What {@code @ChangeFeed} says.
     *
     * @param mirror the annotation, to point diagnostics at it
     * @param retention how long changes stay, as written (an ISO-8601 duration)
     */
    public record ChangeFeedAnnotation(AnnotationMirror mirror, String retention) {
    }

    private final Elements elements;

    /** A reader using the compiler's element utilities, which know each member's default. */
    public AnnotationReader(Elements elements) {
        this.elements = elements;
    }

    /** The annotation of type {@code qualifiedName} on {@code element}, or null. */
    public static AnnotationMirror find(Element element, String qualifiedName) {
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            if (qualifiedName(mirror).equals(qualifiedName)) {
                return mirror;
            }
        }
        return null;
    }

    /** Whether {@code element} carries the annotation {@code qualifiedName}. */
    public static boolean isPresent(Element element, String qualifiedName) {
        return find(element, qualifiedName) != null;
    }

    /** The value of {@code member} if it is written explicitly, for pointing a diagnostic at it; else null. */
    public static AnnotationValue explicit(AnnotationMirror mirror, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
                : mirror.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(member)) {
                return entry.getValue();
            }
        }
        return null;
    }

    /** The {@code @Entity} of {@code type}; it must have one. */
    public EntityAnnotation entity(TypeElement type) {
        AnnotationMirror mirror = required(type, Annotations.ENTITY);
        return new EntityAnnotation(string(mirror, "name"), Layout.valueOf(enumConstant(mirror, "layout")),
                Codec.valueOf(enumConstant(mirror, "codec")));
    }

    /** The {@code @Key} of {@code element}, if it has one. */
    public Optional<KeyAnnotation> key(Element element) {
        return Optional.ofNullable(find(element, Annotations.KEY)).map(mirror -> new KeyAnnotation(
                integer(mirror, "order"), bool(mirror, "partition"), bool(mirror, "descending")));
    }

    /** The {@code @Field} of {@code element}, if it has one. */
    public Optional<FieldAnnotation> field(Element element) {
        return Optional.ofNullable(find(element, Annotations.FIELD))
                .map(mirror -> new FieldAnnotation(string(mirror, "name"), integer(mirror, "number")));
    }

    /**
     * The {@code @ChangeFeed} of {@code type}, if it has one.
     *
     * @return the annotation and its retention as written
     */
    public Optional<ChangeFeedAnnotation> changeFeed(TypeElement type) {
        return Optional.ofNullable(find(type, Annotations.CHANGE_FEED))
                .map(mirror -> new ChangeFeedAnnotation(mirror, string(mirror, "retention")));
    }

    /** The {@code @Index} on the field or record component {@code element}, if it has one. */
    public Optional<IndexAnnotation> fieldIndex(Element element) {
        return Optional.ofNullable(find(element, Annotations.INDEX)).map(this::index);
    }

    /** The {@code @Index} annotations on {@code type}, written once or repeated. */
    public List<IndexAnnotation> typeIndexes(TypeElement type) {
        return repeated(type, Annotations.INDEX, Annotations.INDEX_LIST).stream().map(this::index).toList();
    }

    /** The {@code @Counter} annotations on {@code type}, written once or repeated. */
    public List<CounterAnnotation> counters(TypeElement type) {
        return repeated(type, Annotations.COUNTER, Annotations.COUNTER_LIST).stream()
                .map(mirror -> new CounterAnnotation(mirror, string(mirror, "name"), strings(mirror, "groupBy"),
                        string(mirror, "sum")))
                .toList();
    }

    private IndexAnnotation index(AnnotationMirror mirror) {
        return new IndexAnnotation(mirror, string(mirror, "name"), bool(mirror, "unique"), strings(mirror, "fields"));
    }

    /** The annotations of type {@code single} on {@code element}, direct or inside {@code container}. */
    private List<AnnotationMirror> repeated(Element element, String single, String container) {
        List<AnnotationMirror> found = new ArrayList<>();
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            String type = qualifiedName(mirror);
            if (type.equals(single)) {
                found.add(mirror);
            } else if (type.equals(container)) {
                for (Object nested : (List<?>) value(mirror, "value").getValue()) {
                    found.add((AnnotationMirror) ((AnnotationValue) nested).getValue());
                }
            }
        }
        return found;
    }

    private String string(AnnotationMirror mirror, String member) {
        return (String) value(mirror, member).getValue();
    }

    private boolean bool(AnnotationMirror mirror, String member) {
        return (Boolean) value(mirror, member).getValue();
    }

    private int integer(AnnotationMirror mirror, String member) {
        return (Integer) value(mirror, member).getValue();
    }

    private List<String> strings(AnnotationMirror mirror, String member) {
        List<String> values = new ArrayList<>();
        for (Object item : (List<?>) value(mirror, member).getValue()) {
            values.add((String) ((AnnotationValue) item).getValue());
        }
        return values;
    }

    /** The name of the constant an enum member holds. */
    private String enumConstant(AnnotationMirror mirror, String member) {
        return ((VariableElement) value(mirror, member).getValue()).getSimpleName().toString();
    }

    /** The value of {@code member}, explicit or default. */
    private AnnotationValue value(AnnotationMirror mirror, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
                : elements.getElementValuesWithDefaults(mirror).entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(member)) {
                return entry.getValue();
            }
        }
        throw new IllegalArgumentException("no member " + member + " in " + mirror);
    }

    private static AnnotationMirror required(Element element, String qualifiedName) {
        AnnotationMirror mirror = find(element, qualifiedName);
        if (mirror == null) {
            throw new IllegalStateException(element + " has no @" + Annotations.simpleName(qualifiedName));
        }
        return mirror;
    }

    private static String qualifiedName(AnnotationMirror mirror) {
        return ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
    }
}
