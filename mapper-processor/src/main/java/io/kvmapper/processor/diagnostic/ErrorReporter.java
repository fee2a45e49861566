package io.kvmapper.processor.diagnostic;

import io.kvmapper.processor.annotations.AnnotationReader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.tools.Diagnostic;

/**
 * Collects diagnostics for one element; the processor prints them. Every diagnostic is attached to an
 * element, and to the annotation and its value where there is one, so the IDE underlines the right
 * token.
 */
public final class ErrorReporter {
    private record Report(Diagnostic.Kind kind, String text, Element element, AnnotationMirror annotation,
            AnnotationValue value) {
    }

    private final List<Report> reports = new ArrayList<>();

    /** Reports an error on {@code element}. */
    public void error(Element element, Message message, Object... args) {
        reports.add(new Report(Diagnostic.Kind.ERROR, message.format(args), positioned(element), null, null));
    }

    /**
     * Reports an error on the annotation {@code annotationType} of {@code element}, and on its member
     * {@code member} when that member is given explicitly.
     */
    public void error(Element element, String annotationType, String member, Message message, Object... args) {
        Element positioned = positioned(element);
        AnnotationMirror annotation = AnnotationReader.find(positioned, annotationType);
        AnnotationValue value = annotation == null || member == null ? null : AnnotationReader.explicit(annotation, member);
        reports.add(new Report(Diagnostic.Kind.ERROR, message.format(args), positioned, annotation, value));
    }

    /** Reports an error on a given annotation mirror of {@code element}, and on {@code value} if not null. */
    public void error(Element element, AnnotationMirror annotation, AnnotationValue value, Message message,
            Object... args) {
        reports.add(new Report(Diagnostic.Kind.ERROR, message.format(args), positioned(element), annotation, value));
    }

    /** Reports a note on {@code element}: something the user should know that is no error. */
    public void note(Element element, Message message, Object... args) {
        reports.add(new Report(Diagnostic.Kind.NOTE, message.format(args), positioned(element), null, null));
    }

    /** Whether any error was reported. */
    public boolean hasErrors() {
        return reports.stream().anyMatch(r -> r.kind() == Diagnostic.Kind.ERROR);
    }

    /**
     * Prints every report once and forgets them: an embedded type that several fields use is checked
     * once per field, and its problems are reported once.
     */
    public void printTo(Messager messager) {
        for (Report r : new LinkedHashSet<>(reports)) {
            if (r.value() != null) {
                messager.printMessage(r.kind(), r.text(), r.element(), r.annotation(), r.value());
            } else if (r.annotation() != null) {
                messager.printMessage(r.kind(), r.text(), r.element(), r.annotation());
            } else {
                messager.printMessage(r.kind(), r.text(), r.element());
            }
        }
        reports.clear();
    }

    /**
     * The element to attach a diagnostic to. javac finds no source position for a record component
     * (JDK 17), so a diagnostic on one goes to the record's field of the same name, which is declared
     * by the same tree and carries the same annotations.
     */
    private static Element positioned(Element element) {
        if (element.getKind() != ElementKind.RECORD_COMPONENT) {
            return element;
        }
        for (Element member : element.getEnclosingElement().getEnclosedElements()) {
            if (member.getKind() == ElementKind.FIELD && member.getSimpleName().equals(element.getSimpleName())) {
                return member;
            }
        }
        return element;
    }
}
