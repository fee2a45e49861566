package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.kvmapper.processor.model.CounterModel;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.IndexModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.PropertyPath;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.model.ValueType;
import io.kvmapper.processor.names.GeneratedNames;
import io.kvmapper.processor.names.GeneratedNames.AttributeCodec;
import io.kvmapper.processor.names.GeneratedNames.Mapping;
import io.kvmapper.processor.names.GeneratedNames.Repository;
import io.kvmapper.processor.names.MethodNames;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code <Entity>Repository}, the public API of one entity: point reads and writes, prefix and
 * range finders with their paged forms, and {@code with(tx)}. Every method builds keys through the
 * mapping and delegates to {@code EntityOperations}.
 */
public final class RepositoryWriter {

    /**
     * The scalar kinds whose equal values always have equal encodings ({@code float} and {@code double}
     * are left out: their {@code equals} makes every NaN equal, whatever bits it is stored with; and a
     * {@code byte[]} is equal only to itself).
     */
    private static final Set<ScalarKind> EQUALS_ENCODE_ALIKE = EnumSet.complementOf(
            EnumSet.of(ScalarKind.FLOAT, ScalarKind.DOUBLE, ScalarKind.BYTES));
    private final Elements elements;

    /** A writer using the compiler's element utilities. */
    public RepositoryWriter(Elements elements) {
        this.elements = elements;
    }

    /** The repository class of {@code entity}. */
    public TypeSpec write(EntityModel entity) {
        ClassName entityType = entity.className();
        ClassName self = GeneratedNames.repository(entityType);
        TypeName operations = ParameterizedTypeName.get(RuntimeTypes.ENTITY_OPERATIONS, entityType);
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(RuntimeTypes.CRUD_REPOSITORY, entityType, idType(entity)))
                .addJavadoc("Stores and finds {@link $T} entities (stored as $S). Thread-safe.\n", entityType,
                        entity.storedName())
                .addOriginatingElement(entity.element());
        GeneratedAnnotation.of(elements).ifPresent(type::addAnnotation);
        type.addField(FieldSpec.builder(operations, "operations", Modifier.PRIVATE, Modifier.FINAL).build());

        MethodSpec.Builder constructor = MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                .addJavadoc("A repository over {@code store}.\n")
                .addParameter(RuntimeTypes.KV_STORE, "store")
                .addStatement("this(new $T<>(store, $T.$L))", RuntimeTypes.ENTITY_OPERATIONS,
                        GeneratedNames.mapping(entityType), GeneratedNames.INSTANCE);
        if (elements.getTypeElement(RuntimeTypes.INJECT.canonicalName()) != null) {
            constructor.addAnnotation(RuntimeTypes.INJECT);
        }
        type.addMethod(constructor.build());
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE)
                .addParameter(operations, "operations").addStatement("this.operations = operations").build());
        type.addMethod(MethodSpec.methodBuilder("with").addModifiers(Modifier.PUBLIC).returns(self)
                .addJavadoc("This repository, working inside {@code tx}.\n")
                .addParameter(RuntimeTypes.TRANSACTION, "tx")
                .addStatement("return new $T(this.operations.with(tx))", self).build());

        type.addMethod(MethodSpec.methodBuilder("save").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(entityType)
                .addJavadoc("Inserts {@code entity}, or replaces the entity with its key; returns the entity as stored"
                        + (entity.version().isPresent() ? ", at its new version" : "") + ".\n")
                .addParameter(entityType, "entity")
                .addStatement("return this.operations.save(entity)").build());
        type.addMethod(MethodSpec.methodBuilder("insert").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(entityType)
                .addJavadoc("Inserts {@code entity}; returns the entity as stored"
                        + (entity.version().isPresent() ? ", at version 1" : "")
                        + ".\n\n@throws $T if an entity with its key exists\n", RuntimeTypes.DUPLICATE_KEY_EXCEPTION)
                .addParameter(entityType, "entity")
                .addStatement("return this.operations.insert(entity)").build());
        TypeName optional = ParameterizedTypeName.get(ClassName.get(Optional.class), entityType);
        byId(type, entity, Repository.FIND_BY_ID, optional, "find", "The entity with this key.");
        type.addMethod(findAllById(entity));
        byId(type, entity, "existsById", TypeName.BOOLEAN, "exists", "Whether an entity with this key exists.");
        byId(type, entity, "deleteById", TypeName.BOOLEAN, "delete",
                "Deletes the entity with this key; whether there was one.");

        TypeName list = ParameterizedTypeName.get(ClassName.get(List.class), entityType);
        TypeName page = ParameterizedTypeName.get(RuntimeTypes.PAGE, entityType);
        ClassName mapping = GeneratedNames.mapping(entityType);
        type.addMethod(MethodSpec.methodBuilder("findAll").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(Stream.class), entityType))
                .addJavadoc("Every entity, in key order; streamed from the store, so close the stream.\n")
                .addStatement("return this.operations.stream($T.$L())", mapping, Mapping.ALL_RECORDS).build());
        type.addMethod(MethodSpec.methodBuilder("findAll").addModifiers(Modifier.PUBLIC).returns(page)
                .addJavadoc("A page of every entity, in key order.\n")
                .addParameter(RuntimeTypes.PAGE_REQUEST, "page")
                .addStatement("return this.operations.page($T.$L(), page)", mapping, Mapping.ALL_RECORDS).build());
        type.addMethod(count(entity));
        for (int count = 1; count < entity.keyParts().size(); count++) {
            type.addMethod(prefixFinder(entity, count, list, false));
            type.addMethod(prefixFinder(entity, count, page, true));
        }
        for (int index = 0; index < entity.keyParts().size(); index++) {
            type.addMethod(betweenFinder(entity, index, list, false));
            type.addMethod(betweenFinder(entity, index, page, true));
        }
        for (IndexModel index : entity.indexes()) {
            indexFinders(entity, index, list, page).forEach(type::addMethod);
        }
        for (CounterModel counter : entity.counters()) {
            counterGetters(entity, counter).forEach(type::addMethod);
        }
        for (Property property : entity.updatableProperties()) {
            type.addMethod(update(entity, property));
            elementWise(entity, property).forEach(type::addMethod);
        }
        integrity(type);
        if (entity.changeFeedRetention().isPresent()) {
            changeFeed(type, entity);
        }
        if (entity.hasCompositeKey()) {
            type.addType(keyRecord(entity));
        }
        return type.build();
    }

    /**
     * A method by key, {@code findById}, {@code existsById} or {@code deleteById}: taking the typed components,
     * and taking the {@link #idType} as {@code CrudRepository} declares it. For a key of one component of a
     * reference type the two are one method.
     */
    private static void byId(TypeSpec.Builder type, EntityModel entity, String name, TypeName returns, String operation,
            String doc) {
        ClassName mapping = GeneratedNames.mapping(entity.className());
        MethodSpec.Builder typed = MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC).returns(returns)
                .addJavadoc(doc + "\n");
        MappingWriter.addComponentParameters(typed, entity, entity.keyParts().size());
        typed.addStatement("return this.operations.$L($T.$L($L))", operation, mapping, Mapping.KEY,
                componentNames(entity, entity.keyParts().size()));
        TypeName id = idType(entity);
        if (!entity.hasCompositeKey() && !entity.keyParts().get(0).scalar().typeName().isPrimitive()) {
            type.addMethod(typed.addAnnotation(Override.class).build());
            return;
        }
        type.addMethod(typed.build());
        String parameter = "id";
        CodeBlock arguments;
        if (entity.hasCompositeKey()) {
            CodeBlock.Builder components = CodeBlock.builder();
            List<KeyPart> parts = entity.keyParts();
            for (int i = 0; i < parts.size(); i++) {
                components.add(i == 0 ? "$L.$L()" : ", $L.$L()", parameter, parts.get(i).name());
            }
            arguments = components.build();
        } else {
            // the cast unboxes, so that the call goes to the method taking the primitive, not back to this one
            arguments = CodeBlock.of("($T) $L", entity.keyParts().get(0).scalar().typeName(), parameter);
        }
        type.addMethod(MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(returns).addJavadoc(doc + "\n").addParameter(id, parameter)
                .addStatement("$T.require($L, $T.$L, $S)", RuntimeTypes.RECORD_KEYS, parameter, mapping, Mapping.ENTITY,
                        parameter)
                .addStatement("return $L($L)", name, arguments).build());
    }

    /** The key type of {@code CrudRepository}: the nested {@code Key} record, or the one component's boxed type. */
    private static TypeName idType(EntityModel entity) {
        return entity.hasCompositeKey() ? GeneratedNames.keyRecord(entity.className())
                : entity.keyParts().get(0).scalar().typeName().box();
    }

    /**
     * {@code count()}: one read of a counter without {@code groupBy} that counts (not sums), when the entity has
     * one; else a scan of the keys.
     */
    private static MethodSpec count(EntityModel entity) {
        Optional<CounterModel> total = entity.counters().stream()
                .filter(c -> c.groupBy().isEmpty() && c.sum().isEmpty()).findFirst();
        MethodSpec.Builder method = MethodSpec.methodBuilder("count").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(long.class);
        if (total.isPresent()) {
            return method.addJavadoc("How many entities there are: one read of counter '$L'.\n", total.get().name())
                    .addStatement("return this.operations.count($S)", total.get().name()).build();
        }
        return method.addJavadoc("How many entities there are: a scan of every record's keys; declare a "
                + "{@code @Counter} without {@code groupBy} to make it one read.\n")
                .addStatement("return this.operations.count()").build();
    }

    private MethodSpec findAllById(EntityModel entity) {
        TypeName idType = idType(entity);
        ClassName mapping = GeneratedNames.mapping(entity.className());
        CodeBlock.Builder arguments = CodeBlock.builder();
        if (entity.hasCompositeKey()) {
            List<KeyPart> parts = entity.keyParts();
            for (int i = 0; i < parts.size(); i++) {
                arguments.add(i == 0 ? "id.$L()" : ", id.$L()", parts.get(i).name());
            }
        } else {
            arguments.add("$T.require(id, $T.$L, $S)", RuntimeTypes.RECORD_KEYS, mapping, Mapping.ENTITY,
                    entity.keyParts().get(0).name());
        }
        MethodSpec.Builder method = MethodSpec.methodBuilder("findAllById").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), entity.className()))
                .addJavadoc("The entities with these keys, in the order given, skipping absent ones; one multi-get.\n")
                .addParameter(ParameterizedTypeName.get(ClassName.get(Collection.class), idType), "ids")
                .addStatement("this.operations.requireIds(ids)")
                .addStatement("$T<byte[]> keys = new $T<>(ids.size())", List.class, ArrayList.class)
                .beginControlFlow("for ($T id : ids)", idType);
        if (entity.hasCompositeKey()) {
            method.addStatement("$T.require(id, $T.$L, $S)", RuntimeTypes.RECORD_KEYS, mapping, Mapping.ENTITY, "id");
        }
        return method.addStatement("keys.add($T.$L($L))", mapping, Mapping.KEY, arguments.build())
                .endControlFlow()
                .addStatement("return this.operations.findAll(keys)").build();
    }

    private MethodSpec prefixFinder(EntityModel entity, int count, TypeName returns, boolean paged) {
        List<String> names = MappingWriter.componentNames(entity, count);
        MethodSpec.Builder method = MethodSpec.methodBuilder(Repository.finder(names, false))
                .addModifiers(Modifier.PUBLIC).returns(returns)
                .addJavadoc(paged ? "A page of the entities whose key starts with these components, in key order.\n"
                        : "The entities whose key starts with these components, in key order.\n");
        MappingWriter.addComponentParameters(method, entity, count);
        CodeBlock range = CodeBlock.of("$T.$L($L)", GeneratedNames.mapping(entity.className()),
                Mapping.recordRange(names, false), componentNames(entity, count));
        return finish(method, range, paged, MethodNames.keeping(names));
    }

    private MethodSpec betweenFinder(EntityModel entity, int index, TypeName returns, boolean paged) {
        List<String> names = MappingWriter.componentNames(entity, index + 1);
        KeyPart ranged = entity.keyParts().get(index);
        MethodNames scope = MethodNames.keeping(names.subList(0, index));
        String from = scope.newName("from");
        String to = scope.newName("to");
        MethodSpec.Builder method = MethodSpec.methodBuilder(Repository.finder(names, true))
                .addModifiers(Modifier.PUBLIC).returns(returns)
                .addJavadoc("$L whose '$L' lies from {@code $L} (inclusive) to {@code $L} (exclusive)$L, $L.\n",
                        paged ? "A page of the entities" : "The entities", ranged.name(), from, to,
                        index == 0 ? "" : " after the given key prefix",
                        ranged.descending() ? "'" + ranged.name() + "' descending" : "in key order");
        MappingWriter.addComponentParameters(method, entity, index);
        method.addParameter(ranged.scalar().typeName(), from).addParameter(ranged.scalar().typeName(), to);
        String arguments = componentNames(entity, index);
        arguments = (arguments.isEmpty() ? "" : arguments + ", ") + from + ", " + to;
        CodeBlock range = CodeBlock.of("$T.$L($L)", GeneratedNames.mapping(entity.className()),
                Mapping.recordRange(names, true), arguments);
        return finish(method, range, paged, scope);
    }

    /** Ends a finder: a list of what {@code range} holds, or a page of it after a last {@code PageRequest}. */
    private static MethodSpec finish(MethodSpec.Builder method, CodeBlock range, boolean paged, MethodNames scope) {
        if (paged) {
            String page = scope.newName("page");
            return method.addParameter(RuntimeTypes.PAGE_REQUEST, page)
                    .addStatement("return this.operations.page($L, $L)", range, page).build();
        }
        return method.addStatement("return this.operations.list($L)", range).build();
    }

    /**
     * For a unique index on one top-level field of a kind whose equal values always encode alike, a
     * lambda telling whether a found entity holds the finder's argument: {@code stored ->
     * Objects.equals(stored.email(), email)}. The unique finder tries it before comparing encodings,
     * which saves encoding the entity's value again on every hit; where it says no (values that are not
     * equal may still encode alike: {@code 1.0} and {@code 1.00}), the encodings decide. Null for any
     * other index (a path through embedded objects, a collection, an {@code Optional}, a kind outside
     * {@link #EQUALS_ENCODE_ALIKE}): the encodings alone decide.
     */
    private static CodeBlock holdsTest(List<PropertyPath> paths, String argument) {
        if (paths.size() != 1 || paths.get(0).steps().size() != 1 || paths.get(0).collection()) {
            return null;
        }
        Property field = paths.get(0).steps().get(0);
        if (!(field.type() instanceof ValueType.Scalar scalar) || !EQUALS_ENCODE_ALIKE.contains(scalar.kind())) {
            return null;
        }
        String stored = MethodNames.keeping(List.of(argument)).block().newName("stored");
        return CodeBlock.of("$L -> $T.equals($L, $L)", stored, Objects.class, field.readFrom(stored), argument);
    }

    private static List<MethodSpec> indexFinders(EntityModel entity, IndexModel index, TypeName list, TypeName page) {
        ClassName mapping = GeneratedNames.mapping(entity.className());
        List<MethodSpec> methods = new ArrayList<>();
        String finder = Repository.finder(List.of(index.name()), false);
        List<PropertyPath> paths = index.paths();
        String arguments = String.join(", ", paths.stream().map(PropertyPath::camelName).toList());
        CodeBlock value = CodeBlock.of("$T.$L($L)", mapping, Mapping.indexValue(index.name()), arguments);
        String described = describe(paths);
        if (index.unique()) {
            MethodSpec.Builder unique = MethodSpec.methodBuilder(finder).addModifiers(Modifier.PUBLIC)
                    .returns(ParameterizedTypeName.get(ClassName.get(Optional.class), entity.className()))
                    .addJavadoc("The entity whose $L (unique index '$L'); empty if none, or if an argument is "
                            + "null, since nulls are not indexed.\n", described, index.name());
            paths.forEach(p -> unique.addParameter(p.parameterType(), p.camelName()));
            CodeBlock holds = holdsTest(paths, arguments);
            methods.add((holds == null
                    ? unique.addStatement("return this.operations.findByUniqueIndex($S, $L)", index.name(), value)
                    : unique.addStatement("return this.operations.findByUniqueIndex($S, $L,$W$L)", index.name(), value,
                            holds))
                    .build());
        } else {
            for (boolean paged : List.of(false, true)) {
                MethodSpec.Builder method = MethodSpec.methodBuilder(finder).addModifiers(Modifier.PUBLIC)
                        .returns(paged ? page : list)
                        .addJavadoc("$L whose $L (index '$L'), in index order$L.\n",
                                paged ? "A page of the entities" : "The entities", described, index.name(),
                                paths.stream().anyMatch(PropertyPath::collection) ? ""
                                        : "; a null argument finds the entities where that value is null");
                paths.forEach(p -> method.addParameter(p.parameterType(), p.camelName()));
                methods.add(finishIndex(method, CodeBlock.of("this.operations.findByIndex($S, $L", index.name(), value),
                        paged, MethodNames.keeping(paths.stream().map(PropertyPath::camelName).toList())));
            }
        }
        PropertyPath last = paths.get(paths.size() - 1);
        List<PropertyPath> leading = paths.subList(0, paths.size() - 1);
        MethodNames scope = MethodNames.keeping(leading.stream().map(PropertyPath::camelName).toList());
        String from = scope.newName("from");
        String to = scope.newName("to");
        String bound = paths.size() == 1 ? Mapping.indexValue(index.name()) : Mapping.indexLast(index.name());
        CodeBlock prefix = paths.size() == 1 ? CodeBlock.of("new byte[0]") : CodeBlock.of("$T.$L($L)", mapping,
                Mapping.indexPrefix(index.name()),
                String.join(", ", leading.stream().map(PropertyPath::camelName).toList()));
        CodeBlock range = CodeBlock.of("this.operations.findByIndexBetween($S, $L, $T.$L($L), $T.$L($L)",
                index.name(), prefix, mapping, bound, from, mapping, bound, to);
        for (boolean paged : List.of(false, true)) {
            MethodSpec.Builder method = MethodSpec.methodBuilder(Repository.finder(List.of(index.name()), true))
                    .addModifiers(Modifier.PUBLIC).returns(paged ? page : list)
                    .addJavadoc("$L whose $L from {@code $L} (inclusive) to {@code $L} (exclusive)$L, in index "
                            + "order (index '$L')$L.\n", paged ? "A page of the entities" : "The entities",
                            last.collection() ? last.dotted() + " hold an element" : last.dotted() + " lies",
                            from, to, leading.isEmpty() ? "" : " after the given leading values", index.name(),
                            last.collection() ? "; an entity appears once for each such element" : "");
            leading.forEach(p -> method.addParameter(p.parameterType(), p.camelName()));
            method.addParameter(last.parameterType(), from)
                    .addParameter(last.parameterType(), to);
            methods.add(finishIndex(method, range, paged, scope));
        }
        return methods;
    }

    /** "status is the given value", "tags contain the given element", "city and age are the given values". */
    private static String describe(List<PropertyPath> paths) {
        if (paths.size() == 1 && paths.get(0).collection()) {
            return paths.get(0).dotted() + " contain the given element";
        }
        String names = paths.stream().map(PropertyPath::dotted).collect(Collectors.joining(" and "));
        return paths.size() == 1 ? names + " is the given value" : names + " are the given values";
    }

    /** Ends an index finder: {@code call} as it is, or with a last {@code PageRequest} for a page. */
    private static MethodSpec finishIndex(MethodSpec.Builder method, CodeBlock call, boolean paged, MethodNames scope) {
        if (paged) {
            String page = scope.newName("page");
            return method.addParameter(RuntimeTypes.PAGE_REQUEST, page).addStatement("return $L, $L)", call, page)
                    .build();
        }
        return method.addStatement("return $L)", call).build();
    }

    private static List<MethodSpec> counterGetters(EntityModel entity, CounterModel counter) {
        ClassName mapping = GeneratedNames.mapping(entity.className());
        List<MethodSpec> methods = new ArrayList<>();
        String what = counter.sum().map(s -> "The sum of " + s.dotted() + " over the entities").orElse("The number of "
                + "entities");
        MethodSpec.Builder getter = MethodSpec.methodBuilder(getter(counter)).addModifiers(Modifier.PUBLIC)
                .returns(long.class)
                .addJavadoc(counter.groupBy().isEmpty() ? what + " (counter '$L'); one read.\n"
                        : what + " whose " + describe(counter.groupBy()) + " (counter '$L'); one read.\n",
                        counter.name());
        counter.groupBy().forEach(p -> getter.addParameter(p.parameterType(), p.camelName()));
        methods.add(getter.addStatement("return this.operations.counter($S, $T.$L($L))", counter.name(), mapping,
                Mapping.counterGroupOf(counter.name()),
                String.join(", ", counter.groupBy().stream().map(PropertyPath::camelName).toList()))
                .build());
        if (counter.groupBy().size() == 1) {
            PropertyPath group = counter.groupBy().get(0);
            TypeName map = ParameterizedTypeName.get(ClassName.get(Map.class), group.scalar().typeName().box(),
                    ClassName.get(Long.class));
            methods.add(MethodSpec.methodBuilder(getter(counter)).addModifiers(Modifier.PUBLIC).returns(map)
                    .addJavadoc(what + " per $L, for every group that is not zero, in group order (counter '$L'); "
                            + "one scan.\n", group.dotted(), counter.name())
                    .addStatement("return this.operations.counterGroups($S, $T::$L)", counter.name(), mapping,
                            Mapping.counterReadGroup(counter.name())).build());
        } else if (counter.groupBy().size() > 1) {
            // the map over the last group field, for given values of the leading ones: countByCodeAndDay(code)
            List<PropertyPath> leading = counter.groupBy().subList(0, counter.groupBy().size() - 1);
            PropertyPath last = counter.groupBy().get(counter.groupBy().size() - 1);
            TypeName map = ParameterizedTypeName.get(ClassName.get(Map.class), last.scalar().typeName().box(),
                    ClassName.get(Long.class));
            MethodSpec.Builder groups = MethodSpec.methodBuilder(getter(counter)).addModifiers(Modifier.PUBLIC)
                    .returns(map)
                    .addJavadoc(what + " whose " + describe(leading) + ", per $L, for every group that is not zero, in "
                            + "group order (counter '$L'); one scan.\n", last.dotted(), counter.name());
            leading.forEach(p -> groups.addParameter(p.parameterType(), p.camelName()));
            methods.add(groups.addStatement("return this.operations.counterGroups($S, $T.$L($L), $T::$L)",
                    counter.name(), mapping, Mapping.counterGroupPrefix(counter.name()),
                    String.join(", ", leading.stream().map(PropertyPath::camelName).toList()), mapping,
                    Mapping.counterReadLast(counter.name())).build());
        }
        return methods;
    }

    private static MethodSpec update(EntityModel entity, Property property) {
        MethodSpec.Builder method = MethodSpec.methodBuilder("update" + GeneratedNames.capitalize(property.name()))
                .addModifiers(Modifier.PUBLIC).returns(TypeName.BOOLEAN)
                .addJavadoc("Sets '$L' of the entity with this key, atomically; indexes and counters follow. Returns "
                        + "false if there is no such entity.$L\n", property.name(),
                        entity.isAttributePerKey() ? " Writes the field's own keys only." : "");
        MappingWriter.addComponentParameters(method, entity, entity.keyParts().size());
        MethodNames scope = MethodNames.keeping(MappingWriter.componentNames(entity, entity.keyParts().size()));
        String parameter = scope.newName(property.name());
        method.addParameter(property.type().typeName(), parameter);
        String out = scope.block().newName("out");
        CodeBlock write = CodeBlock.of("$L -> $T.$L($L, $L)", out, GeneratedNames.attributeCodec(entity.className()),
                AttributeCodec.fieldWriter(property.name()), out, parameter);
        return method.addStatement(change(entity, property, "setAttribute", List.of(write),
                scope.block().newName("current"), CodeBlock.of("$L", parameter))).build();
    }

    /**
     * The statement of a partial update: in the monolithic layout {@code operations.update(key, change)},
     * a read-modify-write of the value; in the attribute-per-key layout
     * {@code operations.<verb>(key, FIELD, arguments..., change)}, which writes the field's own keys and
     * needs the change only when indexes, counters or a version depend on the field.
     */
    private static CodeBlock change(EntityModel entity, Property property, String verb, List<CodeBlock> arguments,
            String current, CodeBlock changed) {
        ClassName mapping = GeneratedNames.mapping(entity.className());
        CodeBlock key = CodeBlock.of("$T.$L($L)", mapping, Mapping.KEY, componentNames(entity, entity.keyParts().size()));
        CodeBlock lambda = CodeBlock.of("$L -> $T.$L($L, $L)", current, mapping, Mapping.with(property.name()), current,
                changed);
        if (!entity.isAttributePerKey()) {
            return CodeBlock.of("return this.operations.update($L,$W$L)", key, lambda);
        }
        CodeBlock.Builder call = CodeBlock.builder().add("return this.operations.$L($L, $T.$L", verb, key,
                GeneratedNames.attributeCodec(entity.className()), AttributeCodec.fieldConstant(property.name()));
        for (CodeBlock argument : arguments) {
            call.add(",$W$L", argument);
        }
        return call.add(",$W$L)", lambda).build();
    }

    /**
     * Element-wise changes of a collection field, each atomic like {@code updateX}: {@code appendX},
     * {@code insertX}, {@code removeXAt} for a list; {@code addX}, {@code removeX} for a set;
     * {@code putX}, {@code removeX} for a map. In the attribute-per-key layout each writes the keys of
     * the one element it changes. A {@link ValueType.Databind} field, of a collection or map type too, is one
     * opaque value and gets none: {@code updateX} replaces it whole.
     */
    private static List<MethodSpec> elementWise(EntityModel entity, Property property) {
        MethodNames scope = MethodNames.keeping(MappingWriter.componentNames(entity, entity.keyParts().size()));
        return property.type().accept(new ValueType.Visitor<>() {
            @Override
            public List<MethodSpec> collection(ValueType.CollectionOf collection) {
                return collection.kind() == ValueType.CollectionKind.SET ? setChanges(entity, property, collection, scope)
                        : listChanges(entity, property, collection, scope);
            }

            @Override
            public List<MethodSpec> map(ValueType.MapOf map) {
                return mapChanges(entity, property, map, scope);
            }

            @Override
            public List<MethodSpec> scalar(ValueType.Scalar scalar) {
                return List.of();
            }

            @Override
            public List<MethodSpec> embedded(ValueType.Embedded embedded) {
                return List.of();
            }

            @Override
            public List<MethodSpec> optional(ValueType.OptionalOf optional) {
                return List.of();
            }

            @Override
            public List<MethodSpec> databind(ValueType.Databind databind) {
                return List.of();
            }
        });
    }

    /** {@code addX} and {@code removeX}: a set's element is written into a key. */
    private static List<MethodSpec> setChanges(EntityModel entity, Property property, ValueType.CollectionOf set,
            MethodNames scope) {
        String name = GeneratedNames.capitalize(property.name());
        TypeName element = set.element().typeName();
        String value = scope.newName("element");
        String current = scope.block().newName("current");
        String path = scope.block().newName("path");
        String read = property.readFrom(current);
        CodeBlock keyWriter = CodeBlock.of("$L -> $T.$L($L, $L)", path, GeneratedNames.attributeCodec(entity.className()),
                AttributeCodec.keyWriter(property.name()), path, value);
        return List.of(
                elementMethod(entity, property, current, "add" + name,
                        "Adds {@code $L} to '$L' of the entity with this key", List.of(), element, value,
                        "putAttribute", List.of(keyWriter, CodeBlock.of("null")),
                        CodeBlock.of("$T.added($L, $L)", RuntimeTypes.ELEMENTS, read, value)),
                elementMethod(entity, property, current, "remove" + name,
                        "Removes {@code $L} from '$L' of the entity with this key", List.of(), element, value,
                        "removeAttribute", List.of(keyWriter),
                        CodeBlock.of("$T.removed($L, $L)", RuntimeTypes.ELEMENTS, read, value)));
    }

    /** {@code appendX}, and for a declared {@code List} {@code insertX} and {@code removeXAt}: elements by position. */
    private static List<MethodSpec> listChanges(EntityModel entity, Property property, ValueType.CollectionOf list,
            MethodNames scope) {
        String name = GeneratedNames.capitalize(property.name());
        TypeName element = list.element().typeName();
        String value = scope.newName("element");
        String index = isList(list) ? scope.newName("index") : null;
        String current = scope.block().newName("current");
        String out = scope.block().newName("out");
        String read = property.readFrom(current);
        ClassName mapping = GeneratedNames.mapping(entity.className());
        CodeBlock elementWriter = CodeBlock.of("$L -> $T.$L($L, $L)", out,
                GeneratedNames.attributeCodec(entity.className()), AttributeCodec.elementWriter(property.name()), out,
                value);
        List<MethodSpec> methods = new ArrayList<>();
        methods.add(elementMethod(entity, property, current, "append" + name,
                "Appends {@code $L} to '$L' of the entity with this key", List.of(), element, value, "appendAttribute",
                List.of(elementWriter), CodeBlock.of("$T.appended($L, $L)", RuntimeTypes.ELEMENTS, read, value)));
        if (index != null) {
            methods.add(elementMethod(entity, property, current, "insert" + name,
                    "Inserts {@code $L} into '$L' of the entity with this key, at position {@code " + index + "}",
                    List.of(ParameterSpec.builder(int.class, index).build()), element, value, "insertAttribute",
                    List.of(CodeBlock.of("$L", index), elementWriter),
                    CodeBlock.of("$T.inserted($L, $L, $L, $T.$L, $S)", RuntimeTypes.ELEMENTS, read, index, value,
                            mapping, Mapping.ENTITY, property.name())));
            methods.add(elementMethod(entity, property, current, "remove" + name + "At",
                    "Removes the element at position {@code $L} of '$L' of the entity with this key", List.of(),
                    TypeName.INT, index, "removeAttributeAt", List.of(CodeBlock.of("$L", index)),
                    CodeBlock.of("$T.removedAt($L, $L, $T.$L, $S)", RuntimeTypes.ELEMENTS, read, index, mapping,
                            Mapping.ENTITY, property.name())));
        }
        return methods;
    }

    /** {@code putX} and {@code removeX}: a map's key is written into a key, its value under it. */
    private static List<MethodSpec> mapChanges(EntityModel entity, Property property, ValueType.MapOf map,
            MethodNames scope) {
        String name = GeneratedNames.capitalize(property.name());
        String value = scope.newName("value");
        String key = scope.newName("key");
        String current = scope.block().newName("current");
        String out = scope.block().newName("out");
        String path = scope.block().newName("path");
        String read = property.readFrom(current);
        ClassName codec = GeneratedNames.attributeCodec(entity.className());
        CodeBlock keyWriter = CodeBlock.of("$L -> $T.$L($L, $L)", path, codec,
                AttributeCodec.keyWriter(property.name()), path, key);
        CodeBlock valueWriter = CodeBlock.of("$L -> $T.$L($L, $L)", out, codec,
                AttributeCodec.elementWriter(property.name()), out, value);
        return List.of(
                elementMethod(entity, property, current, "put" + name,
                        "Maps {@code " + key + "} to {@code $L} in '$L' of the entity with this key",
                        List.of(ParameterSpec.builder(map.key().typeName(), key).build()), map.value().typeName(), value,
                        "putAttribute", List.of(keyWriter, valueWriter),
                        CodeBlock.of("$T.put($L, $T.mapKey($L, $T.$L, $S), $L)", RuntimeTypes.ELEMENTS, read,
                                RuntimeTypes.ELEMENTS, key, GeneratedNames.mapping(entity.className()), Mapping.ENTITY,
                                property.name(), value)),
                elementMethod(entity, property, current, "remove" + name,
                        "Removes the key {@code $L} from '$L' of the entity with this key", List.of(),
                        map.key().typeName(), key, "removeAttribute", List.of(keyWriter),
                        CodeBlock.of("$T.removedKey($L, $L)", RuntimeTypes.ELEMENTS, read, key)));
    }

    private static MethodSpec elementMethod(EntityModel entity, Property property, String current, String name,
            String doc,
            List<ParameterSpec> leading, TypeName argumentType, String argument, String verb,
            List<CodeBlock> attributeArguments, CodeBlock changed) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC).returns(TypeName.BOOLEAN)
                .addJavadoc(doc + ", atomically; indexes and counters follow. Returns false if there is no such "
                        + "entity.\n", argument, property.name());
        MappingWriter.addComponentParameters(method, entity, entity.keyParts().size());
        method.addParameters(leading).addParameter(argumentType, argument);
        return method.addStatement(change(entity, property, verb, attributeArguments, current, changed)).build();
    }

    /** Whether a collection is declared a {@code List}, which has positions to insert at and remove from. */
    private static boolean isList(ValueType.CollectionOf collection) {
        return collection.typeName() instanceof ParameterizedTypeName parameterized
                && parameterized.rawType().equals(ClassName.get(List.class));
    }

    private static String getter(CounterModel counter) {
        return Repository.counterGetter(counter.name(), counter.sum().isPresent());
    }

    /** The entity's change feed: {@code changes(PageRequest)} and {@code onChange(Consumer)}. */
    private static void changeFeed(TypeSpec.Builder type, EntityModel entity) {
        TypeName change = ParameterizedTypeName.get(RuntimeTypes.CHANGE, entity.className());
        type.addMethod(MethodSpec.methodBuilder("changes").addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(RuntimeTypes.PAGE, change))
                .addJavadoc("A page of the entity's change feed, from the oldest change retained, in commit order; every "
                        + "page carries a continuation, the last one too, to poll for later changes with.\n")
                .addParameter(RuntimeTypes.PAGE_REQUEST, "page")
                .addStatement("return this.operations.changes(page)").build());
        type.addMethod(MethodSpec.methodBuilder("onChange").addModifiers(Modifier.PUBLIC)
                .returns(AutoCloseable.class)
                .addJavadoc("Calls {@code listener} with each change this process commits from now on, after its commit, "
                        + "in commit order, on a thread of the store's; closing the result unsubscribes it.\n")
                .addParameter(ParameterizedTypeName.get(ClassName.get(Consumer.class), change), "listener")
                .addStatement("return this.operations.onChange(listener)").build());
    }

    private static void integrity(TypeSpec.Builder type) {
        type.addMethod(MethodSpec.methodBuilder("verify").addModifiers(Modifier.PUBLIC)
                .returns(RuntimeTypes.INTEGRITY_REPORT)
                .addJavadoc("Recomputes every index entry and counter from the records and reports missing, orphaned "
                        + "and drifted ones; streams the data in bounded batches.\n")
                .addStatement("return this.operations.verify($T.none())", RuntimeTypes.PROGRESS_LISTENER).build());
        type.addMethod(MethodSpec.methodBuilder("verify").addModifiers(Modifier.PUBLIC)
                .returns(RuntimeTypes.INTEGRITY_REPORT)
                .addJavadoc("{@link #verify()}, reporting progress after each batch to {@code listener}.\n")
                .addParameter(RuntimeTypes.PROGRESS_LISTENER, "listener")
                .addStatement("return this.operations.verify(listener)").build());
        type.addMethod(MethodSpec.methodBuilder("repair").addModifiers(Modifier.PUBLIC)
                .returns(RuntimeTypes.INTEGRITY_REPORT)
                .addJavadoc("Like {@link #verify()}, and fixes what it finds: writes missing entries, deletes "
                        + "orphaned ones, sets drifted counters to the recount.\n")
                .addStatement("return this.operations.repair($T.none())", RuntimeTypes.PROGRESS_LISTENER).build());
        type.addMethod(MethodSpec.methodBuilder("repair").addModifiers(Modifier.PUBLIC)
                .returns(RuntimeTypes.INTEGRITY_REPORT)
                .addJavadoc("{@link #repair()}, reporting progress after each batch to {@code listener}.\n")
                .addParameter(RuntimeTypes.PROGRESS_LISTENER, "listener")
                .addStatement("return this.operations.repair(listener)").build());
    }

    private static TypeSpec keyRecord(EntityModel entity) {
        MethodSpec.Builder components = MethodSpec.constructorBuilder();
        MappingWriter.addComponentParameters(components, entity, entity.keyParts().size());
        return TypeSpec.recordBuilder("Key").addModifiers(Modifier.PUBLIC)
                .addJavadoc("The primary key of {@link $T}, component by component in key order.\n", entity.className())
                .recordConstructor(components.build()).build();
    }

    private static String componentNames(EntityModel entity, int count) {
        return String.join(", ", entity.keyParts().subList(0, count).stream().map(KeyPart::name).toList());
    }
}
