package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import io.kvmapper.processor.names.GeneratedNames;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code <Entity>_KvProtoCodec}: the entity as one Protobuf message on {@code CodedOutputStream}
 * and {@code CodedInputStream}, with a size, a write and a read method per embedded type and no
 * reflection. Fields are written in field-number order; a null field, an empty {@code Optional}, a
 * primitive at zero and an empty collection are left out, as proto3 does. Unknown fields are skipped
 * on read, so values written by a later version of the entity stay readable. The wire form of each
 * Java type is the runtime's {@code Proto}; the exported {@code .proto} file ({@link ProtoFileWriter})
 * describes the same messages.
 */
public final class ProtobufCodecWriter {
    /** Names the generated methods use for their own variables; a property with such a name gets a suffix. */
    private static final Pattern RESERVED = Pattern.compile("(in|out|tag|size|entity|INSTANCE)\\d*");

    private final Elements elements;

    /** A writer using the compiler's element utilities. */
    public ProtobufCodecWriter(Elements elements) {
        this.elements = elements;
    }

    /** The codec class of {@code entity}. */
    public TypeSpec write(EntityModel entity) {
        ObjectCode.requireGeneratedCodeOnly(entity, "the Protobuf codec writer");
        ClassName self = GeneratedNames.protoCodec(entity.className());
        Map<ClassName, ValueObject> embedded = ObjectCode.embedded(entity.value());
        Constants constants = new Constants(self, embedded.keySet());
        constants.register(entity.value());
        embedded.values().forEach(constants::register);
        Generator generator = new Generator(constants);

        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.FINAL)
                .superclass(ParameterizedTypeName.get(ProtoScalars.PROTOBUF_CODEC, entity.className()))
                .addJavadoc("Protobuf codec of {@link $T}; the message is described by $L.\n", entity.className(),
                        GeneratedNames.protoFile(entity.className()))
                .addOriginatingElement(entity.element());
        GeneratedAnnotation.of(elements).ifPresent(type::addAnnotation);
        type.addField(FieldSpec.builder(self, "INSTANCE", Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self).build());
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());

        type.addMethod(MethodSpec.methodBuilder("write").addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .addParameter(ProtoScalars.CODED_OUTPUT, "out")
                .addParameter(entity.className(), "entity")
                .addException(IOException.class)
                .addCode(generator.writeBody(entity.value())).build());
        type.addMethod(MethodSpec.methodBuilder("read").addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED).returns(entity.className())
                .addParameter(ProtoScalars.CODED_INPUT, "in")
                .addException(IOException.class)
                .addCode(generator.readBody(entity.value())).build());
        for (ValueObject object : embedded.values()) {
            String name = constants.methodName(object.className());
            type.addMethod(MethodSpec.methodBuilder("size" + name)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(int.class)
                    .addParameter(object.className(), "entity")
                    .addCode(generator.sizeBody(object)).build());
            type.addMethod(MethodSpec.methodBuilder("write" + name)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(ProtoScalars.CODED_OUTPUT, "out")
                    .addParameter(object.className(), "entity")
                    .addException(IOException.class)
                    .addCode(generator.writeBody(object)).build());
            type.addMethod(MethodSpec.methodBuilder("read" + name)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(object.className())
                    .addParameter(ProtoScalars.CODED_INPUT, "in")
                    .addException(IOException.class)
                    .addCode(generator.readBody(object)).build());
        }
        constants.fields().forEach(type::addField);
        return type.build();
    }

    /**
     * The {@code ProtoType} constants a codec needs beyond the runtime's scalars: one per enum,
     * embedded type, and collection or map nested in another, each declared after those it uses.
     */
    private static final class Constants {
        private final ClassName self;
        private final Map<ClassName, String> methodNames = new HashMap<>();
        private final Map<String, String> names = new HashMap<>();
        private final Set<String> taken = new HashSet<>();
        private final List<FieldSpec> fields = new ArrayList<>();

        Constants(ClassName self, Set<ClassName> embedded) {
            this.self = self;
            Set<String> methodNamesTaken = new HashSet<>();
            for (ClassName type : embedded) {
                String name = unique(String.join("_", type.simpleNames()), methodNamesTaken);
                methodNames.put(type, name);
            }
        }

        /** The suffix of the size, write and read methods of an embedded type. */
        String methodName(ClassName type) {
            return methodNames.get(type);
        }

        List<FieldSpec> fields() {
            return fields;
        }

        boolean isConstant(String name) {
            return taken.contains(name);
        }

        /** Creates the constants the properties of {@code object} use. */
        void register(ValueObject object) {
            for (Property property : object.properties()) {
                ValueType type = property.type();
                if (type instanceof ValueType.OptionalOf optional) {
                    of(optional.value());
                } else if (type instanceof ValueType.CollectionOf collection) {
                    of(collection.element());
                } else if (type instanceof ValueType.MapOf map) {
                    key(map.key());
                    of(map.value());
                } else if (!(type instanceof ValueType.Scalar scalar && scalar.primitive())) {
                    of(type);
                }
            }
        }

        /** The {@code ProtoType} of a map key. */
        CodeBlock key(ValueType.Scalar key) {
            return key.kind() == ScalarKind.ENUM ? of(key) : ProtoScalars.runtimeKeyType(key.kind());
        }

        /** The {@code ProtoType} of a value, an element or a map value. */
        CodeBlock of(ValueType type) {
            if (type instanceof ValueType.Scalar scalar && scalar.kind() != ScalarKind.ENUM) {
                return ProtoScalars.runtimeType(scalar.kind());
            }
            String key = type.typeName().toString();
            String existing = names.get(key);
            if (existing != null) {
                return CodeBlock.of("$L", existing);
            }
            CodeBlock initializer = initializer(type);
            String name = unique(constantName(type), taken);
            names.put(key, name);
            fields.add(FieldSpec.builder(ParameterizedTypeName.get(ProtoScalars.PROTO_TYPE, type.typeName()), name,
                    Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).initializer(initializer).build());
            return CodeBlock.of("$L", name);
        }

        private CodeBlock initializer(ValueType type) {
            if (type instanceof ValueType.Scalar scalar) {
                return CodeBlock.of("$T.enumByName($T::valueOf)", ProtoScalars.PROTO, scalar.typeName());
            }
            if (type instanceof ValueType.Embedded embedded) {
                String name = methodName(embedded.object().className());
                return CodeBlock.of("$T.message($T::size$L,$W$T::write$L,$W$T::read$L)", ProtoScalars.PROTO,
                        self, name, self, name, self, name);
            }
            if (type instanceof ValueType.CollectionOf collection) {
                CodeBlock element = of(collection.element());
                return CodeBlock.of("$T.<$T, $T>collectionMessage($L,$W$T::new)", ProtoScalars.PROTO,
                        collection.element().typeName(), collection.typeName(), element,
                        collection.kind() == ValueType.CollectionKind.SET ? LinkedHashSet.class : ArrayList.class);
            }
            ValueType.MapOf map = (ValueType.MapOf) type;
            CodeBlock key = key(map.key());
            CodeBlock value = of(map.value());
            return CodeBlock.of("$T.<$T, $T, $T>mapMessage($L,$W$L,$W$T::new)", ProtoScalars.PROTO,
                    map.key().typeName(), map.value().typeName(), map.typeName(), key, value, LinkedHashMap.class);
        }

        /** {@code COLOR}, {@code ADDRESS}, {@code LIST_OF_INTEGER}, {@code MAP_OF_STRING_TO_LONG}. */
        private static String constantName(ValueType type) {
            if (type instanceof ValueType.Scalar || type instanceof ValueType.Embedded) {
                TypeName name = type.typeName();
                return upperSnake(name instanceof ClassName c ? String.join("_", c.simpleNames()) : "Bytes");
            }
            if (type instanceof ValueType.CollectionOf collection) {
                String raw = ((ParameterizedTypeName) collection.typeName()).rawType().simpleName();
                return upperSnake(raw) + "_OF_" + constantName(collection.element());
            }
            ValueType.MapOf map = (ValueType.MapOf) type;
            return "MAP_OF_" + constantName(map.key()) + "_TO_" + constantName(map.value());
        }

        private static String upperSnake(String camel) {
            return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
        }

        private static String unique(String name, Set<String> taken) {
            String candidate = name;
            for (int i = 2; !taken.add(candidate); i++) {
                candidate = name + "_" + i;
            }
            return candidate;
        }
    }

    /** The method bodies, shared by the entity and its embedded types. */
    private static final class Generator {
        private final Constants constants;

        Generator(Constants constants) {
            this.constants = constants;
        }

        private String local(String name) {
            return RESERVED.matcher(name).matches() || constants.isConstant(name) ? name + "_" : name;
        }

        private static List<Property> byNumber(ValueObject object) {
            List<Property> properties = new ArrayList<>(object.properties());
            properties.sort(Comparator.comparingInt(Property::number));
            return properties;
        }

        CodeBlock writeBody(ValueObject object) {
            CodeBlock.Builder code = CodeBlock.builder();
            for (Property property : byNumber(object)) {
                String variable = local(property.name());
                String read = property.readFrom("entity");
                int number = property.number();
                ValueType type = property.type();
                if (type instanceof ValueType.Scalar scalar && scalar.primitive()) {
                    code.addStatement("$T $L = $L", scalar.typeName(), variable, read);
                    code.beginControlFlow("if ($L)", ProtoScalars.isNotDefault(scalar.kind(), variable));
                    code.addStatement("out.write$L($L, $L)", ProtoScalars.codedSuffix(scalar.kind()), number, variable);
                    code.endControlFlow();
                } else if (type instanceof ValueType.CollectionOf collection) {
                    code.addStatement("$T.writeRepeated(out, $L, $L, $L, $S)", ProtoScalars.PROTO, number, read,
                            constants.of(collection.element()), property.name());
                } else if (type instanceof ValueType.MapOf map) {
                    code.addStatement("$T.writeMap(out, $L, $L, $L, $L, $S)", ProtoScalars.PROTO, number, read,
                            constants.key(map.key()), constants.of(map.value()), property.name());
                } else if (type instanceof ValueType.OptionalOf optional) {
                    code.addStatement("$T $L = $L", type.typeName(), variable, read);
                    code.beginControlFlow("if ($L != null && $L.isPresent())", variable, variable);
                    code.addStatement("$L.write(out, $L, $L.get())", constants.of(optional.value()), number, variable);
                    code.endControlFlow();
                } else {
                    code.addStatement("$T $L = $L", type.typeName(), variable, read);
                    code.beginControlFlow("if ($L != null)", variable);
                    code.addStatement("$L.write(out, $L, $L)", constants.of(type), number, variable);
                    code.endControlFlow();
                }
            }
            return code.build();
        }

        CodeBlock sizeBody(ValueObject object) {
            CodeBlock.Builder code = CodeBlock.builder().addStatement("int size = 0");
            for (Property property : byNumber(object)) {
                String variable = local(property.name());
                String read = property.readFrom("entity");
                int number = property.number();
                ValueType type = property.type();
                if (type instanceof ValueType.Scalar scalar && scalar.primitive()) {
                    code.addStatement("$T $L = $L", scalar.typeName(), variable, read);
                    code.beginControlFlow("if ($L)", ProtoScalars.isNotDefault(scalar.kind(), variable));
                    code.addStatement("size += $T.compute$LSize($L, $L)", ProtoScalars.CODED_OUTPUT,
                            ProtoScalars.codedSuffix(scalar.kind()), number, variable);
                    code.endControlFlow();
                } else if (type instanceof ValueType.CollectionOf collection) {
                    code.addStatement("size += $T.sizeRepeated($L, $L, $L, $S)", ProtoScalars.PROTO, number, read,
                            constants.of(collection.element()), property.name());
                } else if (type instanceof ValueType.MapOf map) {
                    code.addStatement("size += $T.sizeMap($L, $L, $L, $L, $S)", ProtoScalars.PROTO, number, read,
                            constants.key(map.key()), constants.of(map.value()), property.name());
                } else if (type instanceof ValueType.OptionalOf optional) {
                    code.addStatement("$T $L = $L", type.typeName(), variable, read);
                    code.beginControlFlow("if ($L != null && $L.isPresent())", variable, variable);
                    code.addStatement("size += $L.size($L, $L.get())", constants.of(optional.value()), number,
                            variable);
                    code.endControlFlow();
                } else {
                    code.addStatement("$T $L = $L", type.typeName(), variable, read);
                    code.beginControlFlow("if ($L != null)", variable);
                    code.addStatement("size += $L.size($L, $L)", constants.of(type), number, variable);
                    code.endControlFlow();
                }
            }
            return code.addStatement("return size").build();
        }

        CodeBlock readBody(ValueObject object) {
            CodeBlock.Builder code = CodeBlock.builder();
            for (Property property : object.properties()) {
                code.addStatement("$T $L = $L", property.type().typeName(), local(property.name()),
                        initialValue(property.type()));
            }
            code.beginControlFlow("for (int tag = in.readTag(); tag != 0; tag = in.readTag())");
            code.beginControlFlow("switch ($T.fieldNumber(tag))", ProtoScalars.PROTO);
            for (Property property : byNumber(object)) {
                code.add("case $L:\n", property.number()).indent();
                String variable = local(property.name());
                ValueType type = property.type();
                if (type instanceof ValueType.Scalar scalar && scalar.primitive()) {
                    code.addStatement("$L = $T.$L(in, tag)", variable, ProtoScalars.PROTO,
                            ProtoScalars.primitiveReader(scalar.kind()));
                } else if (type instanceof ValueType.CollectionOf collection) {
                    code.addStatement("$T.readRepeated(in, tag, $L, $L)", ProtoScalars.PROTO,
                            constants.of(collection.element()), variable);
                } else if (type instanceof ValueType.MapOf map) {
                    code.addStatement("$T.readMapEntry(in, tag, $L, $L, $L)", ProtoScalars.PROTO,
                            constants.key(map.key()), constants.of(map.value()), variable);
                } else if (type instanceof ValueType.OptionalOf optional) {
                    code.addStatement("$L = $T.of($L.read(in, tag))", variable, Optional.class,
                            constants.of(optional.value()));
                } else {
                    code.addStatement("$L = $L.read(in, tag)", variable, constants.of(type));
                }
                code.addStatement("break").unindent();
            }
            code.add("default:\n").indent()
                    .addStatement("$T.skip(in, tag)", ProtoScalars.PROTO)
                    .addStatement("break").unindent();
            code.endControlFlow();
            code.endControlFlow();
            return code.add(ObjectCode.construct(object, this::local)).build();
        }

        /** What a field reads as when the value does not hold it. */
        private static CodeBlock initialValue(ValueType type) {
            if (type instanceof ValueType.Scalar scalar) {
                return CodeBlock.of("$L", scalar.primitive() ? zero(scalar.kind()) : "null");
            }
            if (type instanceof ValueType.OptionalOf) {
                return CodeBlock.of("$T.empty()", Optional.class);
            }
            if (type instanceof ValueType.CollectionOf collection) {
                return CodeBlock.of("new $T<>()",
                        collection.kind() == ValueType.CollectionKind.SET ? LinkedHashSet.class : ArrayList.class);
            }
            if (type instanceof ValueType.MapOf) {
                return CodeBlock.of("new $T<>()", LinkedHashMap.class);
            }
            return CodeBlock.of("null");
        }

        private static String zero(ScalarKind kind) {
            switch (kind) {
                case BOOLEAN:
                    return "false";
                case CHAR:
                    return "'\\0'";
                case LONG:
                    return "0L";
                case FLOAT:
                    return "0f";
                case DOUBLE:
                    return "0d";
                case BYTE:
                    return "(byte) 0";
                case SHORT:
                    return "(short) 0";
                default:
                    return "0";
            }
        }
    }
}
