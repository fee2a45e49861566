package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.PropertyPath;
import io.kvmapper.processor.names.GeneratedNames;
import io.kvmapper.processor.names.GeneratedNames.Mapping;
import io.kvmapper.processor.names.MethodNames;
import io.kvmapper.processor.query.BranchPlan;
import io.kvmapper.processor.query.QueryMethod;
import io.kvmapper.processor.query.QueryPlan;
import io.kvmapper.processor.query.QueryPredicate;
import io.kvmapper.processor.query.QueryRepository;
import io.kvmapper.processor.query.QueryRepositoryValidator;
import io.kvmapper.processor.query.Source;
import io.kvmapper.processor.query.parse.Operator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Writes {@code <Interface>_Impl}, the implementation of a {@code @Repository} interface: the CRUD methods
 * delegated to the entity's generated repository, {@code with(tx)}, and each derived query as the scans its plan
 * names, built from the arguments and run by the runtime's {@code EntityQuery} on the entity's operations (or, for
 * a {@code countBy} a counter answers, one counter read). Arguments are encoded once, as the key and the indexes
 * encode values; predicates the scans do not serve become filters on those encodings.
 */
public final class QueryRepositoryWriter {
    private final Elements elements;
    private final Types types;

    /** A writer using the compiler's utilities. */
    public QueryRepositoryWriter(Elements elements, Types types) {
        this.elements = elements;
        this.types = types;
    }

    /** The implementation of {@code repository}. */
    public TypeSpec write(QueryRepository repository) {
        TypeElement element = repository.element();
        ClassName iface = ClassName.get(element);
        ClassName self = GeneratedNames.queryImplementation(iface);
        EntityModel entity = repository.entity();
        ClassName entityType = entity.className();
        ClassName crud = GeneratedNames.repository(entityType);
        TypeName operations = ParameterizedTypeName.get(RuntimeTypes.ENTITY_OPERATIONS, entityType);
        TypeSpec.Builder type = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(iface)
                .addJavadoc("The queries of {@link $T} on {@link $T} entities, each served by the key or an index as "
                        + "its javadoc says. Thread-safe.\n", iface, entityType)
                .addOriginatingElement(element);
        GeneratedAnnotation.of(elements).ifPresent(type::addAnnotation);
        type.addField(FieldSpec.builder(crud, "repository", Modifier.PRIVATE, Modifier.FINAL).build());
        type.addField(FieldSpec.builder(operations, "operations", Modifier.PRIVATE, Modifier.FINAL).build());
        MethodSpec.Builder constructor = MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                .addJavadoc("The queries over {@code store}.\n")
                .addParameter(RuntimeTypes.KV_STORE, "store")
                .addStatement("this(new $T(store), new $T<>(store, $T.$L))", crud, RuntimeTypes.ENTITY_OPERATIONS,
                        GeneratedNames.mapping(entityType), GeneratedNames.INSTANCE);
        if (elements.getTypeElement(RuntimeTypes.INJECT.canonicalName()) != null) {
            constructor.addAnnotation(RuntimeTypes.INJECT);
        }
        type.addMethod(constructor.build());
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE)
                .addParameter(crud, "repository").addParameter(operations, "operations")
                .addStatement("this.repository = repository").addStatement("this.operations = operations").build());
        MethodSpec.Builder with = MethodSpec.methodBuilder("with").addModifiers(Modifier.PUBLIC)
                .addJavadoc("These queries, working inside {@code tx}.\n")
                .addParameter(RuntimeTypes.TRANSACTION, "tx")
                .addStatement("return new $T(this.repository.with(tx), this.operations.with(tx))", self);
        type.addMethod(repository.with() != null ? with.addAnnotation(Override.class).returns(iface).build()
                : with.returns(self).build());
        for (MethodSpec method : crudMethods(repository)) {
            type.addMethod(method);
        }
        Helpers helpers = new Helpers(entity);
        for (QueryMethod method : repository.methods()) {
            type.addMethod(new QueryMethodWriter(repository, method, helpers).write());
        }
        helpers.fields().forEach(type::addField);
        helpers.methods().forEach(type::addMethod);
        return type.build();
    }

    /** The methods of {@code CrudRepository}, as members of the interface, delegated to the entity's repository. */
    private List<MethodSpec> crudMethods(QueryRepository repository) {
        TypeElement crudType = elements.getTypeElement(QueryRepositoryValidator.CRUD_REPOSITORY);
        DeclaredType self = (DeclaredType) repository.element().asType();
        List<MethodSpec> methods = new ArrayList<>();
        for (ExecutableElement method : ElementFilter.methodsIn(crudType.getEnclosedElements())) {
            if (!method.getModifiers().contains(Modifier.ABSTRACT)) {
                continue;
            }
            ExecutableType resolved = (ExecutableType) types.asMemberOf(self, method);
            String name = method.getSimpleName().toString();
            MethodSpec.Builder delegate = MethodSpec.methodBuilder(name).addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC).returns(TypeName.get(resolved.getReturnType()));
            List<String> arguments = new ArrayList<>();
            for (int i = 0; i < method.getParameters().size(); i++) {
                String parameter = crudParameter(name, method.getParameters().get(i), i);
                delegate.addParameter(TypeName.get(resolved.getParameterTypes().get(i)), parameter);
                arguments.add(parameter);
            }
            methods.add(delegate.addStatement("$Lthis.repository.$L($L)",
                    resolved.getReturnType().getKind() == javax.lang.model.type.TypeKind.VOID ? "" : "return ", name,
                    String.join(", ", arguments)).build());
        }
        return methods;
    }

    private static String crudParameter(String method, VariableElement parameter, int index) {
        return switch (method) {
            case "save", "insert" -> "entity";
            case "findAllById" -> "ids";
            case "findById", "existsById", "deleteById" -> "id";
            default -> parameter.getSimpleName().toString().matches("arg\\d+") ? "argument" + index
                    : parameter.getSimpleName().toString();
        };
    }

    /**
     * The private static helpers of one {@code _Impl}, each written once however many methods use it: the
     * encoders of arguments (as index values, and as key components ascending or descending), the readers of an
     * entity's encoded values for filters, and the head of the entity's record keys.
     */
    private static final class Helpers {
        private static final String RECORD_HEAD = "RECORD_HEAD";
        private final EntityModel entity;
        private final Map<String, MethodSpec> methods = new LinkedHashMap<>();
        private boolean recordHead;

        Helpers(EntityModel entity) {
            this.entity = entity;
        }

        List<FieldSpec> fields() {
            if (!recordHead) {
                return List.of();
            }
            return List.of(FieldSpec.builder(byte[].class, RECORD_HEAD, Modifier.PRIVATE, Modifier.STATIC,
                    Modifier.FINAL).initializer("$T.partitionHead($T.$L)", RuntimeTypes.RECORD_KEYS,
                    GeneratedNames.mapping(entity.className()), Mapping.ENTITY).build());
        }

        List<MethodSpec> methods() {
            return List.copyOf(methods.values());
        }

        String recordHead() {
            recordHead = true;
            return RECORD_HEAD;
        }

        /** {@code encodeAge(value)}: a value as an index holds it; null as null. */
        String valueEncoder(PropertyPath path) {
            String name = "encode" + GeneratedNames.capitalize(path.camelName());
            methods.computeIfAbsent(name, n -> MethodSpec.methodBuilder(n)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(byte[].class)
                    .addParameter(path.scalar().typeName().box(), "value")
                    .beginControlFlow("if (value == null)")
                    .addStatement("return $T.NULL", RuntimeTypes.QUERY_ARGUMENTS)
                    .endControlFlow()
                    .addStatement("return new $T(16).$L(value).toByteArray()", RuntimeTypes.TUPLE_WRITER,
                            path.scalar().kind().tupleWriter())
                    .build());
            return name;
        }

        /** {@code encodeIdKey(value)}: a key component as keys hold it (descending where it is); never null. */
        String keyEncoder(KeyPart part, boolean descending) {
            String name = "encode" + GeneratedNames.capitalize(part.name()) + "Key" + (descending ? "Descending" : "");
            methods.computeIfAbsent(name, n -> MethodSpec.methodBuilder(n)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(byte[].class)
                    .addParameter(part.scalar().typeName().box(), "value")
                    .addStatement("return new $T(16).$L$L($T.require(value, $T.$L, $S)).toByteArray()",
                            RuntimeTypes.TUPLE_WRITER, descending ? "descending()." : "",
                            part.scalar().kind().tupleWriter(), RuntimeTypes.RECORD_KEYS,
                            GeneratedNames.mapping(entity.className()), Mapping.ENTITY, part.name())
                    .build());
            return name;
        }

        /**
         * {@code valueOfAddressCity(entity)}: an entity's encoded value of a scalar path (null through a null
         * embedded object); or {@code valuesOfTags(entity)}: a collection's encoded elements, null for null.
         */
        String reader(PropertyPath path) {
            String encoder = valueEncoder(path);
            String name = (path.collection() ? "valuesOf" : "valueOf") + GeneratedNames.capitalize(path.camelName());
            if (methods.containsKey(name)) {
                return name;
            }
            TypeName returns = path.collection() ? ParameterizedTypeName.get(ClassName.get(List.class),
                    TypeName.get(byte[].class)) : TypeName.get(byte[].class);
            MethodSpec.Builder method = MethodSpec.methodBuilder(name).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(returns).addParameter(entity.className(), "entity");
            MethodNames names = MethodNames.keeping(List.of("entity"));
            String source = "entity";
            List<Property> steps = path.steps();
            CodeBlock absent = path.collection() ? CodeBlock.of("null") : CodeBlock.of("$T.NULL", RuntimeTypes.QUERY_ARGUMENTS);
            for (Property step : steps.subList(0, steps.size() - 1)) {
                String local = names.newName(step.name());
                method.addStatement("$T $L = $L", step.type().typeName(), local, step.readFrom(source))
                        .beginControlFlow("if ($L == null)", local).addStatement("return $L", absent).endControlFlow();
                source = local;
            }
            Property last = steps.get(steps.size() - 1);
            if (!path.collection()) {
                method.addStatement("return $L($L)", encoder, last.readFrom(source));
            } else {
                String elements = names.newName(last.name());
                String encoded = names.newName("encoded");
                String element = names.newName("element");
                method.addStatement("$T $L = $L", last.type().typeName(), elements, last.readFrom(source))
                        .beginControlFlow("if ($L == null)", elements).addStatement("return null").endControlFlow()
                        .addStatement("$T<byte[]> $L = new $T<>($L.size())", List.class, encoded, ArrayList.class, elements)
                        .beginControlFlow("for ($T $L : $L)", path.scalar().typeName().box(), element, elements)
                        .addStatement("$L.add($L($L))", encoded, encoder, element)
                        .endControlFlow()
                        .addStatement("return $L", encoded);
            }
            methods.put(name, method.build());
            return name;
        }
    }

    /** Writes one derived query method. */
    private final class QueryMethodWriter {
        private final QueryRepository repository;
        private final QueryMethod method;
        private final Helpers helpers;
        private final EntityModel entity;
        private final MethodNames names;
        private final CodeBlock.Builder preamble = CodeBlock.builder();
        private final CodeBlock.Builder body = CodeBlock.builder();
        private final Map<String, String> encoded = new LinkedHashMap<>();
        private final String label;
        private final Map<String, VariableElement> parameters = new LinkedHashMap<>();

        QueryMethodWriter(QueryRepository repository, QueryMethod method, Helpers helpers) {
            this.repository = repository;
            this.method = method;
            this.helpers = helpers;
            this.entity = repository.entity();
            List<String> kept = new ArrayList<>();
            for (VariableElement parameter : method.element().getParameters()) {
                kept.add(parameter.getSimpleName().toString());
                parameters.put(parameter.getSimpleName().toString(), parameter);
            }
            this.names = MethodNames.keeping(kept);
            this.label = repository.element().getSimpleName() + "." + method.name();
        }

        MethodSpec write() {
            DeclaredType self = (DeclaredType) repository.element().asType();
            ExecutableType resolved = (ExecutableType) types.asMemberOf(self, method.element());
            MethodSpec.Builder spec = MethodSpec.methodBuilder(method.name()).addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC).returns(TypeName.get(resolved.getReturnType()))
                    .addJavadoc("$L.\n", GeneratedNames.capitalize(method.plan().describe()));
            for (int i = 0; i < method.element().getParameters().size(); i++) {
                VariableElement parameter = method.element().getParameters().get(i);
                spec.addParameter(ParameterSpec.builder(TypeName.get(resolved.getParameterTypes().get(i)),
                        parameter.getSimpleName().toString()).build());
            }
            checkArguments();
            QueryPlan plan = method.plan();
            if (plan.counter() != null) {
                writeCounter();
            } else {
                writeQuery();
            }
            return spec.addCode(preamble.build()).addCode(body.build()).build();
        }

        /** Rejects null arguments where no value can stand for them: key components, range bounds. */
        private void checkArguments() {
            for (List<QueryPredicate> group : method.groups()) {
                for (QueryPredicate predicate : group) {
                    for (String parameter : predicate.parameters()) {
                        if (parameters.get(parameter).asType().getKind().isPrimitive() || predicate.operator() == Operator.IN) {
                            continue;
                        }
                        if (predicate.keyPart() != null) {
                            preamble.addStatement("$T.require($L, $T.$L, $S)", RuntimeTypes.RECORD_KEYS, parameter,
                                    GeneratedNames.mapping(entity.className()), Mapping.ENTITY, parameter);
                        } else if (predicate.operator().kind() == Operator.Kind.RANGE) {
                            preamble.addStatement("$T.requireBound($L, $S, $S)", RuntimeTypes.QUERY_ARGUMENTS, parameter,
                                    label, parameter);
                        }
                    }
                }
            }
        }

        private void writeCounter() {
            List<CodeBlock> group = new ArrayList<>();
            for (PropertyPath path : method.plan().counter().groupBy()) {
                QueryPredicate predicate = method.groups().get(0).stream()
                        .filter(p -> Source.samePath(p.path(), path)).findFirst().orElseThrow();
                group.add(component(predicate, null));
            }
            body.addStatement("return this.operations.counter($S, $L)", method.plan().counter().name(), concat(group));
        }

        private void writeQuery() {
            QueryPlan plan = method.plan();
            List<CodeBlock> bound = new ArrayList<>();
            for (List<QueryPredicate> group : method.groups()) {
                for (QueryPredicate predicate : group) {
                    for (int i = 0; i < predicate.parameters().size(); i++) {
                        bound.add(CodeBlock.of("$L", value(predicate, i)));
                    }
                }
            }
            String query = names.newName("query");
            body.addStatement("$T<$T> $L = $T.of(this.operations, $S, $L)", RuntimeTypes.ENTITY_QUERY,
                    entity.className(), query, RuntimeTypes.ENTITY_QUERY, label,
                    bound.isEmpty() ? CodeBlock.of("new byte[0]")
                            : CodeBlock.of("$T.bind($L)", RuntimeTypes.QUERY_ARGUMENTS, CodeBlock.join(bound, ", ")));
            if (plan.merge() == QueryPlan.Merge.KEY) {
                body.addStatement("$L.inKeyOrder()", query);
            }
            if (plan.ordered()) {
                body.addStatement("$L.ordered()", query);
            }
            if (method.limit() > 0) {
                body.addStatement("$L.limit($L)", query, method.limit());
            }
            for (BranchPlan branch : plan.branches()) {
                writeScan(query, branch, plan.merge() == QueryPlan.Merge.ORDER);
            }
            switch (method.returns()) {
                case LIST -> body.addStatement("return $L.list()", query);
                case STREAM -> body.addStatement("return $L.stream()", query);
                case PAGE -> body.addStatement("return $L.page($L)", query, method.pageParameter());
                case OPTIONAL -> body.addStatement("return $L.$L()", query, method.limit() == 1 ? "first" : "one");
                case ENTITY -> body.addStatement("return $L.$L().orElse(null)", query,
                        method.limit() == 1 ? "first" : "one");
                case COUNT -> body.addStatement("return $L.count()", query);
                case EXISTS -> body.addStatement("return $L.exists()", query);
                case DELETE_COUNT -> body.addStatement("return $L.delete($L)", query, matches());
                case DELETE_VOID -> body.addStatement("$L.delete($L)", query, matches());
            }
        }

        /** Adds the scans of one group: one, or one per combination of its In values. */
        private void writeScan(String query, BranchPlan branch, boolean mergedInOrder) {
            Source source = branch.source();
            List<CodeBlock> components = new ArrayList<>();
            int loops = 0;
            for (int i = 0; i < branch.prefix().size(); i++) {
                QueryPredicate predicate = branch.prefix().get(i);
                Source.Field field = source.fields().get(i);
                if (predicate.operator() == Operator.IN) {
                    String values = encodedList(predicate, field);
                    String value = names.newName(singular(predicate.parameters().get(0)));
                    body.beginControlFlow("for (byte[] $L : $L)", value, values);
                    loops++;
                    components.add(CodeBlock.of("$L", value));
                } else {
                    components.add(component(predicate, field));
                }
            }
            String prefix = names.newName("prefix");
            body.addStatement("byte[] $L = $L", prefix, prefixOf(source, components));
            CodeBlock range = range(branch, prefix);
            CodeBlock.Builder scan = CodeBlock.builder();
            if (source.isKey()) {
                scan.add("$T.records($L, $L)", RuntimeTypes.QUERY_SCAN, range,
                        !branch.staysInPartition(entity.partitionSize()));
            } else {
                scan.add("$T.index($S, $L)", RuntimeTypes.QUERY_SCAN, source.index().name(), range);
            }
            if (branch.reverse()) {
                scan.add(".reversed()");
            }
            if (mergedInOrder) {
                int from = Math.max(0, branch.orderFrom());
                scan.add(".mergedAfter($L)", from == branch.prefix().size() ? CodeBlock.of("$L", prefix)
                        : prefixOf(source, components.subList(0, from)));
            }
            if (branch.filters().isEmpty()) {
                body.addStatement("$L.scan($L)", query, scan.build());
            } else {
                String candidate = names.block().newName("entity");
                body.addStatement("$L.scan($L,$W$L -> $L)", query, scan.build(), candidate,
                        conditions(branch.filters(), candidate));
            }
            for (int i = 0; i < loops; i++) {
                body.endControlFlow();
            }
        }

        /** The prefix of the keys a scan reads: of record keys, or of index entries after the index's prefix. */
        private CodeBlock prefixOf(Source source, List<CodeBlock> components) {
            if (source.isKey()) {
                CodeBlock.Builder call = CodeBlock.builder().add("$T.recordPrefix($L, $L", RuntimeTypes.QUERY_ARGUMENTS,
                        helpers.recordHead(), entity.partitionSize());
                components.forEach(c -> call.add(", $L", c));
                return call.add(")").build();
            }
            return concat(components);
        }

        private CodeBlock concat(List<CodeBlock> components) {
            if (components.isEmpty()) {
                return CodeBlock.of("new byte[0]");
            }
            if (components.size() == 1) {
                return components.get(0);
            }
            return CodeBlock.of("$T.concat($L)", RuntimeTypes.QUERY_ARGUMENTS, CodeBlock.join(components, ", "));
        }

        private CodeBlock range(BranchPlan branch, String prefix) {
            if (branch.range().isEmpty()) {
                return CodeBlock.of("$T.all($L)", RuntimeTypes.COMPONENT_RANGES, prefix);
            }
            Source.Field field = branch.source().fields().get(branch.prefix().size());
            QueryPredicate first = branch.range().get(0);
            if (first.operator() == Operator.STARTING_WITH) {
                return CodeBlock.of("$T.startingWith($L, $L, $L)", RuntimeTypes.COMPONENT_RANGES, prefix,
                        encoding(first, 0, field), field.descending());
            }
            CodeBlock lower = CodeBlock.of("null");
            CodeBlock upper = CodeBlock.of("null");
            boolean lowerInclusive = false;
            boolean upperInclusive = false;
            for (QueryPredicate predicate : branch.range()) {
                Operator operator = predicate.operator();
                if (operator == Operator.BETWEEN) {
                    lower = CodeBlock.of("$L", encoding(predicate, 0, field));
                    upper = CodeBlock.of("$L", encoding(predicate, 1, field));
                    lowerInclusive = true;
                } else if (operator.bindsLower()) {
                    lower = CodeBlock.of("$L", encoding(predicate, 0, field));
                    lowerInclusive = operator == Operator.GREATER_THAN_EQUAL;
                } else {
                    upper = CodeBlock.of("$L", encoding(predicate, 0, field));
                    upperInclusive = operator == Operator.LESS_THAN_EQUAL;
                }
            }
            return CodeBlock.of("$T.range($L, $L, $L, $L, $L, $L, $L)", RuntimeTypes.COMPONENT_RANGES, prefix, lower,
                    lowerInclusive, upper, upperInclusive, field.descending(), field.keyPart() == null);
        }

        /** One fixed element of a prefix or a counter group: an argument, null, true or false. */
        private CodeBlock component(QueryPredicate predicate, Source.Field field) {
            return switch (predicate.operator()) {
                case IS_NULL -> CodeBlock.of("$T.NULL", RuntimeTypes.QUERY_ARGUMENTS);
                case TRUE -> field != null && field.keyPart() != null ? keyConstant(field, true)
                        : CodeBlock.of("$T.TRUE", RuntimeTypes.QUERY_FILTERS);
                case FALSE -> field != null && field.keyPart() != null ? keyConstant(field, false)
                        : CodeBlock.of("$T.FALSE", RuntimeTypes.QUERY_FILTERS);
                default -> CodeBlock.of("$L", field == null ? value(predicate, 0) : encoding(predicate, 0, field));
            };
        }

        private CodeBlock keyConstant(Source.Field field, boolean value) {
            return CodeBlock.of("$L($L)", helpers.keyEncoder(field.keyPart(), field.descending()), value);
        }

        /** The local holding argument {@code index} of a predicate encoded as {@code field} holds it. */
        private String encoding(QueryPredicate predicate, int index, Source.Field field) {
            if (field.keyPart() == null) {
                return value(predicate, index);
            }
            String parameter = predicate.parameters().get(index);
            String encoder = helpers.keyEncoder(field.keyPart(), field.descending());
            return encoded.computeIfAbsent(parameter + "|" + encoder, k -> {
                String local = names.newName(parameter + (field.descending() ? "KeyDescending" : "Key"));
                preamble.addStatement("byte[] $L = $L($L)", local, encoder, parameter);
                return local;
            });
        }

        /** The local holding argument {@code index} of a predicate encoded as a value (a list for an In). */
        private String value(QueryPredicate predicate, int index) {
            String parameter = predicate.parameters().get(index);
            String encoder = helpers.valueEncoder(predicate.path());
            if (predicate.operator() == Operator.IN) {
                return encodedList(predicate, null);
            }
            return encoded.computeIfAbsent(parameter + "|" + encoder, k -> {
                String local = names.newName(parameter + "Value");
                preamble.addStatement("byte[] $L = $L($L)", local, encoder, parameter);
                return local;
            });
        }

        /** The local holding the encoded elements of an In argument, as {@code field} holds them (null: values). */
        private String encodedList(QueryPredicate predicate, Source.Field field) {
            String parameter = predicate.parameters().get(0);
            boolean key = field != null && field.keyPart() != null;
            String encoder = key ? helpers.keyEncoder(field.keyPart(), field.descending())
                    : helpers.valueEncoder(predicate.path());
            return encoded.computeIfAbsent(parameter + "|" + encoder + "[]", k -> {
                String local = names.newName(parameter + (key ? "Keys" : "Values"));
                preamble.addStatement("$T<byte[]> $L = $T.encodeEach($L, $T::$L, $S, $S)", List.class, local,
                        RuntimeTypes.QUERY_ARGUMENTS, parameter,
                        GeneratedNames.queryImplementation(ClassName.get(repository.element())), encoder, label,
                        parameter);
                return local;
            });
        }

        /** The whole query as a test of one entity, for a delete to check each entity again in its unit of work. */
        private CodeBlock matches() {
            String candidate = names.block().newName("entity");
            if (method.groups().isEmpty()) {
                return CodeBlock.of("$L -> true", candidate);
            }
            List<CodeBlock> groups = new ArrayList<>();
            for (List<QueryPredicate> group : method.groups()) {
                CodeBlock conditions = conditions(group, candidate);
                groups.add(method.groups().size() > 1 && group.size() > 1 ? CodeBlock.of("($L)", conditions) : conditions);
            }
            return CodeBlock.of("$L -> $L", candidate, CodeBlock.join(groups, "\n|| "));
        }

        private CodeBlock conditions(List<QueryPredicate> predicates, String candidate) {
            List<CodeBlock> tests = new ArrayList<>();
            for (QueryPredicate predicate : predicates) {
                tests.add(test(predicate, candidate));
            }
            return CodeBlock.join(tests, "\n&& ");
        }

        /** One predicate tested on an entity's encoded value. */
        private CodeBlock test(QueryPredicate predicate, String candidate) {
            PropertyPath path = predicate.path();
            CodeBlock read = CodeBlock.of("$L($L)", helpers.reader(path), candidate);
            ClassName filters = RuntimeTypes.QUERY_FILTERS;
            boolean collection = path.collection();
            return switch (predicate.operator()) {
                case EQUAL -> CodeBlock.of("$T.$L($L, $L)", filters, collection ? "contains" : "equal", read,
                        value(predicate, 0));
                case IN -> CodeBlock.of("$T.$L($L, $L)", filters, collection ? "containsAny" : "in", read,
                        value(predicate, 0));
                case IS_NULL -> CodeBlock.of("$T.isNull($L)", filters, read);
                case TRUE, FALSE -> CodeBlock.of("$T.$L($L, $T.$L)", filters, collection ? "contains" : "equal", read,
                        filters, predicate.operator() == Operator.TRUE ? "TRUE" : "FALSE");
                case STARTING_WITH -> CodeBlock.of("$T.startsWith($L, $L)", filters, read, value(predicate, 0));
                case BETWEEN -> CodeBlock.of("$T.range($L, $L, true, $L, false)", filters, read, value(predicate, 0),
                        value(predicate, 1));
                case GREATER_THAN, AFTER -> CodeBlock.of("$T.range($L, $L, false, null, false)", filters, read,
                        value(predicate, 0));
                case GREATER_THAN_EQUAL -> CodeBlock.of("$T.range($L, $L, true, null, false)", filters, read,
                        value(predicate, 0));
                case LESS_THAN, BEFORE -> CodeBlock.of("$T.range($L, null, false, $L, false)", filters, read,
                        value(predicate, 0));
                case LESS_THAN_EQUAL -> CodeBlock.of("$T.range($L, null, false, $L, true)", filters, read,
                        value(predicate, 0));
            };
        }
    }

    /** A loop variable's name for one element of a collection parameter: {@code statuses} gives {@code status}. */
    private static String singular(String plural) {
        if (plural.endsWith("ies") && plural.length() > 3) {
            return plural.substring(0, plural.length() - 3) + "y";
        }
        if (plural.endsWith("ses") && plural.length() > 3) {
            return plural.substring(0, plural.length() - 2);
        }
        if (plural.endsWith("s") && !plural.endsWith("ss") && plural.length() > 1) {
            return plural.substring(0, plural.length() - 1);
        }
        return plural + "Value";
    }
}
