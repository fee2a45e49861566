package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.kvmapper.processor.GeneratedNames;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.UUID;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code <Entity>_KvJsonCodec}: the entity as one JSON object on Jackson's streaming API, a
 * write and a read method per embedded type, no reflection. Null fields are left out; unknown fields
 * are skipped on read, so values written by a later version of the entity stay readable.
 */
public final class JsonCodecWriter {
    /** Names the generated methods use for their own variables; a property with such a name gets a suffix. */
    private static final Pattern RESERVED = Pattern.compile("(generator|parser|entity|field|element|entry)\\d*");

    private final Elements elements;

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
        type.addField(FieldSpec.builder(self, "INSTANCE", Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self).build());
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());

        Map<ClassName, ValueObject> embedded = ObjectCode.embedded(entity.value());
        type.addMethod(MethodSpec.methodBuilder("write").addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .addParameter(RuntimeTypes.JSON_GENERATOR, "generator")
                .addParameter(entity.className(), "entity")
                .addCode(writeBody(entity.value(), "entity")).build());
        type.addMethod(MethodSpec.methodBuilder("read").addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED).returns(entity.className())
                .addParameter(RuntimeTypes.JSON_PARSER, "parser")
                .addCode(readBody(entity.value())).build());
        for (ValueObject object : embedded.values()) {
            type.addMethod(MethodSpec.methodBuilder(methodName("write", object.className()))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(RuntimeTypes.JSON_GENERATOR, "generator")
                    .addParameter(object.className(), "entity")
                    .addCode(writeBody(object, "entity")).build());
            type.addMethod(MethodSpec.methodBuilder(methodName("read", object.className()))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(object.className())
                    .addParameter(RuntimeTypes.JSON_PARSER, "parser")
                    .addCode(readBody(object)).build());
        }
        return type.build();
    }

    private static String methodName(String verb, ClassName type) {
        return verb + String.join("_", type.simpleNames());
    }

    private static String local(String name) {
        return RESERVED.matcher(name).matches() ? name + "_" : name;
    }

    private CodeBlock writeBody(ValueObject object, String instance) {
        CodeBlock.Builder code = CodeBlock.builder().addStatement("generator.writeStartObject()");
        for (Property property : object.properties()) {
            String variable = local(property.name());
            if (ObjectCode.isPrimitive(property.type())) {
                code.addStatement("generator.writeName($S)", property.storedName());
                writeValue(code, property.type(), property.readFrom(instance), 0);
                continue;
            }
            code.addStatement("$T $L = $L", property.type().typeName(), variable, property.readFrom(instance));
            if (property.type() instanceof ValueType.OptionalOf optional) {
                code.beginControlFlow("if ($L != null && $L.isPresent())", variable, variable);
                code.addStatement("generator.writeName($S)", property.storedName());
                writeValue(code, optional.value(), variable + ".get()", 0);
                code.endControlFlow();
                continue;
            }
            code.beginControlFlow("if ($L != null)", variable);
            code.addStatement("generator.writeName($S)", property.storedName());
            writeValue(code, property.type(), variable, 0);
            code.endControlFlow();
        }
        return code.addStatement("generator.writeEndObject()").build();
    }

    /** Writes the statements that write {@code expression}, which is not null. */
    private void writeValue(CodeBlock.Builder code, ValueType type, String expression, int depth) {
        if (type instanceof ValueType.Scalar scalar) {
            code.addStatement("generator.$L", writeScalar(scalar.kind(), expression));
        } else if (type instanceof ValueType.Embedded embedded) {
            code.addStatement("$L(generator, $L)", methodName("write", embedded.object().className()), expression);
        } else if (type instanceof ValueType.CollectionOf collection) {
            String element = depth == 0 ? "element" : "element" + depth;
            code.addStatement("generator.writeStartArray()");
            code.beginControlFlow("for ($T $L : $L)", collection.element().typeName(), element, expression);
            writeNullable(code, collection.element(), element, depth + 1);
            code.endControlFlow();
            code.addStatement("generator.writeEndArray()");
        } else if (type instanceof ValueType.MapOf map) {
            String entry = depth == 0 ? "entry" : "entry" + depth;
            code.addStatement("generator.writeStartObject()");
            code.beginControlFlow("for ($T<$T, $T> $L : $L.entrySet())", Map.Entry.class, map.key().typeName(),
                    map.value().typeName(), entry, expression);
            code.addStatement("generator.writeName($L)", mapKeyToString(map.key().kind(), entry + ".getKey()"));
            writeNullable(code, map.value(), entry + ".getValue()", depth + 1);
            code.endControlFlow();
            code.addStatement("generator.writeEndObject()");
        }
    }

    private void writeNullable(CodeBlock.Builder code, ValueType type, String expression, int depth) {
        code.beginControlFlow("if ($L == null)", expression);
        code.addStatement("generator.writeNull()");
        code.nextControlFlow("else");
        writeValue(code, type, expression, depth);
        code.endControlFlow();
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

    private CodeBlock readBody(ValueObject object) {
        CodeBlock.Builder code = CodeBlock.builder()
                .addStatement("$T.expectObject(parser, $S)", RuntimeTypes.JSON, object.className().simpleName());
        for (Property property : object.properties()) {
            code.addStatement("$T $L = $L", property.type().typeName(), local(property.name()),
                    ObjectCode.defaultValue(property.type()));
        }
        code.beginControlFlow("for (String field = parser.nextName(); field != null; field = parser.nextName())");
        code.addStatement("parser.nextToken()");
        code.beginControlFlow("switch (field)");
        for (Property property : object.properties()) {
            code.add("case $S:\n", property.storedName()).indent();
            CodeBlock read = readValue(property.type(), "parser", 0);
            if (ObjectCode.isPrimitive(property.type())) {
                code.addStatement("$L = $L", local(property.name()), read);
            } else if (property.type() instanceof ValueType.OptionalOf) {
                code.addStatement("$L = $T.isNull(parser) ? $T.empty() : $T.of($L)", local(property.name()),
                        RuntimeTypes.JSON, Optional.class, Optional.class, read);
            } else {
                code.addStatement("$L = $T.isNull(parser) ? null : $L", local(property.name()), RuntimeTypes.JSON, read);
            }
            code.addStatement("break").unindent();
        }
        code.add("default:\n").indent().addStatement("parser.skipChildren()").addStatement("break").unindent();
        code.endControlFlow();
        code.endControlFlow();
        return code.add(ObjectCode.construct(object, JsonCodecWriter::local)).build();
    }

    /** An expression reading a value of {@code type}, not null, from the parser named {@code parser}. */
    private CodeBlock readValue(ValueType type, String parser, int depth) {
        if (type instanceof ValueType.OptionalOf optional) {
            return readValue(optional.value(), parser, depth);
        }
        if (type instanceof ValueType.Scalar scalar) {
            if (scalar.kind() == ScalarKind.ENUM) {
                return CodeBlock.of("$T.readEnum($L, $T.class)", RuntimeTypes.JSON, parser, scalar.typeName());
            }
            return CodeBlock.of("$T.$L($L)", RuntimeTypes.JSON, scalar.kind().jsonReader(), parser);
        }
        if (type instanceof ValueType.Embedded embedded) {
            return CodeBlock.of("$L($L)", methodName("read", embedded.object().className()), parser);
        }
        String inner = "parser" + (depth + 1);
        if (type instanceof ValueType.CollectionOf collection) {
            return CodeBlock.of("$T.$L($L, $L -> $L)", RuntimeTypes.JSON, collection.kind().jsonReader(), parser, inner,
                    readValue(collection.element(), inner, depth + 1));
        }
        ValueType.MapOf map = (ValueType.MapOf) type;
        return CodeBlock.of("$T.readMap($L, $L, $L -> $L)", RuntimeTypes.JSON, parser, mapKeyParser(map.key()), inner,
                readValue(map.value(), inner, depth + 1));
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
