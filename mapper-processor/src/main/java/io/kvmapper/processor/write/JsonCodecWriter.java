package io.kvmapper.processor.write;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import io.kvmapper.processor.names.MethodNames;
import io.kvmapper.processor.names.GeneratedNames;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code <Entity>_KvJsonCodec}: the entity as one JSON object on Jackson's streaming API, a
 * write and a read method per embedded type, no reflection. Null fields are left out; unknown fields
 * are skipped on read, so values written by a later version of the entity stay readable.
 *
 * <p>A {@link ValueType.Databind} field is the one exception: the codec then holds a static Jackson
 * databind mapper and the declared type of each such field, and writes and reads the field's value whole
 * with them, into the same generator and from the same parser as the generated fields around it.
 */
public final class JsonCodecWriter {
    /** The static field holding the codec's Jackson databind mapper, when a field needs it. */
    private static final String DATABIND = "DATABIND";

    private final Elements elements;
    /** The method name of each embedded type of the entity being written. */
    private Map<ClassName, String> objectNames;

    /** A writer using the compiler's element utilities. */
    public JsonCodecWriter(Elements elements) {
        this.elements = elements;
    }

    /** The codec class of {@code entity}. */
    public TypeSpec write(EntityModel entity) {
        ClassName self = GeneratedNames.jsonCodec(entity.className());
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.FINAL)
                .superclass(ParameterizedTypeName.get(RuntimeTypes.JSON_CODEC, entity.className()))
                .addJavadoc("JSON codec of {@link $T}.\n", entity.className())
                .addOriginatingElement(entity.element());
        GeneratedAnnotation.of(elements).ifPresent(type::addAnnotation);
        type.addField(FieldSpec.builder(self, GeneratedNames.INSTANCE, Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self).build());
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());

        Map<ClassName, ValueObject> embedded = entity.value().embedded();
        objectNames = ObjectCode.methodNames(embedded.keySet());
        Map<Property, DatabindField> databindTypes = databindFields(entity.value(), embedded.values());
        if (!databindTypes.isEmpty()) {
            addDatabindFields(type, databindTypes);
        }
        type.addMethod(MethodSpec.methodBuilder("write").addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .addParameter(RuntimeTypes.JSON_GENERATOR, "generator")
                .addParameter(entity.className(), "entity")
                .addCode(writeBody(entity.value(), "entity", databindTypes)).build());
        type.addMethod(MethodSpec.methodBuilder("read").addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED).returns(entity.className())
                .addParameter(RuntimeTypes.JSON_PARSER, "parser")
                .addCode(readBody(entity.value(), databindTypes)).build());
        for (ValueObject object : embedded.values()) {
            type.addMethod(MethodSpec.methodBuilder(methodName("write", object.className()))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(RuntimeTypes.JSON_GENERATOR, "generator")
                    .addParameter(object.className(), "entity")
                    .addCode(writeBody(object, "entity", databindTypes)).build());
            type.addMethod(MethodSpec.methodBuilder(methodName("read", object.className()))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(object.className())
                    .addParameter(RuntimeTypes.JSON_PARSER, "parser")
                    .addCode(readBody(object, databindTypes)).build());
        }
        if (!databindTypes.isEmpty()) {
            addDatabindMethods(type);
        }
        return type.build();
    }

    /**
     * A field that Jackson databind writes.
     *
     * @param constant the name of the constant holding its declared type: {@code ORDER_LINKS_TYPE} for the
     *     field {@code links} of {@code Order}
     * @param description how messages name it: {@code field 'links' of Order}
     * @param type its declared type (of the value, for an {@code Optional})
     */
    private record DatabindField(String constant, String description, TypeName type) {
    }

    /** Each databind field of the entity and of the objects it embeds. */
    private static Map<Property, DatabindField> databindFields(ValueObject entity, Collection<ValueObject> embedded) {
        Map<Property, DatabindField> fields = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        List<ValueObject> objects = new ArrayList<>();
        objects.add(entity);
        objects.addAll(embedded);
        for (ValueObject object : objects) {
            for (Property property : object.properties()) {
                Optional<ValueType.Databind> databind = databindValue(property.type());
                if (databind.isPresent()) {
                    String name = upperSnake(String.join("_", object.className().simpleNames())) + "_"
                            + upperSnake(property.name()) + "_TYPE";
                    String unique = name;
                    for (int i = 2; !taken.add(unique); i++) {
                        unique = name + "_" + i;
                    }
                    String description = "field '" + property.name() + "' of "
                            + String.join(".", object.className().simpleNames());
                    fields.put(property, new DatabindField(unique, description, databind.get().typeName()));
                }
            }
        }
        return fields;
    }

    /** The databind value a field of {@code type} holds: the type itself, or the value of an Optional. */
    private static Optional<ValueType.Databind> databindValue(ValueType type) {
        if (type instanceof ValueType.Databind databind) {
            return Optional.of(databind);
        }
        if (type instanceof ValueType.OptionalOf optional && optional.value() instanceof ValueType.Databind databind) {
            return Optional.of(databind);
        }
        return Optional.empty();
    }

    private static String upperSnake(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    /**
     * The static databind mapper, and a constant per databind field holding its declared type (so that
     * generic types keep their type arguments).
     */
    private static void addDatabindFields(TypeSpec.Builder type, Map<Property, DatabindField> databindTypes) {
        type.addField(FieldSpec.builder(RuntimeTypes.OBJECT_MAPPER, DATABIND, Modifier.PRIVATE, Modifier.STATIC,
                        Modifier.FINAL)
                .addJavadoc("Jackson databind, for the fields of types that KV Mapper generates no code for: it reads "
                        + "a value\nfrom the middle of the entity's object, skips properties it does not know, "
                        + "and reads sets in order.\n")
                .initializer("$T.builder()$>$>\n.disable($T.FAIL_ON_TRAILING_TOKENS)\n.disable($T.FAIL_ON_UNKNOWN_PROPERTIES)"
                        + "\n.addModule(new $T().addAbstractTypeMapping($T.class, $T.class))\n.build()$<$<",
                        RuntimeTypes.JSON_MAPPER, RuntimeTypes.DESERIALIZATION_FEATURE,
                        RuntimeTypes.DESERIALIZATION_FEATURE, RuntimeTypes.SIMPLE_MODULE, Set.class, LinkedHashSet.class)
                .build());
        for (DatabindField field : databindTypes.values()) {
            TypeName declared = field.type();
            type.addField(FieldSpec.builder(RuntimeTypes.JAVA_TYPE, field.constant(), Modifier.PRIVATE,
                            Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("The declared type of $L.\n", field.description())
                    .initializer(isGeneric(declared)
                            ? CodeBlock.of("$L.constructType(new $T<$T>() {})", DATABIND, RuntimeTypes.TYPE_REFERENCE,
                                    declared)
                            : CodeBlock.of("$L.constructType($T.class)", DATABIND, declared))
                    .build());
        }
    }

    /** The two methods that write and read a databind value, which name the field when databind fails. */
    private static void addDatabindMethods(TypeSpec.Builder type) {
        type.addMethod(MethodSpec.methodBuilder("writeDatabind")
                .addJavadoc("Writes {@code value}, of the declared type {@code type}, with databind: as that type if it "
                        + "has type\narguments (so that the elements' types are known), else as the value's own "
                        + "class; a failure\nnames the {@code field}.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(RuntimeTypes.JSON_GENERATOR, "generator")
                .addParameter(RuntimeTypes.JAVA_TYPE, "type")
                .addParameter(Object.class, "value")
                .addParameter(String.class, "field")
                .beginControlFlow("try")
                .beginControlFlow("if (type.hasGenericTypes())")
                .addStatement("$L.writerFor(type).writeValue(generator, value)", DATABIND)
                .nextControlFlow("else")
                .addStatement("$L.writeValue(generator, value)", DATABIND)
                .endControlFlow()
                .nextControlFlow("catch ($T e)", RuntimeTypes.JACKSON_EXCEPTION)
                .addStatement("throw new $T(field + \" (\" + type.toCanonical()\n+ \") cannot be written by Jackson "
                        + "databind: \" + e.getOriginalMessage(), e)", IllegalArgumentException.class)
                .endControlFlow()
                .build());
        TypeVariableName t = TypeVariableName.get("T");
        type.addMethod(MethodSpec.methodBuilder("readDatabind")
                .addJavadoc("Reads the value the parser stands on as {@code type} with databind; a failure names the "
                        + "{@code field}.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addTypeVariable(t).returns(t)
                .addParameter(RuntimeTypes.JSON_PARSER, "parser")
                .addParameter(RuntimeTypes.JAVA_TYPE, "type")
                .addParameter(String.class, "field")
                .beginControlFlow("try")
                .addStatement("return $L.readValue(parser, type)", DATABIND)
                .nextControlFlow("catch ($T e)", RuntimeTypes.JACKSON_EXCEPTION)
                .addStatement("throw new $T(field + \" (\" + type.toCanonical()\n+ \") cannot be read by Jackson "
                        + "databind: \" + e.getOriginalMessage(), e)", IllegalStateException.class)
                .endControlFlow()
                .build());
    }

    /** Whether {@code type} has type arguments, at its top or in an array's elements, which a class literal loses. */
    private static boolean isGeneric(TypeName type) {
        if (type instanceof ArrayTypeName array) {
            return isGeneric(array.componentType());
        }
        return type instanceof ParameterizedTypeName;
    }

    private String methodName(String verb, ClassName type) {
        return verb + objectNames.get(type);
    }

    /**
     * The names a method of the codec takes as they are: its parameters, and the static fields of the codec its
     * body uses (the databind mapper and the declared types of databind fields), which a local must not shadow.
     */
    private static MethodNames scope(Map<Property, DatabindField> databindTypes, String... parameters) {
        List<String> kept = new ArrayList<>(List.of(parameters));
        if (!databindTypes.isEmpty()) {
            kept.add(DATABIND);
            databindTypes.values().forEach(field -> kept.add(field.constant()));
        }
        return MethodNames.keeping(kept);
    }

    /** The body of a write method whose parameters are {@code generator} and {@code instance}. */
    private CodeBlock writeBody(ValueObject object, String instance, Map<Property, DatabindField> databindTypes) {
        MethodNames scope = scope(databindTypes, "generator", instance);
        Map<String, String> locals = ObjectCode.declare(object.properties(), scope);
        CodeBlock.Builder code = CodeBlock.builder().addStatement("generator.writeStartObject()");
        for (Property property : object.properties()) {
            String variable = locals.get(property.name());
            if (property.type().isPrimitive()) {
                code.addStatement("generator.writeName($S)", property.storedName());
                code.add(writeValue(property.type(), property.readFrom(instance), 0, scope));
                continue;
            }
            code.addStatement("$T $L = $L", property.type().typeName(), variable, property.readFrom(instance));
            boolean optional = property.type() instanceof ValueType.OptionalOf;
            if (optional) {
                code.beginControlFlow("if ($L != null && $L.isPresent())", variable, variable);
            } else {
                code.beginControlFlow("if ($L != null)", variable);
            }
            code.addStatement("generator.writeName($S)", property.storedName());
            String value = optional ? variable + ".get()" : variable;
            DatabindField databind = databindTypes.get(property);
            if (databind != null) {
                code.addStatement("writeDatabind(generator, $L, $L,$W$S)", databind.constant(), value,
                        databind.description());
            } else {
                code.add(writeValue(optional ? ((ValueType.OptionalOf) property.type()).value() : property.type(),
                        value, 0, scope.block()));
            }
            code.endControlFlow();
        }
        return code.addStatement("generator.writeEndObject()").build();
    }

    /** The statements that write {@code expression}, which is not null. */
    private CodeBlock writeValue(ValueType type, String expression, int depth, MethodNames scope) {
        return type.accept(new ValueType.Visitor<>() {
            @Override
            public CodeBlock scalar(ValueType.Scalar scalar) {
                return CodeBlock.builder().addStatement("generator.$L", writeScalar(scalar.kind(), expression)).build();
            }

            @Override
            public CodeBlock collection(ValueType.CollectionOf collection) {
                MethodNames loop = scope.block();
                String element = loop.newName(depth == 0 ? "element" : "element" + depth);
                return CodeBlock.builder().addStatement("generator.writeStartArray()")
                        .beginControlFlow("for ($T $L : $L)", collection.element().typeName(), element, expression)
                        .add(writeNullable(collection.element(), element, depth + 1, loop))
                        .endControlFlow()
                        .addStatement("generator.writeEndArray()").build();
            }

            @Override
            public CodeBlock map(ValueType.MapOf map) {
                MethodNames loop = scope.block();
                String entry = loop.newName(depth == 0 ? "entry" : "entry" + depth);
                return CodeBlock.builder().addStatement("generator.writeStartObject()")
                        .beginControlFlow("for ($T<$T, $T> $L : $L.entrySet())", Map.Entry.class, map.key().typeName(),
                                map.value().typeName(), entry, expression)
                        .addStatement("generator.writeName($L)", mapKeyToString(map.key().kind(), entry + ".getKey()"))
                        .add(writeNullable(map.value(), entry + ".getValue()", depth + 1, loop))
                        .endControlFlow()
                        .addStatement("generator.writeEndObject()").build();
            }

            @Override
            public CodeBlock embedded(ValueType.Embedded embedded) {
                return CodeBlock.builder().addStatement("$L(generator, $L)",
                        methodName("write", embedded.object().className()), expression).build();
            }

            @Override
            public CodeBlock optional(ValueType.OptionalOf optional) {
                throw new IllegalStateException("an Optional is a field's own type, written by its field: "
                        + optional.typeName());
            }

            @Override
            public CodeBlock databind(ValueType.Databind databind) {
                throw new IllegalStateException("a databind value is written whole, by its field: "
                        + databind.typeName());
            }
        });
    }

    private CodeBlock writeNullable(ValueType type, String expression, int depth, MethodNames scope) {
        return CodeBlock.builder().beginControlFlow("if ($L == null)", expression)
                .addStatement("generator.writeNull()")
                .nextControlFlow("else")
                .add(writeValue(type, expression, depth, scope.block()))
                .endControlFlow().build();
    }

    private static String writeScalar(ScalarKind kind, String expression) {
        switch (kind) {
            case BOOLEAN:
                return "writeBoolean(" + expression + ")";
            case BYTE:
            case SHORT:
            case INT:
            case LONG:
            case FLOAT:
            case DOUBLE:
            case BIG_DECIMAL:
            case BIG_INTEGER:
                return "writeNumber(" + expression + ")";
            case CHAR:
                return "writeString(String.valueOf(" + expression + "))";
            case STRING:
                return "writeString(" + expression + ")";
            case BYTES:
                return "writeBinary(" + expression + ")";
            case ENUM:
                return "writeString(" + expression + ".name())";
            default:
                return "writeString(" + expression + ".toString())";
        }
    }

    private static CodeBlock mapKeyToString(ScalarKind kind, String expression) {
        switch (kind) {
            case STRING:
                return CodeBlock.of("$L", expression);
            case ENUM:
                return CodeBlock.of("$L.name()", expression);
            default:
                return CodeBlock.of("$L.toString()", expression);
        }
    }

    /** The body of a read method whose parameter is {@code parser}. */
    private CodeBlock readBody(ValueObject object, Map<Property, DatabindField> databindTypes) {
        MethodNames scope = scope(databindTypes, "parser");
        Map<String, String> locals = ObjectCode.declare(object.properties(), scope);
        CodeBlock.Builder code = CodeBlock.builder()
                .addStatement("$T.expectObject(parser, $S)", RuntimeTypes.JSON, object.className().simpleName());
        for (Property property : object.properties()) {
            code.addStatement("$T $L = $L", property.type().typeName(), locals.get(property.name()),
                    ObjectCode.defaultValue(property.type()));
        }
        String field = scope.newName("field");
        code.beginControlFlow("for (String $L = parser.nextName(); $L != null; $L = parser.nextName())", field, field,
                field);
        code.addStatement("parser.nextToken()");
        code.beginControlFlow("switch ($L)", field);
        for (Property property : object.properties()) {
            code.add("case $S:\n", property.storedName()).indent();
            DatabindField databind = databindTypes.get(property);
            CodeBlock read = databind != null
                    ? CodeBlock.of("readDatabind(parser, $L,$W$S)", databind.constant(), databind.description())
                    : readValue(property.type(), "parser", 0, scope);
            String local = locals.get(property.name());
            if (property.type().isPrimitive()) {
                code.addStatement("$L = $L", local, read);
            } else if (property.type() instanceof ValueType.OptionalOf) {
                code.addStatement("$L = $T.isNull(parser) ? $T.empty() : $T.of($L)", local, RuntimeTypes.JSON,
                        Optional.class, Optional.class, read);
            } else {
                code.addStatement("$L = $T.isNull(parser) ? null : $L", local, RuntimeTypes.JSON, read);
            }
            code.addStatement("break").unindent();
        }
        code.add("default:\n").indent().addStatement("parser.skipChildren()").addStatement("break").unindent();
        code.endControlFlow();
        code.endControlFlow();
        return code.add(ObjectCode.construct(object, locals, scope.newName("entity"))).build();
    }

    /** An expression reading a value of {@code type}, not null, from the parser named {@code parser}. */
    private CodeBlock readValue(ValueType type, String parser, int depth, MethodNames scope) {
        MethodNames lambda = scope.block();
        String inner = lambda.newName("parser" + (depth + 1));
        return type.accept(new ValueType.Visitor<>() {
            @Override
            public CodeBlock scalar(ValueType.Scalar scalar) {
                if (scalar.kind() == ScalarKind.ENUM) {
                    return CodeBlock.of("$T.readEnum($L, $T.class)", RuntimeTypes.JSON, parser, scalar.typeName());
                }
                return CodeBlock.of("$T.$L($L)", RuntimeTypes.JSON, scalar.kind().jsonReader(), parser);
            }

            @Override
            public CodeBlock collection(ValueType.CollectionOf collection) {
                return CodeBlock.of("$T.$L($L, $L -> $L)", RuntimeTypes.JSON, collection.kind().jsonReader(), parser,
                        inner, readValue(collection.element(), inner, depth + 1, lambda));
            }

            @Override
            public CodeBlock map(ValueType.MapOf map) {
                return CodeBlock.of("$T.readMap($L, $L, $L -> $L)", RuntimeTypes.JSON, parser, mapKeyParser(map.key()),
                        inner, readValue(map.value(), inner, depth + 1, lambda));
            }

            @Override
            public CodeBlock embedded(ValueType.Embedded embedded) {
                return CodeBlock.of("$L($L)", methodName("read", embedded.object().className()), parser);
            }

            @Override
            public CodeBlock optional(ValueType.OptionalOf optional) {
                return readValue(optional.value(), parser, depth, scope);
            }

            @Override
            public CodeBlock databind(ValueType.Databind databind) {
                throw new IllegalStateException("a databind value is read whole, by its field: "
                        + databind.typeName());
            }
        });
    }

    private static CodeBlock mapKeyParser(ValueType.Scalar key) {
        switch (key.kind()) {
            case STRING:
                return CodeBlock.of("$T.identity()", Function.class);
            case ENUM:
                return CodeBlock.of("$T::valueOf", key.typeName());
            case UUID:
                return CodeBlock.of("$T::fromString", UUID.class);
            default:
                return CodeBlock.of("$T::valueOf", key.typeName().box());
        }
    }
}
