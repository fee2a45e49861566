package io.kvmapper.processor.validate;

import com.palantir.javapoet.TypeName;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.model.ValueType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/** Classifies Java types into the stored shapes of {@link ValueType}. */
final class TypeResolver {
    private static final Map<String, ScalarKind> DECLARED_SCALARS = Map.ofEntries(
            Map.entry("java.lang.Boolean", ScalarKind.BOOLEAN),
            Map.entry("java.lang.Byte", ScalarKind.BYTE),
            Map.entry("java.lang.Short", ScalarKind.SHORT),
            Map.entry("java.lang.Integer", ScalarKind.INT),
            Map.entry("java.lang.Long", ScalarKind.LONG),
            Map.entry("java.lang.Character", ScalarKind.CHAR),
            Map.entry("java.lang.Float", ScalarKind.FLOAT),
            Map.entry("java.lang.Double", ScalarKind.DOUBLE),
            Map.entry("java.lang.String", ScalarKind.STRING),
            Map.entry("java.util.UUID", ScalarKind.UUID),
            Map.entry("java.time.Instant", ScalarKind.INSTANT),
            Map.entry("java.time.LocalDate", ScalarKind.LOCAL_DATE),
            Map.entry("java.time.LocalDateTime", ScalarKind.LOCAL_DATE_TIME),
            Map.entry("java.math.BigDecimal", ScalarKind.BIG_DECIMAL),
            Map.entry("java.math.BigInteger", ScalarKind.BIG_INTEGER));

    private static final List<ScalarKind> MAP_KEY_KINDS = List.of(ScalarKind.STRING, ScalarKind.ENUM, ScalarKind.UUID,
            ScalarKind.BYTE, ScalarKind.SHORT, ScalarKind.INT, ScalarKind.LONG);

    private final Types types;

    TypeResolver(Types types) {
        this.types = types;
    }

    /** The scalar shape of {@code type}, if it is a scalar. */
    Optional<ValueType.Scalar> scalar(TypeMirror type) {
        checkResolved(type);
        TypeName name = TypeName.get(type);
        switch (type.getKind()) {
            case BOOLEAN:
                return Optional.of(new ValueType.Scalar(ScalarKind.BOOLEAN, name, true));
            case BYTE:
                return Optional.of(new ValueType.Scalar(ScalarKind.BYTE, name, true));
            case SHORT:
                return Optional.of(new ValueType.Scalar(ScalarKind.SHORT, name, true));
            case INT:
                return Optional.of(new ValueType.Scalar(ScalarKind.INT, name, true));
            case LONG:
                return Optional.of(new ValueType.Scalar(ScalarKind.LONG, name, true));
            case CHAR:
                return Optional.of(new ValueType.Scalar(ScalarKind.CHAR, name, true));
            case FLOAT:
                return Optional.of(new ValueType.Scalar(ScalarKind.FLOAT, name, true));
            case DOUBLE:
                return Optional.of(new ValueType.Scalar(ScalarKind.DOUBLE, name, true));
            case ARRAY:
                TypeMirror component = ((ArrayType) type).getComponentType();
                return component.getKind() == TypeKind.BYTE
                        ? Optional.of(new ValueType.Scalar(ScalarKind.BYTES, name, false))
                        : Optional.empty();
            case DECLARED:
                TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
                if (element.getKind() == ElementKind.ENUM) {
                    return Optional.of(new ValueType.Scalar(ScalarKind.ENUM, name, false));
                }
                ScalarKind kind = DECLARED_SCALARS.get(element.getQualifiedName().toString());
                return kind == null ? Optional.empty() : Optional.of(new ValueType.Scalar(kind, name, false));
            default:
                return Optional.empty();
        }
    }

    /** Whether {@code type} is a {@code List}, {@code Set}, {@code Collection} or {@code Map}. */
    Optional<String> containerKind(TypeMirror type) {
        if (type.getKind() != TypeKind.DECLARED) {
            return Optional.empty();
        }
        String erased = ((TypeElement) types.asElement(type)).getQualifiedName().toString();
        switch (erased) {
            case "java.util.List":
            case "java.util.Collection":
            case "java.util.Set":
            case "java.util.Map":
                return Optional.of(erased);
            default:
                return Optional.empty();
        }
    }

    /** Whether {@code type} is {@code java.util.Optional}. */
    boolean isOptional(TypeMirror type) {
        return type.getKind() == TypeKind.DECLARED
                && ((TypeElement) types.asElement(type)).getQualifiedName().contentEquals("java.util.Optional");
    }

    /** Whether {@code kind} may be a map key. */
    static boolean isMapKey(ScalarKind kind) {
        return MAP_KEY_KINDS.contains(kind);
    }

    /** Throws {@link UnresolvedTypeException} if {@code type} or a type argument of it is not yet available. */
    void checkResolved(TypeMirror type) {
        if (type.getKind() == TypeKind.ERROR) {
            throw new UnresolvedTypeException(type.toString());
        }
        if (type.getKind() == TypeKind.DECLARED) {
            for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
                checkResolved(argument);
            }
        }
        if (type.getKind() == TypeKind.ARRAY) {
            checkResolved(((ArrayType) type).getComponentType());
        }
    }
}
