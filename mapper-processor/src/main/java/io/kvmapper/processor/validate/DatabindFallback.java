package io.kvmapper.processor.validate;

import com.palantir.javapoet.TypeName;
import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Layout;
import io.kvmapper.processor.annotations.AnnotationReader;
import io.kvmapper.processor.annotations.AnnotationReader.EntityAnnotation;
import io.kvmapper.processor.diagnostic.ErrorReporter;
import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.ValueType;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * What becomes of a field whose type, or a part of whose type, KV Mapper generates no code for
 * ({@code URI}, {@code List<Money>} with {@code Money} not {@code @Embedded}): in a JSON entity of the
 * monolithic layout, with Jackson 3 databind on the compile class path, one {@link ValueType.Databind}
 * value, and a note saying so; otherwise a compile error that says why and what to do.
 *
 * <p>Only unsupported <em>types</em> fall back. The rules about shapes stay errors whatever the class
 * path holds: an {@code Optional} is a field's own type and holds no collection, map keys are scalars,
 * a key component is a scalar. What can be seen at compile time never to read back is an error too, so
 * that databind knows what to read a value back as: {@code Object}, a wildcard, a type variable, a raw
 * type, and an interface or abstract class of the user's without Jackson type information (databind
 * would write an implementation's properties, or none, and could not tell which class to build). Abstract
 * types of the JDK and of Jackson are left to databind, which has its own support for many of them.
 */
final class DatabindFallback {
    /** The class whose presence on the compile class path turns the fallback on. */
    static final String OBJECT_MAPPER = "tools.jackson.databind.ObjectMapper";

    /** Annotations with which databind can read an abstract type back: polymorphic type ids, or a deserializer. */
    private static final List<String> TYPE_INFORMATION = List.of("com.fasterxml.jackson.annotation.JsonTypeInfo",
            "tools.jackson.databind.annotation.JsonDeserialize");

    /** Packages whose abstract types databind has its own support for, or that it defines. */
    private static final List<String> LEFT_TO_DATABIND = List.of("java.", "javax.", "tools.jackson.");

    private final Types types;
    private final TypeResolver resolver;
    private final AnnotationReader annotations;
    private final boolean available;

    DatabindFallback(Elements elements, Types types, TypeResolver resolver, AnnotationReader annotations) {
        this.types = types;
        this.resolver = resolver;
        this.annotations = annotations;
        this.available = elements.getTypeElement(OBJECT_MAPPER) != null;
    }

    /**
     * The first part of {@code type}, depth first, that is not a supported field type, if any. Empty for a
     * supported type, and for a type whose shape is wrong in a way the ordinary checks report (an
     * {@code Optional} inside a collection, a map key that is not a scalar, a wildcard argument).
     */
    Optional<TypeMirror> unsupportedPart(TypeMirror type) {
        if (!resolver.isOptional(type)) {
            return unsupportedValue(type);
        }
        List<? extends TypeMirror> arguments = ((DeclaredType) type).getTypeArguments();
        if (arguments.isEmpty() || !isConcreteKind(arguments.get(0)) || resolver.isOptional(arguments.get(0))
                || resolver.containerKind(arguments.get(0)).isPresent()) {
            return Optional.empty();
        }
        return unsupportedValue(arguments.get(0));
    }

    private Optional<TypeMirror> unsupportedValue(TypeMirror type) {
        if (resolver.scalar(type).isPresent() || resolver.isOptional(type)) {
            return Optional.empty();
        }
        Optional<String> container = resolver.containerKind(type);
        if (container.isEmpty()) {
            return isConcreteKind(type) ? Optional.of(type) : Optional.empty();
        }
        List<? extends TypeMirror> arguments = ((DeclaredType) type).getTypeArguments();
        if (arguments.isEmpty() || !arguments.stream().allMatch(DatabindFallback::isConcreteKind)) {
            return Optional.empty();
        }
        if (!container.get().equals("java.util.Map")) {
            return unsupportedValue(arguments.get(0));
        }
        Optional<ValueType.Scalar> key = resolver.scalar(arguments.get(0));
        if (key.isEmpty() || !TypeResolver.isMapKey(key.get().kind())) {
            return Optional.empty();
        }
        return unsupportedValue(arguments.get(1));
    }

    /**
     * The stored shape of the field {@code element} of {@code type}, of which {@code unsupported} is a part
     * KV Mapper generates no code for, in the entity {@code entity}: a databind value (in an
     * {@code Optional} if the field is one), with a note; or empty, after reporting why it cannot be.
     */
    Optional<ValueType> field(Element element, TypeMirror type, TypeMirror unsupported, TypeElement entity,
            ErrorReporter reporter) {
        EntityAnnotation annotation = annotations.entity(entity);
        Object name = element.getSimpleName();
        TypeName declared = TypeName.get(type);
        TypeName part = TypeName.get(unsupported);
        if (annotation.layout() == Layout.ATTRIBUTE_PER_KEY) {
            reporter.error(element, Message.UNSUPPORTED_TYPE_ATTRIBUTES, name, declared, part, entity.getSimpleName(),
                    part);
            return Optional.empty();
        }
        if (annotation.codec() == Codec.PROTOBUF) {
            reporter.error(element, Message.UNSUPPORTED_TYPE_PROTOBUF, name, declared, part, entity.getSimpleName(),
                    part);
            return Optional.empty();
        }
        if (!available) {
            reporter.error(element, Message.UNSUPPORTED_TYPE, name, declared, part, part);
            return Optional.empty();
        }
        boolean optional = resolver.isOptional(type);
        TypeMirror value = optional ? ((DeclaredType) type).getTypeArguments().get(0) : type;
        Optional<String> unknown = unknownPart(value);
        if (unknown.isPresent()) {
            reporter.error(element, Message.DATABIND_TYPE_UNKNOWN, name, declared, unknown.get());
            return Optional.empty();
        }
        Optional<TypeElement> untyped = abstractWithoutTypeInformation(value);
        if (untyped.isPresent()) {
            TypeElement abstractType = untyped.get();
            reporter.error(element, Message.DATABIND_TYPE_ABSTRACT, name, declared, abstractType.getQualifiedName(),
                    abstractType.getKind() == ElementKind.INTERFACE ? "an interface" : "an abstract class",
                    abstractType.getSimpleName());
            return Optional.empty();
        }
        reporter.note(element, Message.DATABIND_FIELD, name, declared, part, part);
        ValueType.Databind databind = new ValueType.Databind(TypeName.get(value));
        return Optional.of(optional ? new ValueType.OptionalOf(databind, declared) : databind);
    }

    /**
     * A part of {@code type} that leaves databind without a type to read a value as, described for a
     * message: {@code Object}, a wildcard, a type variable, a raw type.
     */
    private static Optional<String> unknownPart(TypeMirror type) {
        switch (type.getKind()) {
            case ARRAY:
                return unknownPart(((ArrayType) type).getComponentType());
            case DECLARED:
                DeclaredType declared = (DeclaredType) type;
                TypeElement element = (TypeElement) declared.asElement();
                if (element.getQualifiedName().contentEquals("java.lang.Object")) {
                    return Optional.of("java.lang.Object");
                }
                if (declared.getTypeArguments().size() != element.getTypeParameters().size()) {
                    return Optional.of("the raw type " + element.getQualifiedName());
                }
                for (TypeMirror argument : declared.getTypeArguments()) {
                    Optional<String> unknown = unknownPart(argument);
                    if (unknown.isPresent()) {
                        return unknown;
                    }
                }
                return Optional.empty();
            case WILDCARD:
                return Optional.of("the wildcard " + type);
            case TYPEVAR:
                return Optional.of("the type variable " + type);
            default:
                return type.getKind().isPrimitive() ? Optional.empty() : Optional.of(type.toString());
        }
    }

    /**
     * An interface or abstract class in {@code type} (itself, an array's elements, a type argument) that is
     * the user's, and that neither it nor a supertype gives Jackson type information for.
     */
    private Optional<TypeElement> abstractWithoutTypeInformation(TypeMirror type) {
        if (type.getKind() == TypeKind.ARRAY) {
            return abstractWithoutTypeInformation(((ArrayType) type).getComponentType());
        }
        if (type.getKind() != TypeKind.DECLARED) {
            return Optional.empty();
        }
        TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
        String name = element.getQualifiedName().toString();
        boolean isAbstract = element.getKind() == ElementKind.INTERFACE
                || element.getModifiers().contains(Modifier.ABSTRACT);
        if (isAbstract && LEFT_TO_DATABIND.stream().noneMatch(name::startsWith) && !hasTypeInformation(type)) {
            return Optional.of(element);
        }
        for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
            Optional<TypeElement> untyped = abstractWithoutTypeInformation(argument);
            if (untyped.isPresent()) {
                return untyped;
            }
        }
        return Optional.empty();
    }

    /** Whether {@code type} or a supertype carries one of the {@link #TYPE_INFORMATION} annotations. */
    private boolean hasTypeInformation(TypeMirror type) {
        Element element = types.asElement(type);
        if (element != null && TYPE_INFORMATION.stream().anyMatch(a -> AnnotationReader.isPresent(element, a))) {
            return true;
        }
        return types.directSupertypes(type).stream().anyMatch(this::hasTypeInformation);
    }

    /** Whether {@code type} is a class, interface or array type, the kinds a field's type argument can be. */
    private static boolean isConcreteKind(TypeMirror type) {
        return type.getKind() == TypeKind.DECLARED || type.getKind() == TypeKind.ARRAY;
    }
}
