package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.kvmapper.processor.model.CounterModel;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.IndexModel;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.PropertyPath;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.names.GeneratedNames;
import io.kvmapper.processor.names.GeneratedNames.Mapping;
import io.kvmapper.processor.names.MethodNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes the parts of an entity's mapping that describe its indexes, counters, version field and
 * partial updates: how to compute an entity's index values and counter groups, how to encode finder
 * and getter arguments the same way, and how to derive a changed copy of an entity.
 */
final class SchemaCodeWriter {
    private final EntityModel entity;

    SchemaCodeWriter(EntityModel entity) {
        this.entity = entity;
    }

    /** Adds the definitions, their helpers, and the mapping methods that return them. */
    void addTo(TypeSpec.Builder type) {
        ClassName entityType = entity.className();
        CodeBlock.Builder indexes = CodeBlock.builder();
        for (IndexModel index : entity.indexes()) {
            type.addMethod(indexValues(index));
            type.addMethod(tupleOf(Mapping.indexValue(index.name()), index.paths(), "The encoded value of index '"
                    + index.name() + "' for these arguments."));
            int size = index.paths().size();
            if (size > 1) {
                type.addMethod(tupleOf(Mapping.indexPrefix(index.name()), index.paths().subList(0, size - 1),
                        "The encoded leading elements of index '" + index.name() + "', before a range over its last."));
                type.addMethod(tupleOf(Mapping.indexLast(index.name()), index.paths().subList(size - 1, size),
                        "The encoded last element of index '" + index.name() + "'."));
            }
            if (indexes.isEmpty()) {
                indexes.add("$T.of(\n$>$>", List.class);
            } else {
                indexes.add(",\n");
            }
            indexes.add("new $T<>($S, $L, $L, $S,$W$T::$L)", RuntimeTypes.INDEX_DEFINITION, index.name(),
                    index.unique(), index.paths().size(), index.signature(), GeneratedNames.mapping(entityType),
                    Mapping.indexValues(index.name()));
        }
        CodeBlock.Builder counters = CodeBlock.builder();
        for (CounterModel counter : entity.counters()) {
            type.addMethod(counterGroup(counter));
            type.addMethod(tupleOf(Mapping.counterGroupOf(counter.name()), counter.groupBy(),
                    "The encoded group of counter '" + counter.name() + "' for these arguments."));
            if (counter.groupBy().size() == 1) {
                type.addMethod(readGroup(counter, Mapping.counterReadGroup(counter.name()), "a group"));
            } else if (counter.groupBy().size() > 1) {
                List<PropertyPath> leading = counter.groupBy().subList(0, counter.groupBy().size() - 1);
                type.addMethod(tupleOf(Mapping.counterGroupPrefix(counter.name()), leading,
                        "The encoded leading group values of counter '" + counter.name() + "' for these arguments."));
                type.addMethod(readGroup(counter, Mapping.counterReadLast(counter.name()), "the last group value"));
            }
            counter.sum().ifPresent(sum -> type.addMethod(amount(counter, sum)));
            if (counters.isEmpty()) {
                counters.add("$T.of(\n$>$>", List.class);
            } else {
                counters.add(",\n");
            }
            counters.add("new $T<>($S, $S,$W$T::$L, $L, $L)", RuntimeTypes.COUNTER_DEFINITION, counter.name(),
                    counter.signature(), GeneratedNames.mapping(entityType), Mapping.counterGroup(counter.name()),
                    counter.sum().isPresent()
                            ? CodeBlock.of("$T::$L", GeneratedNames.mapping(entityType),
                                    Mapping.counterAmount(counter.name()))
                            : CodeBlock.of("entity -> 1L"),
                    counter.sum().isPresent());
        }
        TypeName indexList = ParameterizedTypeName.get(ClassName.get(List.class),
                ParameterizedTypeName.get(RuntimeTypes.INDEX_DEFINITION, entityType));
        TypeName counterList = ParameterizedTypeName.get(ClassName.get(List.class),
                ParameterizedTypeName.get(RuntimeTypes.COUNTER_DEFINITION, entityType));
        type.addField(FieldSpec.builder(indexList, "INDEXES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(entity.indexes().isEmpty() ? CodeBlock.of("$T.of()", List.class)
                        : indexes.add(")$<$<").build()).build());
        type.addField(FieldSpec.builder(counterList, "COUNTERS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(entity.counters().isEmpty() ? CodeBlock.of("$T.of()", List.class)
                        : counters.add(")$<$<").build()).build());
        type.addMethod(MethodSpec.methodBuilder("indexes").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(indexList).addStatement("return INDEXES").build());
        type.addMethod(MethodSpec.methodBuilder("counters").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(counterList).addStatement("return COUNTERS").build());
        addVersion(type);
        for (Property property : entity.updatableProperties()) {
            type.addMethod(with(property));
        }
    }

    private MethodSpec indexValues(IndexModel index) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(Mapping.indexValues(index.name()))
                .addModifiers(Modifier.STATIC)
                .addJavadoc("Adds the encoded values of index '$L' of {@code entity} to {@code out}$L.\n", index.name(),
                        index.unique() ? "; none while a value is null" : "")
                .addParameter(entity.className(), "entity")
                .addParameter(ParameterizedTypeName.get(ClassName.get(List.class), TypeName.get(byte[].class)), "out");
        MethodNames scope = MethodNames.keeping(List.of("entity", "out"));
        Map<String, String> declared = new HashMap<>();
        List<String> arguments = new ArrayList<>();
        List<String> mustBeSet = new ArrayList<>();
        PropertyPath collection = null;
        String elements = null;
        String element = null;
        for (PropertyPath path : index.paths()) {
            String value = valueOf(method, path, scope, declared);
            boolean checked = path.collection() || index.unique() && mayBeNull(path);
            if (checked) {
                String local = scope.newName(path.camelName());
                method.addStatement("$T $L = $L", path.collection() ? path.steps().get(path.steps().size() - 1)
                        .type().typeName() : path.parameterType(), local, value);
                value = local;
            }
            if (path.collection()) {
                collection = path;
                elements = value;
                element = scope.newName(singular(path.camelName()));
                value = element;
                if (index.unique()) {
                    mustBeSet.add(value);
                }
            } else if (checked) {
                mustBeSet.add(value);
            }
            arguments.add(value);
        }
        CodeBlock add = CodeBlock.of("out.add($L($L))", Mapping.indexValue(index.name()), String.join(", ", arguments));
        if (collection != null) {
            method.beginControlFlow("if ($L != null)", elements)
                    .beginControlFlow("for ($T $L : $L)", collection.scalar().typeName().box(), element, elements);
        }
        if (!mustBeSet.isEmpty()) {
            method.beginControlFlow("if ($L)", String.join(" && ", mustBeSet.stream().map(v -> v + " != null").toList()));
        }
        method.addStatement(add);
        if (!mustBeSet.isEmpty()) {
            method.endControlFlow();
        }
        if (collection != null) {
            method.endControlFlow().endControlFlow();
        }
        return method.build();
    }

    /** A method encoding its arguments, one per path and named like it, as a tuple. */
    private MethodSpec tupleOf(String name, List<PropertyPath> paths, String doc) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(name).addModifiers(Modifier.STATIC).returns(byte[].class)
                .addJavadoc(doc + "\n");
        MethodNames scope = MethodNames.keeping(paths.stream().map(PropertyPath::camelName).toList());
        String writer = scope.newName("writer");
        CodeBlock.Builder body = CodeBlock.builder()
                .addStatement("$T $L = new $T(32)", RuntimeTypes.TUPLE_WRITER, writer, RuntimeTypes.TUPLE_WRITER);
        for (PropertyPath path : paths) {
            method.addParameter(path.parameterType(), path.camelName());
            writeScalar(body, writer, path.scalar().kind(), path.camelName(), !path.parameterType().isPrimitive());
        }
        return method.addCode(body.build()).addStatement("return $L.toByteArray()", writer).build();
    }

    /** Whether the value at the end of {@code path} (not an element of it) can be null. */
    private static boolean mayBeNull(PropertyPath path) {
        return !path.scalar().primitive() || path.steps().size() > 1;
    }

    private MethodSpec counterGroup(CounterModel counter) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(Mapping.counterGroup(counter.name()))
                .addModifiers(Modifier.STATIC)
                .returns(byte[].class).addJavadoc("The encoded group of counter '$L' {@code entity} counts in.\n",
                        counter.name())
                .addParameter(entity.className(), "entity");
        MethodNames scope = MethodNames.keeping(List.of("entity"));
        Map<String, String> declared = new HashMap<>();
        List<String> values = new ArrayList<>();
        for (PropertyPath path : counter.groupBy()) {
            values.add(valueOf(method, path, scope, declared));
        }
        return method.addStatement("return $L($L)", Mapping.counterGroupOf(counter.name()), String.join(", ", values))
                .build();
    }

    /** Reads the last group value of {@code counter} (its only one, for a counter with one group field). */
    private MethodSpec readGroup(CounterModel counter, String name, String what) {
        PropertyPath path = counter.groupBy().get(counter.groupBy().size() - 1);
        TypeName type = path.scalar().typeName().box();
        CodeBlock read = path.scalar().kind() == ScalarKind.ENUM
                ? CodeBlock.of("reader.readEnum($T.class)", path.scalar().typeName())
                : CodeBlock.of("reader.$L()", path.scalar().kind().tupleReader());
        return MethodSpec.methodBuilder(name).addModifiers(Modifier.STATIC)
                .returns(type)
                .addJavadoc("Decodes $L of counter '$L'.\n", what, counter.name())
                .addParameter(RuntimeTypes.TUPLE_READER, "reader")
                .beginControlFlow("if (reader.nextIsNull())")
                .addStatement("reader.readNull()")
                .addStatement("return null")
                .endControlFlow()
                .addStatement("return $L", read).build();
    }

    private MethodSpec amount(CounterModel counter, PropertyPath sum) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(Mapping.counterAmount(counter.name()))
                .addModifiers(Modifier.STATIC)
                .returns(long.class).addJavadoc("What {@code entity} adds to counter '$L'.\n", counter.name())
                .addParameter(entity.className(), "entity");
        MethodNames scope = MethodNames.keeping(List.of("entity"));
        String value = valueOf(method, sum, scope, new HashMap<>());
        if (!mayBeNull(sum)) {
            return method.addStatement("return $L", value).build();
        }
        String local = scope.newName(sum.camelName());
        return method.addStatement("$T $L = $L", sum.parameterType(), local, value)
                .addStatement("return $L == null ? 0L : $L", local, local).build();
    }

    /**
     * An expression for the value at the end of {@code path}, declaring a local for each embedded object
     * on the way (once per method, however many paths pass through it) so that a null one gives null. The
     * method's parameter {@code entity} holds the entity.
     */
    private static String valueOf(MethodSpec.Builder method, PropertyPath path, MethodNames scope,
            Map<String, String> declared) {
        List<Property> steps = path.steps();
        String source = "entity";
        StringBuilder prefix = new StringBuilder();
        StringBuilder camel = new StringBuilder();
        for (int i = 0; i < steps.size() - 1; i++) {
            Property step = steps.get(i);
            prefix.append(i == 0 ? "" : ".").append(step.name());
            camel.append(i == 0 ? step.name() : GeneratedNames.capitalize(step.name()));
            String known = declared.get(prefix.toString());
            if (known == null) {
                known = scope.newName(camel.toString());
                String read = step.readFrom(source);
                method.addStatement("$T $L = $L", step.type().typeName(), known,
                        i == 0 ? read : source + " == null ? null : " + read);
                declared.put(prefix.toString(), known);
            }
            source = known;
        }
        String read = steps.get(steps.size() - 1).readFrom(source);
        return steps.size() == 1 ? read : source + " == null ? null : " + read;
    }

    /** The name of one element of a collection: {@code tags} gives {@code tag}, {@code addresses} {@code address}. */
    private static String singular(String plural) {
        if (plural.endsWith("ies") && plural.length() > 3) {
            return plural.substring(0, plural.length() - 3) + "y";
        }
        for (String ending : List.of("sses", "xes", "ches", "shes", "zes")) {
            if (plural.endsWith(ending)) {
                return plural.substring(0, plural.length() - 2);
            }
        }
        if (plural.endsWith("s") && !plural.endsWith("ss") && plural.length() > 1) {
            return plural.substring(0, plural.length() - 1);
        }
        return plural + "Element";
    }

    private static void writeScalar(CodeBlock.Builder code, String writer, ScalarKind kind, String variable,
            boolean nullable) {
        if (nullable) {
            code.beginControlFlow("if ($L == null)", variable).addStatement("$L.writeNull()", writer)
                    .nextControlFlow("else").addStatement("$L.$L($L)", writer, kind.tupleWriter(), variable)
                    .endControlFlow();
        } else {
            code.addStatement("$L.$L($L)", writer, kind.tupleWriter(), variable);
        }
    }

    private void addVersion(TypeSpec.Builder type) {
        TypeName versionType = ParameterizedTypeName.get(RuntimeTypes.VERSION_FIELD, entity.className());
        MethodSpec.Builder version = MethodSpec.methodBuilder("version").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(versionType);
        if (entity.version().isEmpty()) {
            type.addMethod(version.addStatement("return null").build());
            return;
        }
        Property field = entity.version().get();
        TypeSpec access = TypeSpec.anonymousClassBuilder("")
                .addSuperinterface(versionType)
                .addMethod(MethodSpec.methodBuilder("get").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .returns(long.class).addParameter(entity.className(), "entity")
                        .addStatement("return $L", field.readFrom("entity")).build())
                .addMethod(MethodSpec.methodBuilder("with").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .returns(entity.className()).addParameter(entity.className(), "entity")
                        .addParameter(long.class, "version")
                        .addCode(changed(field, "entity", "version", true)).build())
                .build();
        type.addField(FieldSpec.builder(versionType, "VERSION", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", access).build());
        type.addMethod(version.addStatement("return VERSION").build());
    }

    /** {@code withEmail(entity, email)}: the entity with one field changed (a class is changed in place). */
    private MethodSpec with(Property property) {
        String instance = MethodNames.keeping(List.of(property.name())).newName("entity");
        return MethodSpec.methodBuilder(Mapping.with(property.name()))
                .addModifiers(Modifier.STATIC).returns(entity.className())
                .addJavadoc("{@code $L} with '$L' set to the given value.\n", instance, property.name())
                .addParameter(entity.className(), instance)
                .addParameter(property.type().typeName(), property.name())
                .addCode(changed(property, instance, property.name(), false)).build();
    }

    /**
     * Code returning {@code instance} with {@code property} set to {@code value}: a record is rebuilt;
     * a class is changed in place, or first copied through the codec if {@code copy}.
     */
    private CodeBlock changed(Property property, String instance, String value, boolean copy) {
        ValueObject object = entity.value();
        CodeBlock.Builder code = CodeBlock.builder();
        if (object.isRecord()) {
            CodeBlock.Builder arguments = CodeBlock.builder();
            for (int i = 0; i < object.constructorArguments().size(); i++) {
                String argument = object.constructorArguments().get(i);
                String expression = object.properties().stream().filter(p -> p.name().equals(argument)).findFirst()
                        .map(p -> p.equals(property) ? value : p.readFrom(instance)).orElse(argument);
                arguments.add(i == 0 ? "$L" : ",$W$L", expression);
            }
            return code.addStatement("return new $T($L)", entity.className(), arguments.build()).build();
        }
        String target = instance;
        if (copy) {
            target = "copy";
            code.addStatement("$T copy = $T.of($L, $L)", entity.className(), RuntimeTypes.COPIES, GeneratedNames.INSTANCE,
                    instance);
        }
        if (property.writeIsSetter()) {
            code.addStatement("$L.$L($L)", target, property.write(), value);
        } else {
            code.addStatement("$L.$L = $L", target, property.write(), value);
        }
        return code.addStatement("return $L", target).build();
    }
}
