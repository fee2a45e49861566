package io.kvmapper.processor.query;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.kvmapper.processor.annotations.AnnotationReader;
import io.kvmapper.processor.annotations.Annotations;
import io.kvmapper.processor.diagnostic.ErrorReporter;
import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.PropertyPath;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.query.parse.Condition;
import io.kvmapper.processor.query.parse.MethodNameParser;
import io.kvmapper.processor.query.parse.NameParseException;
import io.kvmapper.processor.query.parse.Operator;
import io.kvmapper.processor.query.parse.OrderClause;
import io.kvmapper.processor.query.parse.ParsedName;
import io.kvmapper.processor.query.parse.Subject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Checks one derived query method and plans it: the name parses, every property exists and can be compared as
 * asked, the parameters match the predicates in number and type, the return type fits the subject, and a key
 * prefix or an index serves it ({@link QueryPlanner}). Reports each problem on the method; on success notes the
 * plan on it, so a reviewer sees which index serves it and what is filtered.
 */
final class QueryMethodValidator {
    private static final ClassName LIST = ClassName.get("java.util", "List");
    private static final ClassName STREAM = ClassName.get("java.util.stream", "Stream");
    private static final ClassName OPTIONAL = ClassName.get("java.util", "Optional");
    private static final ClassName PAGE = ClassName.get("io.kvmapper", "Page");
    private static final ClassName PAGE_REQUEST = ClassName.get("io.kvmapper", "PageRequest");

    private final Elements elements;
    private final Types types;
    private final EntityModel entity;
    private final String owner;
    private final QueryPlanner planner;

    QueryMethodValidator(Elements elements, Types types, EntityModel entity, TypeElement owner) {
        this.elements = elements;
        this.types = types;
        this.entity = entity;
        this.owner = owner.getSimpleName().toString();
        this.planner = new QueryPlanner(entity);
    }

    /** The method checked and planned; empty if something was reported. */
    Optional<QueryMethod> validate(ExecutableElement method, DeclaredType in, ErrorReporter reporter) {
        String name = method.getSimpleName().toString();
        String what = owner + "." + name;
        ParsedName parsed;
        try {
            parsed = MethodNameParser.parse(name);
        } catch (NameParseException e) {
            reporter.error(method, Message.QUERY_UNPARSEABLE, what, e.problem(), name.substring(e.position()),
                    name.substring(0, e.position()));
            return Optional.empty();
        }
        if (!parsed.limitText().isEmpty() && parsed.limit() == 0) {
            reporter.error(method, Message.QUERY_TOP_ZERO, what, parsed.limitText());
            return Optional.empty();
        }
        int limit = Math.max(parsed.limit(), 0);
        if (limit > 0 && !parsed.subject().returnsEntities()) {
            reporter.error(method, Message.QUERY_LIMIT_FORM, what, parsed.limitText(),
                    parsed.subject().name().toLowerCase(java.util.Locale.ROOT) + " method", parsed.limitText());
            return Optional.empty();
        }
        List<List<Resolved>> groups = new ArrayList<>();
        for (List<Condition> group : parsed.groups()) {
            List<Resolved> resolved = new ArrayList<>();
            for (Condition condition : group) {
                Resolved predicate = resolve(what, method, condition, reporter);
                if (predicate == null) {
                    return Optional.empty();
                }
                resolved.add(predicate);
            }
            groups.add(resolved);
        }
        List<OrderProperty> order = new ArrayList<>();
        for (OrderClause clause : parsed.orderBy()) {
            PropertyResolver.Resolution resolution = PropertyResolver.resolve(clause.property(), entity.value());
            Optional<PropertyPath> path = checkedPath(what, method, clause.property(), clause.property(), resolution,
                    reporter);
            if (path.isEmpty()) {
                return Optional.empty();
            }
            if (path.get().collection()) {
                reporter.error(method, Message.QUERY_PROPERTY_TYPE, what, path.get().dotted(),
                        path.get().steps().get(path.get().steps().size() - 1).type().typeName());
                return Optional.empty();
            }
            order.add(new OrderProperty(path.get(), clause.descending()));
        }
        Optional<ReturnKind> returns = returnKind(what, method, in, parsed.subject(), limit, reporter);
        if (returns.isEmpty()) {
            return Optional.empty();
        }
        List<List<QueryPredicate>> predicates = bindParameters(what, method, in, groups, returns.get(), reporter);
        if (predicates == null) {
            return Optional.empty();
        }
        boolean allowScan = AnnotationReader.isPresent(method, Annotations.ALLOW_SCAN);
        QueryPlan plan;
        try {
            plan = planner.plan(what, parsed.subject(), predicates, order, allowScan);
        } catch (PlanException e) {
            reporter.error(method, e.diagnostic(), e.arguments());
            return Optional.empty();
        }
        reporter.note(method, Message.QUERY_PLAN, what, plan.describe());
        String page = returns.get() == ReturnKind.PAGE
                ? method.getParameters().get(method.getParameters().size() - 1).getSimpleName().toString() : null;
        return Optional.of(new QueryMethod(method, parsed.subject(), returns.get(), limit, predicates, order, plan, page));
    }

    /** A predicate whose property is found, before its parameters are bound. */
    private record Resolved(PropertyPath path, Operator operator, KeyPart keyPart, String text) {
    }

    private Resolved resolve(String what, ExecutableElement method, Condition condition, ErrorReporter reporter) {
        PropertyResolver.Resolution found = null;
        Condition.Reading reading = null;
        for (Condition.Reading candidate : condition.readings()) {
            PropertyResolver.Resolution resolution = PropertyResolver.resolve(candidate.property(), entity.value());
            if (resolution.found()) {
                found = resolution;
                reading = candidate;
                break;
            }
        }
        if (found == null) {
            List<Condition.Reading> readings = condition.readings();
            String property = readings.size() > 1 ? readings.get(0).property() : condition.text();
            reporter.error(method, Message.QUERY_UNKNOWN_PROPERTY, what, entity.className().simpleName(),
                    PropertyResolver.uncapitalize(property), condition.text(), propertyNames());
            return null;
        }
        Optional<PropertyPath> path = checkedPath(what, method, reading.property(), condition.text(), found, reporter);
        if (path.isEmpty()) {
            return null;
        }
        PropertyPath p = path.get();
        Operator operator = reading.operator();
        Property last = p.steps().get(p.steps().size() - 1);
        KeyPart keyPart = p.steps().size() == 1 ? entity.keyParts().stream()
                .filter(k -> k.property().equals(last)).findFirst().orElse(null) : null;
        if (operator == Operator.STARTING_WITH && p.scalar().kind() != ScalarKind.STRING) {
            reporter.error(method, Message.QUERY_STARTING_WITH_TYPE, what, p.dotted(), last.type().typeName());
            return null;
        }
        if ((operator == Operator.TRUE || operator == Operator.FALSE) && p.scalar().kind() != ScalarKind.BOOLEAN) {
            reporter.error(method, Message.QUERY_BOOLEAN_TYPE, what, operator == Operator.TRUE ? "True" : "False",
                    p.dotted(), last.type().typeName());
            return null;
        }
        if (p.collection() && operator.kind() == Operator.Kind.RANGE) {
            reporter.error(method, Message.QUERY_COLLECTION_RANGE, what, p.dotted(), operator.keyword());
            return null;
        }
        if (operator == Operator.IS_NULL && (keyPart != null || p.steps().size() == 1 && p.scalar().primitive()
                && !p.collection())) {
            reporter.error(method, Message.QUERY_NEVER_NULL, what, p.dotted(),
                    keyPart != null ? "a key component" : "a primitive " + last.type().typeName());
            return null;
        }
        return new Resolved(p, operator, keyPart, condition.text());
    }

    /** The path a found property ends in, if a query can compare it; reports it otherwise. */
    private Optional<PropertyPath> checkedPath(String what, ExecutableElement method, String property, String text,
            PropertyResolver.Resolution resolution, ErrorReporter reporter) {
        if (!resolution.found()) {
            reporter.error(method, Message.QUERY_UNKNOWN_PROPERTY, what, entity.className().simpleName(),
                    PropertyResolver.uncapitalize(property), text, propertyNames());
            return Optional.empty();
        }
        if (resolution.path().isEmpty()) {
            Property last = resolution.steps().get(resolution.steps().size() - 1);
            reporter.error(method, Message.QUERY_PROPERTY_TYPE, what, resolution.dotted(), last.type().typeName());
        }
        return resolution.path();
    }

    private String propertyNames() {
        return entity.value().properties().stream().map(Property::name).collect(Collectors.joining(", "));
    }

    /** The return kind, if the return type fits the subject and limit. */
    private Optional<ReturnKind> returnKind(String what, ExecutableElement method, DeclaredType in, Subject subject,
            int limit, ErrorReporter reporter) {
        TypeMirror type = ((javax.lang.model.type.ExecutableType) types.asMemberOf(in, method)).getReturnType();
        TypeName returned = TypeName.get(type);
        ClassName e = entity.className();
        ReturnKind kind = null;
        String allowed;
        switch (subject) {
            case COUNT -> {
                kind = returned.equals(TypeName.LONG) ? ReturnKind.COUNT : null;
                allowed = "long";
            }
            case EXISTS -> {
                kind = returned.equals(TypeName.BOOLEAN) ? ReturnKind.EXISTS : null;
                allowed = "boolean";
            }
            case DELETE -> {
                kind = returned.equals(TypeName.LONG) ? ReturnKind.DELETE_COUNT
                        : returned.equals(TypeName.VOID) ? ReturnKind.DELETE_VOID : null;
                allowed = "long (how many were deleted) or void";
            }
            default -> {
                if (returned.equals(ParameterizedTypeName.get(LIST, e))) {
                    kind = ReturnKind.LIST;
                } else if (returned.equals(ParameterizedTypeName.get(STREAM, e))) {
                    kind = ReturnKind.STREAM;
                } else if (returned.equals(ParameterizedTypeName.get(PAGE, e)) && limit == 0) {
                    kind = ReturnKind.PAGE;
                } else if (returned.equals(ParameterizedTypeName.get(OPTIONAL, e)) && limit <= 1) {
                    kind = ReturnKind.OPTIONAL;
                } else if (returned.equals(e) && limit <= 1) {
                    kind = ReturnKind.ENTITY;
                }
                String simple = e.simpleName();
                allowed = limit > 1 ? "List<" + simple + "> or Stream<" + simple + "> (it finds up to " + limit + ")"
                        : limit == 1 ? "Optional<" + simple + ">, " + simple + ", List<" + simple + "> or Stream<"
                                + simple + ">"
                        : "List<" + simple + ">, Stream<" + simple + ">, Page<" + simple + "> (with a last PageRequest "
                                + "parameter), Optional<" + simple + "> or " + simple;
            }
        }
        if (kind == null) {
            String described = subject.returnsEntities() ? (limit > 0 ? "find" + " with First/Top" : "find")
                    : subject.name().toLowerCase(java.util.Locale.ROOT);
            reporter.error(method, Message.QUERY_RETURN_TYPE, what, described, type, allowed);
            return Optional.empty();
        }
        return Optional.of(kind);
    }

    /** The predicates with their parameters, in order; null if the parameters do not match. */
    private List<List<QueryPredicate>> bindParameters(String what, ExecutableElement method, DeclaredType in,
            List<List<Resolved>> groups, ReturnKind returns, ErrorReporter reporter) {
        List<? extends VariableElement> parameters = method.getParameters();
        List<? extends TypeMirror> parameterTypes = ((javax.lang.model.type.ExecutableType) types.asMemberOf(in, method))
                .getParameterTypes();
        int needed = groups.stream().flatMap(List::stream).mapToInt(r -> r.operator().arguments()).sum();
        boolean paged = returns == ReturnKind.PAGE;
        if (parameters.size() != needed + (paged ? 1 : 0)) {
            String arguments = groups.stream().flatMap(List::stream).filter(r -> r.operator().arguments() > 0)
                    .map(r -> r.text() + (r.operator().arguments() == 2 ? " x2" : ""))
                    .collect(Collectors.joining(", "));
            reporter.error(method, Message.QUERY_PARAMETER_COUNT, what, needed, arguments.isEmpty() ? "none" : arguments,
                    paged ? ", plus a last PageRequest" : "", parameters.size());
            return null;
        }
        if (paged) {
            TypeMirror last = parameterTypes.get(parameterTypes.size() - 1);
            if (!TypeName.get(last).equals(PAGE_REQUEST)) {
                reporter.error(method, Message.QUERY_PAGE_PARAMETER, what, last);
                return null;
            }
        }
        List<List<QueryPredicate>> bound = new ArrayList<>();
        int at = 0;
        boolean ok = true;
        for (List<Resolved> group : groups) {
            List<QueryPredicate> predicates = new ArrayList<>();
            for (Resolved resolved : group) {
                List<String> names = new ArrayList<>();
                for (int i = 0; i < resolved.operator().arguments(); i++) {
                    VariableElement parameter = parameters.get(at);
                    ok &= checkType(what, method, parameter, parameterTypes.get(at), resolved, reporter);
                    names.add(parameter.getSimpleName().toString());
                    at++;
                }
                predicates.add(new QueryPredicate(resolved.path(), resolved.operator(), names, resolved.keyPart()));
            }
            bound.add(predicates);
        }
        return ok ? bound : null;
    }

    private boolean checkType(String what, ExecutableElement method, VariableElement parameter, TypeMirror type,
            Resolved resolved, ErrorReporter reporter) {
        TypeName expected = resolved.path().scalar().typeName().box();
        String name = parameter.getSimpleName().toString();
        if (resolved.operator() == Operator.IN) {
            TypeMirror element = collectionElement(type);
            if (element == null) {
                reporter.error(method, Message.QUERY_IN_NOT_COLLECTION, what, resolved.text().substring(0,
                        resolved.text().length() - "In".length()), name, type, expected);
                return false;
            }
            if (!TypeName.get(element).box().equals(expected)) {
                reporter.error(method, Message.QUERY_PARAMETER_TYPE, what, name, type, resolved.text(),
                        resolved.path().dotted(), resolved.path().scalar().typeName(), "Collection<" + expected + ">");
                return false;
            }
            return true;
        }
        if (!TypeName.get(type).box().equals(expected)) {
            reporter.error(method, Message.QUERY_PARAMETER_TYPE, what, name, type, resolved.text(),
                    resolved.path().dotted(), resolved.path().scalar().typeName(), resolved.path().scalar().typeName());
            return false;
        }
        return true;
    }

    /** The element type of a {@code Collection} type (an upper bound for a wildcard), or null if it is none. */
    private TypeMirror collectionElement(TypeMirror type) {
        if (type.getKind() != TypeKind.DECLARED) {
            return null;
        }
        TypeElement collection = elements.getTypeElement("java.util.Collection");
        if (!types.isAssignable(types.erasure(type), types.erasure(collection.asType()))) {
            return null;
        }
        for (TypeMirror candidate = type; candidate != null; ) {
            DeclaredType declared = (DeclaredType) candidate;
            if (declared.asElement().equals(collection)) {
                if (declared.getTypeArguments().isEmpty()) {
                    return null;
                }
                TypeMirror argument = declared.getTypeArguments().get(0);
                if (argument instanceof WildcardType wildcard) {
                    return wildcard.getExtendsBound();
                }
                return argument;
            }
            TypeMirror next = null;
            for (TypeMirror supertype : types.directSupertypes(candidate)) {
                if (supertype.getKind() == TypeKind.DECLARED
                        && types.isAssignable(types.erasure(supertype), types.erasure(collection.asType()))) {
                    next = supertype;
                    break;
                }
            }
            candidate = next;
        }
        return null;
    }
}
