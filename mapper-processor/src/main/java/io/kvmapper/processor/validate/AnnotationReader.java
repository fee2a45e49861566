package io.kvmapper.processor.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Reads annotation values from mirrors, so that every diagnostic can point at the annotation (or the
 * nested annotation of a repeated one) it is about.
 */
final class AnnotationReader {
    private final Elements elements;

    AnnotationReader(Elements elements) {
        this.elements = elements;
    }

    /** The annotations of type {@code single} on {@code element}, direct or inside {@code container}. */
    List<AnnotationMirror> repeated(Element element, String single, String container) {
        List<AnnotationMirror> found = new ArrayList<>();
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            String type = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
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

    String string(AnnotationMirror mirror, String member) {
        return (String) value(mirror, member).getValue();
    }

    boolean bool(AnnotationMirror mirror, String member) {
        return (Boolean) value(mirror, member).getValue();
    }

    List<String> strings(AnnotationMirror mirror, String member) {
        List<String> values = new ArrayList<>();
        for (Object item : (List<?>) value(mirror, member).getValue()) {
            values.add((String) ((AnnotationValue) item).getValue());
        }
        return values;
    }

    /** The value of {@code member}, explicit or default. */
    AnnotationValue value(AnnotationMirror mirror, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
                : elements.getElementValuesWithDefaults(mirror).entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(member)) {
                return entry.getValue();
            }
        }
        throw new IllegalArgumentException("no member " + member + " in " + mirror);
    }

    /** The value of {@code member} if it is written explicitly, for pointing a diagnostic at it. */
    AnnotationValue explicit(AnnotationMirror mirror, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
                : mirror.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(member)) {
                return entry.getValue();
            }
        }
        return null;
    }
}
