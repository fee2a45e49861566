package io.kvmapper.processor.validate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Layout;
import io.kvmapper.processor.annotations.AnnotationReader;
import io.kvmapper.processor.annotations.AnnotationReader.EntityAnnotation;
import io.kvmapper.processor.annotations.AnnotationReader.FieldAnnotation;
import io.kvmapper.processor.annotations.AnnotationReader.KeyAnnotation;
import io.kvmapper.processor.annotations.Annotations;
import io.kvmapper.processor.diagnostic.ErrorReporter;
import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.CounterModel;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.IndexModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaDocument.TypeFields;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Checks one {@code @Entity} type and describes it as an {@link EntityModel}. Reports every problem
 * it finds on the element that causes it, and keeps going within the type; the model is returned only
 * when nothing was reported.
 */
public final class EntityValidator {
    private final Elements elements;
    private final Types types;
    private final AnnotationReader annotations;
    private final TypeResolver resolver;
    private final DatabindFallback databind;
    private final SchemaValidator schema;
    private final Optional<SchemaDocument> previous;

    /**
     * A validator using the compiler's utilities, for an entity whose schema file records {@code previous}
     * (empty if it has none): fields keep the numbers it records.
     */
    public EntityValidator(ProcessingEnvironment env, Optional<SchemaDocument> previous) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.annotations = new AnnotationReader(elements);
        this.resolver = new TypeResolver(types);
        this.databind = new DatabindFallback(elements, types, resolver, annotations);
        this.schema = new SchemaValidator(annotations);
        this.previous = previous;
    }

    /**
     * Validates {@code type}.
     *
     * @throws UnresolvedTypeException if a type it uses is not available yet
     */
    public Optional<EntityModel> validate(TypeElement type, ErrorReporter reporter) {
        if (type.getKind() != ElementKind.CLASS && type.getKind() != ElementKind.RECORD) {
            reporter.error(type, Message.ENTITY_KIND, type.getSimpleName(), describeKind(type.getKind()));
            return Optional.empty();
        }
        checkShape(type, reporter);
        EntityAnnotation entity = annotations.entity(type);
        String storedName = entity.name().isEmpty() ? type.getSimpleName().toString() : entity.name();
        if (entity.name().isBlank() && !entity.name().isEmpty()) {
            reporter.error(type, Annotations.ENTITY, "name", Message.ENTITY_NAME_BLANK, type.getSimpleName());
        } else if (storedName.startsWith("$")) {
            reporter.error(type, Annotations.ENTITY, "name", Message.ENTITY_NAME_RESERVED, storedName);
        }
        Deque<TypeElement> path = new ArrayDeque<>();
        Optional<ValueObject> value = valueObject(type, reporter, path);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        if (entity.layout() == Layout.ATTRIBUTE_PER_KEY) {
            checkSetsHoldScalars(value.get(), reporter);
            if (entity.codec() == Codec.PROTOBUF) {
                reporter.error(type, Annotations.ENTITY, "codec", Message.CODEC_WITH_ATTRIBUTES, type.getSimpleName());
            }
        } else if (entity.codec() == Codec.PROTOBUF) {
            ProtobufValidator.check(type, value.get(), reporter);
        }
        List<KeyPart> keyParts = keyParts(type, value.get(), reporter);
        List<IndexModel> indexes = schema.indexes(type, value.get(), keyParts, reporter);
        List<CounterModel> counters = schema.counters(type, value.get(), reporter);
        Optional<Property> version = schema.version(type, value.get(), keyParts, reporter);
        Optional<Property> expires = schema.expires(type, value.get(), keyParts, reporter);
        Optional<Duration> changeFeed = schema.changeFeedRetention(type, reporter);
        if (reporter.hasErrors() || keyParts.isEmpty()) {
            return Optional.empty();
        }
        int partitionSize = (int) keyParts.stream().filter(KeyPart::partition).count();
        return Optional.of(new EntityModel(type, storedName, value.get(), keyParts, Math.max(1, partitionSize),
                indexes, counters, version, expires, changeFeed, entity.layout(), entity.codec()));
    }

    /**
     * In the attribute-per-key layout a set's elements are stored in keys, so they must be scalars; this
     * holds for sets anywhere in the entity, embedded objects included.
     */
    private static void checkSetsHoldScalars(ValueObject object, ErrorReporter reporter) {
        for (Property property : object.properties()) {
            checkSetsHoldScalars(property, property.type(), reporter);
        }
    }

    private static void checkSetsHoldScalars(Property property, ValueType type, ErrorReporter reporter) {
        type.accept(new ValueType.Visitor<Void>() {
            @Override
            public Void collection(ValueType.CollectionOf collection) {
                if (collection.kind() == ValueType.CollectionKind.SET
                        && !(collection.element() instanceof ValueType.Scalar)) {
                    reporter.error(property.element(), Message.SET_ELEMENT_IN_KEY, property.name(),
                            collection.typeName());
                } else {
                    checkSetsHoldScalars(property, collection.element(), reporter);
                }
                return null;
            }

            @Override
            public Void map(ValueType.MapOf map) {
                checkSetsHoldScalars(property, map.value(), reporter);
                return null;
            }

            @Override
            public Void embedded(ValueType.Embedded embedded) {
                checkSetsHoldScalars(embedded.object(), reporter);
                return null;
            }

            @Override
            public Void scalar(ValueType.Scalar scalar) {
                return null;
            }

            @Override
            public Void optional(ValueType.OptionalOf optional) {
                checkSetsHoldScalars(property, optional.value(), reporter);
                return null;
            }

            @Override
            public Void databind(ValueType.Databind databind) {
                return null;
            }
        });
    }

    private void checkShape(TypeElement type, ErrorReporter reporter) {
        if (type.getModifiers().contains(Modifier.ABSTRACT)) {
            reporter.error(type, Message.ENTITY_ABSTRACT, type.getSimpleName());
        }
        if (!type.getTypeParameters().isEmpty()) {
            reporter.error(type, Message.ENTITY_GENERIC, type.getSimpleName());
        }
        for (Element e = type; e.getKind().isClass() || e.getKind().isInterface(); e = e.getEnclosingElement()) {
            TypeElement t = (TypeElement) e;
            boolean innerClass = t.getNestingKind() == NestingKind.MEMBER && t.getKind() == ElementKind.CLASS
                    && !t.getModifiers().contains(Modifier.STATIC);
            if (t.getModifiers().contains(Modifier.PRIVATE) || innerClass
                    || t.getNestingKind() == NestingKind.LOCAL || t.getNestingKind() == NestingKind.ANONYMOUS) {
                reporter.error(type, Message.ENTITY_NOT_REACHABLE, type.getSimpleName());
                return;
            }
        }
    }

    private List<KeyPart> keyParts(TypeElement type, ValueObject value, ErrorReporter reporter) {
        record Candidate(Property property, KeyAnnotation key) {
        }
        List<Candidate> candidates = new ArrayList<>();
        for (Property property : value.properties()) {
            annotations.key(property.element()).ifPresent(key -> candidates.add(new Candidate(property, key)));
        }
        if (candidates.isEmpty()) {
            reporter.error(type, Message.NO_KEY, type.getSimpleName());
            return List.of();
        }
        boolean ordered = candidates.stream().anyMatch(c -> c.key().order() != -1);
        if (ordered) {
            Candidate withOrder = candidates.stream().filter(c -> c.key().order() != -1).findFirst().orElseThrow();
            Map<Integer, Candidate> byOrder = new HashMap<>();
            for (Candidate c : candidates) {
                int order = c.key().order();
                if (order == -1) {
                    reporter.error(c.property().element(), Annotations.KEY, null, Message.KEY_ORDER_PARTIAL,
                            c.property().name(), withOrder.property().name());
                } else if (order < 0) {
                    reporter.error(c.property().element(), Annotations.KEY, "order", Message.KEY_ORDER_NEGATIVE,
                            c.property().name(), order);
                } else {
                    Candidate previous = byOrder.putIfAbsent(order, c);
                    if (previous != null) {
                        reporter.error(c.property().element(), Annotations.KEY, "order", Message.KEY_ORDER_DUPLICATE,
                                c.property().name(), order, previous.property().name());
                    }
                }
            }
            if (reporter.hasErrors()) {
                return List.of();
            }
            candidates.sort((a, b) -> Integer.compare(a.key().order(), b.key().order()));
        }
        List<KeyPart> parts = new ArrayList<>();
        boolean anyPartition = candidates.stream().anyMatch(c -> c.key().partition());
        String firstNonPartition = null;
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            boolean partition = anyPartition ? c.key().partition() : i == 0;
            if (!partition && firstNonPartition == null) {
                firstNonPartition = c.property().name();
            } else if (partition && firstNonPartition != null) {
                reporter.error(c.property().element(), Annotations.KEY, "partition", Message.KEY_PARTITION_NOT_LEADING,
                        c.property().name(), firstNonPartition);
            }
            if (!(c.property().type() instanceof ValueType.Scalar)) {
                reporter.error(c.property().element(), Message.KEY_TYPE, c.property().name(), c.property().type().typeName());
            }
            parts.add(new KeyPart(c.property(), partition, c.key().descending()));
        }
        return parts;
    }

    /** Describes a record or class stored field by field; reports and returns empty on any problem. */
    private Optional<ValueObject> valueObject(TypeElement type, ErrorReporter reporter, Deque<TypeElement> path) {
        path.addLast(type);
        try {
            boolean isRecord = type.getKind() == ElementKind.RECORD;
            List<Property> properties = new ArrayList<>();
            List<String> constructorArguments = new ArrayList<>();
            boolean ok = true;
            if (isRecord) {
                for (RecordComponentElement component : type.getRecordComponents()) {
                    if (isTransient(component)) {
                        ok &= !reportTransientKey(component, reporter);
                        constructorArguments.add(defaultLiteral(component.asType()));
                        continue;
                    }
                    String accessor = component.getAccessor().getSimpleName() + "()";
                    Optional<Property> property = property(component, component.asType(), accessor, null, false,
                            reporter, path);
                    ok &= property.isPresent();
                    property.ifPresent(properties::add);
                    constructorArguments.add(component.getSimpleName().toString());
                }
            } else {
                ok &= checkConstructor(type, rootOf(path), reporter);
                for (VariableElement field : fields(type)) {
                    if (isTransient(field)) {
                        ok &= !reportTransientKey(field, reporter);
                        continue;
                    }
                    Optional<Property> property = classProperty(type, field, reporter, path);
                    ok &= property.isPresent();
                    property.ifPresent(properties::add);
                }
            }
            ok &= checkStoredNames(properties, reporter);
            String recordedAs = type.equals(rootOf(path)) ? "" : type.getQualifiedName().toString();
            Optional<List<Property>> numbered = FieldNumbers.assign(type, properties, annotations, recordedAs,
                    previous.map(p -> recordedAs.isEmpty() ? p.fields() : p.embeddedFields(recordedAs))
                            .orElse(TypeFields.NONE),
                    annotations.entity(rootOf(path)).codec() == Codec.PROTOBUF, reporter);
            ClassName className = ClassName.get(type);
            return ok && numbered.isPresent() ? Optional.of(new ValueObject(className, isRecord, numbered.get(),
                    List.copyOf(constructorArguments))) : Optional.empty();
        } finally {
            path.removeLast();
        }
    }

    /** Reports a transient field that carries an annotation about stored fields; whether it did. */
    private static boolean reportTransientKey(Element element, ErrorReporter reporter) {
        boolean reported = false;
        if (AnnotationReader.isPresent(element, Annotations.KEY)) {
            reporter.error(element, Message.KEY_TRANSIENT, element.getSimpleName());
            reported = true;
        }
        for (String annotation : List.of(Annotations.INDEX, Annotations.VERSION, Annotations.EXPIRES)) {
            if (AnnotationReader.isPresent(element, annotation)) {
                reporter.error(element, annotation, null, Message.TRANSIENT_ANNOTATED,
                        Annotations.simpleName(annotation), element.getSimpleName());
                reported = true;
            }
        }
        return reported;
    }

    private boolean checkConstructor(TypeElement type, TypeElement root, ErrorReporter reporter) {
        for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            boolean implicit = elements.getOrigin(constructor) == Elements.Origin.MANDATED;
            if (constructor.getParameters().isEmpty() && (implicit || accessible(constructor, root))) {
                if (throwsChecked(constructor)) {
                    reporter.error(constructor, Message.CHECKED_EXCEPTION, "the no-argument constructor of "
                            + type.getSimpleName(), constructor.getThrownTypes());
                    return false;
                }
                return true;
            }
        }
        reporter.error(type, Message.NO_CONSTRUCTOR, type.getSimpleName(), type.getSimpleName());
        return false;
    }

    private Optional<Property> classProperty(TypeElement owner, VariableElement field, ErrorReporter reporter,
            Deque<TypeElement> path) {
        String name = field.getSimpleName().toString();
        TypeMirror fieldType = types.asMemberOf((DeclaredType) owner.asType(), field);
        boolean fieldReadable = !field.getModifiers().contains(Modifier.PRIVATE) && accessible(field, rootOf(path));
        boolean fieldWritable = fieldReadable && !field.getModifiers().contains(Modifier.FINAL);
        String read = fieldReadable ? name : getter(owner, rootOf(path), name, fieldType).map(m -> m + "()").orElse(null);
        String write = fieldWritable ? name : setter(owner, rootOf(path), name, fieldType).orElse(null);
        boolean ok = true;
        if (read == null) {
            reporter.error(field, Message.NO_READ_ACCESS, name, owner.getSimpleName(),
                    (fieldType.getKind() == TypeKind.BOOLEAN ? "is" : "get") + capitalize(name));
            ok = false;
        }
        if (write == null) {
            String problem = field.getModifiers().contains(Modifier.FINAL) ? "final" : "private";
            reporter.error(field, Message.NO_WRITE_ACCESS, name, owner.getSimpleName(), problem, "set" + capitalize(name),
                    TypeName.get(fieldType));
            ok = false;
        }
        Optional<Property> property = property(field, fieldType, read, write, !fieldWritable, reporter, path);
        return ok ? property : Optional.empty();
    }

    private Optional<Property> property(Element element, TypeMirror type, String read, String write,
            boolean writeIsSetter, ErrorReporter reporter, Deque<TypeElement> path) {
        String name = element.getSimpleName().toString();
        String storedName = annotations.field(element).map(FieldAnnotation::name).filter(n -> !n.isEmpty())
                .orElse(name);
        Optional<TypeElement> hidden = invisibleType(type, rootOf(path));
        if (hidden.isPresent()) {
            reporter.error(element, Message.TYPE_NOT_VISIBLE, name, hidden.get().getQualifiedName(),
                    elements.getPackageOf(rootOf(path)).getQualifiedName());
            return Optional.empty();
        }
        boolean embedded = AnnotationReader.isPresent(element, Annotations.EMBEDDED);
        boolean key = AnnotationReader.isPresent(element, Annotations.KEY);
        Optional<TypeMirror> unsupported = key || embedded ? Optional.empty() : databind.unsupportedPart(type);
        if (unsupported.isPresent()) {
            return databind.field(element, type, unsupported.get(), rootOf(path), reporter)
                    .map(t -> new Property(name, storedName, t, read, write, writeIsSetter, element, 0));
        }
        Optional<ValueType> valueType = key
                ? keyType(element, type, reporter)
                : resolver.isOptional(type) ? optionalType(element, type, embedded, reporter, path)
                : valueType(element, type, embedded, reporter, path);
        if (valueType.isEmpty()) {
            return Optional.empty();
        }
        if (embedded && !containsEmbedded(valueType.get())) {
            reporter.error(element, Message.EMBEDDED_TYPE, name, TypeName.get(type));
            return Optional.empty();
        }
        return Optional.of(new Property(name, storedName, valueType.get(), read, write, writeIsSetter, element, 0));
    }

    /** An {@code Optional} field: of a scalar or an embedded object. */
    private Optional<ValueType> optionalType(Element element, TypeMirror type, boolean embedded, ErrorReporter reporter,
            Deque<TypeElement> path) {
        List<? extends TypeMirror> arguments = ((DeclaredType) type).getTypeArguments();
        if (arguments.isEmpty() || arguments.get(0).getKind() != TypeKind.DECLARED
                && arguments.get(0).getKind() != TypeKind.ARRAY) {
            reporter.error(element, Message.FIELD_TYPE, element.getSimpleName(), TypeName.get(type));
            return Optional.empty();
        }
        if (resolver.isOptional(arguments.get(0)) || resolver.containerKind(arguments.get(0)).isPresent()) {
            reporter.error(element, Message.OPTIONAL_TYPE, element.getSimpleName(), TypeName.get(type));
            return Optional.empty();
        }
        Optional<ValueType> value = valueType(element, arguments.get(0), embedded, reporter, path);
        if (value.isPresent() && !(value.get() instanceof ValueType.Scalar)
                && !(value.get() instanceof ValueType.Embedded)) {
            reporter.error(element, Message.OPTIONAL_TYPE, element.getSimpleName(), TypeName.get(type));
            return Optional.empty();
        }
        return value.map(v -> new ValueType.OptionalOf(v, TypeName.get(type)));
    }

    private Optional<ValueType> keyType(Element element, TypeMirror type, ErrorReporter reporter) {
        Optional<ValueType.Scalar> scalar = resolver.scalar(type);
        if (scalar.isEmpty()) {
            reporter.error(element, Message.KEY_TYPE, element.getSimpleName(), TypeName.get(type));
        }
        return scalar.map(ValueType.class::cast);
    }

    private Optional<ValueType> valueType(Element element, TypeMirror type, boolean embedded, ErrorReporter reporter,
            Deque<TypeElement> path) {
        Optional<ValueType.Scalar> scalar = resolver.scalar(type);
        if (scalar.isPresent()) {
            return Optional.of(scalar.get());
        }
        if (resolver.isOptional(type)) {
            reporter.error(element, Message.OPTIONAL_TYPE, element.getSimpleName(), TypeName.get(element.asType()));
            return Optional.empty();
        }
        Optional<String> container = resolver.containerKind(type);
        if (container.isPresent()) {
            List<? extends TypeMirror> arguments = ((DeclaredType) type).getTypeArguments();
            if (arguments.isEmpty() || arguments.stream().anyMatch(a -> a.getKind() != TypeKind.DECLARED
                    && a.getKind() != TypeKind.ARRAY)) {
                reporter.error(element, Message.FIELD_TYPE, element.getSimpleName(), TypeName.get(type));
                return Optional.empty();
            }
            TypeName typeName = TypeName.get(type);
            if (container.get().equals("java.util.Map")) {
                Optional<ValueType.Scalar> key = resolver.scalar(arguments.get(0));
                if (key.isEmpty() || !TypeResolver.isMapKey(key.get().kind())) {
                    reporter.error(element, Message.MAP_KEY_TYPE, element.getSimpleName(), TypeName.get(arguments.get(0)));
                    return Optional.empty();
                }
                return valueType(element, arguments.get(1), embedded, reporter, path)
                        .map(value -> new ValueType.MapOf(key.get(), value, typeName));
            }
            ValueType.CollectionKind kind = container.get().equals("java.util.Set")
                    ? ValueType.CollectionKind.SET : ValueType.CollectionKind.LIST;
            return valueType(element, arguments.get(0), embedded, reporter, path)
                    .map(e -> new ValueType.CollectionOf(kind, e, typeName));
        }
        if (embedded && type.getKind() == TypeKind.DECLARED) {
            TypeElement objectType = (TypeElement) types.asElement(type);
            boolean concrete = !objectType.getModifiers().contains(Modifier.ABSTRACT);
            if (concrete && (objectType.getKind() == ElementKind.CLASS || objectType.getKind() == ElementKind.RECORD)) {
                if (path.contains(objectType)) {
                    String cycle = path.stream().map(t -> t.getSimpleName().toString())
                            .collect(Collectors.joining(" -> ")) + " -> " + objectType.getSimpleName();
                    reporter.error(element, Message.EMBEDDED_CYCLE, element.getSimpleName(), objectType.getSimpleName(),
                            cycle);
                    return Optional.empty();
                }
                return valueObject(objectType, reporter, path).map(ValueType.Embedded::new);
            }
            reporter.error(element, Message.EMBEDDED_TYPE, element.getSimpleName(), TypeName.get(type));
            return Optional.empty();
        }
        reporter.error(element, Message.FIELD_TYPE, element.getSimpleName(), TypeName.get(type));
        return Optional.empty();
    }

    private static boolean containsEmbedded(ValueType type) {
        return type instanceof ValueType.Embedded
                || type.components().stream().anyMatch(EntityValidator::containsEmbedded);
    }

    private boolean checkStoredNames(List<Property> properties, ErrorReporter reporter) {
        Map<String, Property> byName = new HashMap<>();
        boolean ok = true;
        for (Property p : properties) {
            Property previous = byName.putIfAbsent(p.storedName(), p);
            if (previous != null) {
                reporter.error(p.element(), Message.STORED_NAME_DUPLICATE, p.name(), p.storedName(), previous.name());
                ok = false;
            }
        }
        return ok;
    }

    /** Instance fields of {@code type} and its superclasses, superclass fields first. */
    private List<VariableElement> fields(TypeElement type) {
        List<VariableElement> fields = new ArrayList<>();
        TypeMirror superclass = type.getSuperclass();
        if (superclass.getKind() == TypeKind.DECLARED) {
            TypeElement parent = (TypeElement) types.asElement(superclass);
            if (!parent.getQualifiedName().contentEquals("java.lang.Object")) {
                fields.addAll(fields(parent));
            }
        }
        for (VariableElement field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
            if (!field.getModifiers().contains(Modifier.STATIC)) {
                fields.add(field);
            }
        }
        return fields;
    }

    private Optional<String> getter(TypeElement owner, TypeElement root, String name, TypeMirror type) {
        List<String> names = type.getKind() == TypeKind.BOOLEAN
                ? List.of("is" + capitalize(name), "get" + capitalize(name)) : List.of("get" + capitalize(name));
        for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(owner))) {
            if (names.contains(method.getSimpleName().toString()) && method.getParameters().isEmpty()
                    && !method.getModifiers().contains(Modifier.STATIC) && accessible(method, root)
                    && !throwsChecked(method)
                    && types.isSameType(((ExecutableType) types.asMemberOf((DeclaredType) owner.asType(), method))
                            .getReturnType(), type)) {
                return Optional.of(method.getSimpleName().toString());
            }
        }
        return Optional.empty();
    }

    private Optional<String> setter(TypeElement owner, TypeElement root, String name, TypeMirror type) {
        String setterName = "set" + capitalize(name);
        for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(owner))) {
            if (method.getSimpleName().contentEquals(setterName) && method.getParameters().size() == 1
                    && !method.getModifiers().contains(Modifier.STATIC) && accessible(method, root)
                    && !throwsChecked(method)
                    && types.isSameType(((ExecutableType) types.asMemberOf((DeclaredType) owner.asType(), method))
                            .getParameterTypes().get(0), type)) {
                return Optional.of(setterName);
            }
        }
        return Optional.empty();
    }

    /** A type within {@code type} that generated code in the package of {@code from} cannot name. */
    private Optional<TypeElement> invisibleType(TypeMirror type, TypeElement from) {
        if (type.getKind() == TypeKind.ARRAY) {
            return invisibleType(((javax.lang.model.type.ArrayType) type).getComponentType(), from);
        }
        if (type.getKind() != TypeKind.DECLARED) {
            return Optional.empty();
        }
        TypeElement element = (TypeElement) types.asElement(type);
        for (Element e = element; e.getKind().isClass() || e.getKind().isInterface(); e = e.getEnclosingElement()) {
            if (!accessible(e, from)) {
                return Optional.of(element);
            }
        }
        for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
            Optional<TypeElement> hidden = invisibleType(argument, from);
            if (hidden.isPresent()) {
                return hidden;
            }
        }
        return Optional.empty();
    }

    /**
     * Whether {@code method} declares a checked exception, which generated code cannot let through; such
     * an accessor is not used (the field then needs another way in, and says so).
     */
    private boolean throwsChecked(ExecutableElement method) {
        TypeMirror runtime = elements.getTypeElement("java.lang.RuntimeException").asType();
        TypeMirror error = elements.getTypeElement("java.lang.Error").asType();
        return method.getThrownTypes().stream()
                .anyMatch(t -> !types.isSubtype(t, runtime) && !types.isSubtype(t, error));
    }

    /** Whether generated code in the package of {@code from} can use {@code member}. */
    private boolean accessible(Element member, TypeElement from) {
        if (member.getModifiers().contains(Modifier.PUBLIC)) {
            return true;
        }
        if (member.getModifiers().contains(Modifier.PRIVATE)) {
            return false;
        }
        PackageElement memberPackage = elements.getPackageOf(member);
        return memberPackage.equals(elements.getPackageOf(from));
    }

    private static TypeElement rootOf(Deque<TypeElement> path) {
        return path.getFirst();
    }

    private static boolean isTransient(Element element) {
        return AnnotationReader.isPresent(element, Annotations.TRANSIENT)
                || element.getModifiers().contains(Modifier.TRANSIENT);
    }

    private static String defaultLiteral(TypeMirror type) {
        switch (type.getKind()) {
            case BOOLEAN:
                return "false";
            case CHAR:
                return "'\\0'";
            case BYTE:
                return "(byte) 0";
            case SHORT:
                return "(short) 0";
            case INT:
                return "0";
            case LONG:
                return "0L";
            case FLOAT:
                return "0f";
            case DOUBLE:
                return "0d";
            default:
                return "null";
        }
    }

    private static String describeKind(ElementKind kind) {
        switch (kind) {
            case INTERFACE:
                return "an interface";
            case ENUM:
                return "an enum";
            case ANNOTATION_TYPE:
                return "an annotation type";
            default:
                return "a " + kind.name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static String capitalize(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
