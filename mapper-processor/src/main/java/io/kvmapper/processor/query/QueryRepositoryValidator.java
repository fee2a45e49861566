package io.kvmapper.processor.query;

import com.palantir.javapoet.TypeName;
import io.kvmapper.processor.annotations.AnnotationReader;
import io.kvmapper.processor.annotations.Annotations;
import io.kvmapper.processor.diagnostic.ErrorReporter;
import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.names.GeneratedNames;
import io.kvmapper.processor.validate.UnresolvedTypeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Checks a {@code @Repository} interface and describes it as a {@link QueryRepository}: an interface extending
 * {@code CrudRepository<E, K>} with {@code E} an entity (in the interface's package) and {@code K} its key type,
 * whose abstract methods are the CRUD methods, {@code with(Transaction)}, and derived queries, each checked and
 * planned by {@link QueryMethodValidator}. Reports every problem and keeps going through the methods; the model
 * is returned only when nothing was reported.
 */
public final class QueryRepositoryValidator {
    /** The qualified name of the interface every query interface extends. */
    public static final String CRUD_REPOSITORY = "io.kvmapper.CrudRepository";
    private static final String TRANSACTION = "io.kvmapper.Transaction";

    private final Elements elements;
    private final Types types;
    private final Function<TypeElement, Optional<EntityModel>> entities;

    /**
     * @param entities the model of an entity type, empty if it has errors (reported where the entity is
     *     processed); may throw {@link UnresolvedTypeException}
     */
    public QueryRepositoryValidator(ProcessingEnvironment env, Function<TypeElement, Optional<EntityModel>> entities) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.entities = entities;
    }

    /**
     * Validates {@code type}.
     *
     * @throws UnresolvedTypeException if a type it uses is not available yet (the key record of an entity's
     *     repository, generated in this round)
     */
    public Optional<QueryRepository> validate(TypeElement type, ErrorReporter reporter) {
        if (type.getKind() != ElementKind.INTERFACE) {
            reporter.error(type, Message.QUERY_NOT_INTERFACE, type.getSimpleName(),
                    type.getKind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
            return Optional.empty();
        }
        DeclaredType crud = crudSupertype(type.asType());
        if (crud == null) {
            reporter.error(type, Message.QUERY_NO_CRUD, type.getSimpleName());
            return Optional.empty();
        }
        TypeMirror entityType = crud.getTypeArguments().get(0);
        TypeMirror keyType = crud.getTypeArguments().get(1);
        requireResolved(entityType);
        requireResolved(keyType);
        Element entityElement = types.asElement(entityType);
        if (!(entityElement instanceof TypeElement entityTypeElement)
                || !AnnotationReader.isPresent(entityElement, Annotations.ENTITY)) {
            reporter.error(type, Message.QUERY_NOT_ENTITY, type.getSimpleName(), entityType, entityType);
            return Optional.empty();
        }
        Optional<EntityModel> model = entities.apply(entityTypeElement);
        if (model.isEmpty()) {
            reporter.error(type, Message.QUERY_ENTITY_INVALID, type.getSimpleName(), entityTypeElement.getSimpleName(),
                    type.getSimpleName(), entityTypeElement.getSimpleName());
            return Optional.empty();
        }
        EntityModel entity = model.get();
        String interfacePackage = elements.getPackageOf(type).getQualifiedName().toString();
        String entityPackage = entity.className().packageName();
        if (!interfacePackage.equals(entityPackage)) {
            reporter.error(type, Message.QUERY_PACKAGE, type.getSimpleName(), interfacePackage,
                    entity.className().simpleName(), entityPackage, type.getSimpleName(), entityPackage);
            return Optional.empty();
        }
        TypeName expectedKey = entity.hasCompositeKey() ? GeneratedNames.keyRecord(entity.className())
                : entity.keyParts().get(0).scalar().typeName().box();
        if (!TypeName.get(keyType).equals(expectedKey)) {
            String simple = entity.className().simpleName();
            reporter.error(type, Message.QUERY_KEY_TYPE, type.getSimpleName(), simple, keyType, simple, expectedKey,
                    simple, simpleName(expectedKey));
            return Optional.empty();
        }
        List<ExecutableElement> crudMethods = ElementFilter.methodsIn(types.asElement(crud).getEnclosedElements());
        QueryMethodValidator methods = new QueryMethodValidator(elements, types, entity, type);
        DeclaredType self = (DeclaredType) type.asType();
        List<QueryMethod> queries = new ArrayList<>();
        ExecutableElement with = null;
        boolean clean = true;
        for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(type))) {
            if (!method.getModifiers().contains(Modifier.ABSTRACT) || isObjectMethod(method)
                    || crudMethods.stream().anyMatch(c -> c.equals(method) || elements.overrides(method, c, type))) {
                continue;
            }
            if (isWith(method)) {
                TypeMirror returned = ((javax.lang.model.type.ExecutableType) types.asMemberOf(self, method))
                        .getReturnType();
                if (!types.isSameType(returned, type.asType())) {
                    reporter.error(method, Message.QUERY_WITH_TYPE, returned, type.getSimpleName());
                    clean = false;
                }
                with = method;
                continue;
            }
            if (!method.getTypeParameters().isEmpty()) {
                reporter.error(method, Message.QUERY_UNSUPPORTED_METHOD, type.getSimpleName() + "." + method.getSimpleName(),
                        type.getSimpleName(), "it declares type parameters");
                clean = false;
                continue;
            }
            Optional<QueryMethod> query = methods.validate(method, self, reporter);
            clean &= query.isPresent();
            query.ifPresent(queries::add);
        }
        if (!clean || reporter.hasErrors()) {
            return Optional.empty();
        }
        return Optional.of(new QueryRepository(type, crud, entity, queries, with));
    }

    /** The {@code CrudRepository<E, K>} among the supertypes of {@code type}, or null. */
    private DeclaredType crudSupertype(TypeMirror type) {
        for (TypeMirror supertype : types.directSupertypes(type)) {
            if (supertype.getKind() != TypeKind.DECLARED) {
                continue;
            }
            DeclaredType declared = (DeclaredType) supertype;
            if (((TypeElement) declared.asElement()).getQualifiedName().contentEquals(CRUD_REPOSITORY)) {
                return declared.getTypeArguments().size() == 2 ? declared : null;
            }
            DeclaredType deeper = crudSupertype(supertype);
            if (deeper != null) {
                return deeper;
            }
        }
        return null;
    }

    private boolean isWith(ExecutableElement method) {
        return method.getSimpleName().contentEquals("with") && method.getParameters().size() == 1
                && TypeName.get(method.getParameters().get(0).asType()).toString().equals(TRANSACTION);
    }

    private static boolean isObjectMethod(ExecutableElement method) {
        return ((TypeElement) method.getEnclosingElement()).getQualifiedName().contentEquals("java.lang.Object");
    }

    private static void requireResolved(TypeMirror type) {
        if (type.getKind() == TypeKind.ERROR) {
            throw new UnresolvedTypeException(type.toString());
        }
    }

    private static String simpleName(TypeName type) {
        String text = type.toString();
        String nested = text.contains("Repository.") ? text.substring(text.lastIndexOf('.', text.lastIndexOf('.') - 1) + 1)
                : text.substring(text.lastIndexOf('.') + 1);
        return nested;
    }
}
