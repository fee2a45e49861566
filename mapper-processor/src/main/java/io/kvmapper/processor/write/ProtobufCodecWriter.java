package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import io.kvmapper.processor.names.MethodNames;
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
    private final Elements elements;

    /** A writer using the compiler's element utilities. */
    public ProtobufCodecWriter(Elements elements) {
        this.elements = elements;
    }

    /** The codec class of {@code entity}. */
    public TypeSpec write(EntityModel entity) {
        ObjectCode.requireGeneratedCodeOnly(entity, "the Protobuf codec writer");
        ClassName self = GeneratedNames.protoCodec(entity.className());
        Map<ClassName, ValueObject> embedded = entity.value().embedded();
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
        type.addField(FieldSpec.builder(self, GeneratedNames.INSTANCE, Modifier.STATIC, Modifier.FINAL)
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

        /** The names of the constants, which a local of a method that uses them must not shadow. */
        Set<String> names() {
            return taken;
        }

        /** Creates the constants the properties of {@code object} use, in the order the fields will use them. */
        void register(ValueObject object) {
            for (Property property : object.properties()) {
                property.type().accept(new ValueType.Visitor<Void>() {
                    @Override
                    public Void scalar(ValueType.Scalar scalar) {
                        if (!scalar.primitive()) {
                            of(scalar);
                        }
                        return null;
                    }

                    @Override
                    public Void collection(ValueType.CollectionOf collection) {
                        of(collection.element());
                        return null;
                    }

                    @Override
                    public Void map(ValueType.MapOf map) {
                        key(map.key());
                        of(map.value());
                        return null;
                    }

                    @Override
                    public Void embedded(ValueType.Embedded embedded) {
                        of(embedded);
                        return null;
                    }

                    @Override
                    public Void optional(ValueType.OptionalOf optional) {
                        of(optional.value());
                        return null;
                    }

                    @Override
                    public Void databind(ValueType.Databind databind) {
                        throw noConstant(databind);
                    }
                });
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
            return type.accept(new ValueType.Visitor<>() {
                @Override
                public CodeBlock scalar(ValueType.Scalar scalar) {
                    return CodeBlock.of("$T.enumByName($T::valueOf)", ProtoScalars.PROTO, scalar.typeName());
                }

                @Override
                public CodeBlock collection(ValueType.CollectionOf collection) {
                    CodeBlock element = of(collection.element());
                    return CodeBlock.of("$T.<$T, $T>collectionMessage($L,$W$T::new)", ProtoScalars.PROTO,
                            collection.element().typeName(), collection.typeName(), element,
                            collection.kind() == ValueType.CollectionKind.SET ? LinkedHashSet.class : ArrayList.class);
                }

                @Override
                public CodeBlock map(ValueType.MapOf map) {
                    CodeBlock key = key(map.key());
                    CodeBlock value = of(map.value());
                    return CodeBlock.of("$T.<$T, $T, $T>mapMessage($L,$W$L,$W$T::new)", ProtoScalars.PROTO,
                            map.key().typeName(), map.value().typeName(), map.typeName(), key, value,
                            LinkedHashMap.class);
                }

                @Override
                public CodeBlock embedded(ValueType.Embedded embedded) {
                    String name = methodName(embedded.object().className());
                    return CodeBlock.of("$T.message($T::size$L,$W$T::write$L,$W$T::read$L)", ProtoScalars.PROTO,
                            self, name, self, name, self, name);
                }

                @Override
                public CodeBlock optional(ValueType.OptionalOf optional) {
                    throw noConstant(optional);
                }

                @Override
                public CodeBlock databind(ValueType.Databind databind) {
                    throw noConstant(databind);
                }
            });
        }

        /** {@code COLOR}, {@code ADDRESS}, {@code LIST_OF_INTEGER}, {@code MAP_OF_STRING_TO_LONG}. */
        private static String constantName(ValueType type) {
            return type.accept(new ValueType.Visitor<>() {
                @Override
                public String scalar(ValueType.Scalar scalar) {
                    return simpleName(scalar);
                }

                @Override
                public String collection(ValueType.CollectionOf collection) {
                    String raw = ((ParameterizedTypeName) collection.typeName()).rawType().simpleName();
                    return upperSnake(raw) + "_OF_" + constantName(collection.element());
                }

                @Override
                public String map(ValueType.MapOf map) {
                    return "MAP_OF_" + constantName(map.key()) + "_TO_" + constantName(map.value());
                }

                @Override
                public String embedded(ValueType.Embedded embedded) {
                    return simpleName(embedded);
                }

                @Override
                public String optional(ValueType.OptionalOf optional) {
                    throw noConstant(optional);
                }

                @Override
                public String databind(ValueType.Databind databind) {
                    throw noConstant(databind);
                }
            });
        }

        private static String simpleName(ValueType type) {
            return upperSnake(type.typeName() instanceof ClassName c ? String.join("_", c.simpleNames()) : "Bytes");
        }

        /** An Optional is a field's own type, never a value inside another; databind values are validated away. */
        private static IllegalStateException noConstant(ValueType type) {
            return new IllegalStateException("no ProtoType constant for " + type);
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

        /**
         * A local per property of {@code object}, in a method whose parameters and own locals are {@code fixed}
         * and which uses the constants.
         */
        private Map<String, String> locals(ValueObject object, String... fixed) {
            List<String> kept = new ArrayList<>(List.of(fixed));
            kept.addAll(constants.names());
            return ObjectCode.declare(object.properties(), MethodNames.keeping(kept));
        }

        private static List<Property> byNumber(ValueObject object) {
            List<Property> properties = new ArrayList<>(object.properties());
            properties.sort(Comparator.comparingInt(Property::number));
            return properties;
        }

        CodeBlock writeBody(ValueObject object) {
            Map<String, String> locals = locals(object, "out", "entity");
            CodeBlock.Builder code = CodeBlock.builder();
            for (Property property : byNumber(object)) {
                code.add(property.type().accept(new FieldCode(property, locals) {
                    @Override
                    CodeBlock primitive(ValueType.Scalar scalar) {
                        return CodeBlock.builder().addStatement("$T $L = $L", scalar.typeName(), variable, read)
                                .beginControlFlow("if ($L)", ProtoScalars.isNotDefault(scalar.kind(), variable))
                                .addStatement("out.write$L($L, $L)", ProtoScalars.codedSuffix(scalar.kind()), number,
                                        variable)
                                .endControlFlow().build();
                    }

                    @Override
                    public CodeBlock collection(ValueType.CollectionOf collection) {
                        return CodeBlock.builder().addStatement("$T.writeRepeated(out, $L, $L, $L, $S)",
                                ProtoScalars.PROTO, number, read, constants.of(collection.element()), property.name())
                                .build();
                    }

                    @Override
                    public CodeBlock map(ValueType.MapOf map) {
                        return CodeBlock.builder().addStatement("$T.writeMap(out, $L, $L, $L, $L, $S)",
                                ProtoScalars.PROTO, number, read, constants.key(map.key()), constants.of(map.value()),
                                property.name()).build();
                    }

                    @Override
                    public CodeBlock optional(ValueType.OptionalOf optional) {
                        return CodeBlock.builder().addStatement("$T $L = $L", optional.typeName(), variable, read)
                                .beginControlFlow("if ($L != null && $L.isPresent())", variable, variable)
                                .addStatement("$L.write(out, $L, $L.get())", constants.of(optional.value()), number,
                                        variable)
                                .endControlFlow().build();
                    }

                    @Override
                    CodeBlock single(ValueType type) {
                        return CodeBlock.builder().addStatement("$T $L = $L", type.typeName(), variable, read)
                                .beginControlFlow("if ($L != null)", variable)
                                .addStatement("$L.write(out, $L, $L)", constants.of(type), number, variable)
                                .endControlFlow().build();
                    }
                }));
            }
            return code.build();
        }

        CodeBlock sizeBody(ValueObject object) {
            Map<String, String> locals = locals(object, "entity", "size");
            CodeBlock.Builder code = CodeBlock.builder().addStatement("int size = 0");
            for (Property property : byNumber(object)) {
                code.add(property.type().accept(new FieldCode(property, locals) {
                    @Override
                    CodeBlock primitive(ValueType.Scalar scalar) {
                        return CodeBlock.builder().addStatement("$T $L = $L", scalar.typeName(), variable, read)
                                .beginControlFlow("if ($L)", ProtoScalars.isNotDefault(scalar.kind(), variable))
                                .addStatement("size += $T.compute$LSize($L, $L)", ProtoScalars.CODED_OUTPUT,
                                        ProtoScalars.codedSuffix(scalar.kind()), number, variable)
                                .endControlFlow().build();
                    }

                    @Override
                    public CodeBlock collection(ValueType.CollectionOf collection) {
                        return CodeBlock.builder().addStatement("size += $T.sizeRepeated($L, $L, $L, $S)",
                                ProtoScalars.PROTO, number, read, constants.of(collection.element()), property.name())
                                .build();
                    }

                    @Override
                    public CodeBlock map(ValueType.MapOf map) {
                        return CodeBlock.builder().addStatement("size += $T.sizeMap($L, $L, $L, $L, $S)",
                                ProtoScalars.PROTO, number, read, constants.key(map.key()), constants.of(map.value()),
                                property.name()).build();
                    }

                    @Override
                    public CodeBlock optional(ValueType.OptionalOf optional) {
                        return CodeBlock.builder().addStatement("$T $L = $L", optional.typeName(), variable, read)
                                .beginControlFlow("if ($L != null && $L.isPresent())", variable, variable)
                                .addStatement("size += $L.size($L, $L.get())", constants.of(optional.value()), number,
                                        variable)
                                .endControlFlow().build();
                    }

                    @Override
                    CodeBlock single(ValueType type) {
                        return CodeBlock.builder().addStatement("$T $L = $L", type.typeName(), variable, read)
                                .beginControlFlow("if ($L != null)", variable)
                                .addStatement("size += $L.size($L, $L)", constants.of(type), number, variable)
                                .endControlFlow().build();
                    }
                }));
            }
            return code.addStatement("return size").build();
        }

        CodeBlock readBody(ValueObject object) {
            Map<String, String> locals = locals(object, "in", "tag", "entity");
            CodeBlock.Builder code = CodeBlock.builder();
            for (Property property : object.properties()) {
                code.addStatement("$T $L = $L", property.type().typeName(), locals.get(property.name()),
                        initialValue(property.type()));
            }
            code.beginControlFlow("for (int tag = in.readTag(); tag != 0; tag = in.readTag())");
            code.beginControlFlow("switch ($T.fieldNumber(tag))", ProtoScalars.PROTO);
            for (Property property : byNumber(object)) {
                code.add("case $L:\n", property.number()).indent();
                code.add(property.type().accept(new FieldCode(property, locals) {
                    @Override
                    CodeBlock primitive(ValueType.Scalar scalar) {
                        return CodeBlock.builder().addStatement("$L = $T.$L(in, tag)", variable, ProtoScalars.PROTO,
                                ProtoScalars.primitiveReader(scalar.kind())).build();
                    }

                    @Override
                    public CodeBlock collection(ValueType.CollectionOf collection) {
                        return CodeBlock.builder().addStatement("$T.readRepeated(in, tag, $L, $L)", ProtoScalars.PROTO,
                                constants.of(collection.element()), variable).build();
                    }

                    @Override
                    public CodeBlock map(ValueType.MapOf map) {
                        return CodeBlock.builder().addStatement("$T.readMapEntry(in, tag, $L, $L, $L)",
                                ProtoScalars.PROTO, constants.key(map.key()), constants.of(map.value()), variable)
                                .build();
                    }

                    @Override
                    public CodeBlock optional(ValueType.OptionalOf optional) {
                        return CodeBlock.builder().addStatement("$L = $T.of($L.read(in, tag))", variable,
                                Optional.class, constants.of(optional.value())).build();
                    }

                    @Override
                    CodeBlock single(ValueType type) {
                        return CodeBlock.builder().addStatement("$L = $L.read(in, tag)", variable, constants.of(type))
                                .build();
                    }
                }));
                code.addStatement("break").unindent();
            }
            code.add("default:\n").indent()
                    .addStatement("$T.skip(in, tag)", ProtoScalars.PROTO)
                    .addStatement("break").unindent();
            code.endControlFlow();
            code.endControlFlow();
            return code.add(ObjectCode.construct(object, locals, "entity")).build();
        }

        /**
         * The code of one field in a write, size or read method: a primitive is written without boxing, a
         * collection or map through the runtime's repeated and map helpers, an {@code Optional} when present,
         * and a boxed scalar or an embedded object ({@link #single}) when not null.
         */
        private abstract class FieldCode implements ValueType.Visitor<CodeBlock> {
            final Property property;
            final String variable;
            final String read;
            final int number;

            FieldCode(Property property, Map<String, String> locals) {
                this.property = property;
                this.variable = locals.get(property.name());
                this.read = property.readFrom("entity");
                this.number = property.number();
            }

            abstract CodeBlock primitive(ValueType.Scalar scalar);

            abstract CodeBlock single(ValueType type);

            @Override
            public CodeBlock scalar(ValueType.Scalar scalar) {
                return scalar.primitive() ? primitive(scalar) : single(scalar);
            }

            @Override
            public CodeBlock embedded(ValueType.Embedded embedded) {
                return single(embedded);
            }

            @Override
            public CodeBlock databind(ValueType.Databind databind) {
                throw new IllegalStateException("the Protobuf codec has no databind values: " + databind.typeName());
            }
        }

        /** What a field reads as when the value does not hold it. */
        private static CodeBlock initialValue(ValueType type) {
            return type.accept(new ValueType.Visitor<>() {
                @Override
                public CodeBlock scalar(ValueType.Scalar scalar) {
                    return CodeBlock.of("$L", scalar.primitive() ? zero(scalar.kind()) : "null");
                }

                @Override
                public CodeBlock collection(ValueType.CollectionOf collection) {
                    return CodeBlock.of("new $T<>()",
                            collection.kind() == ValueType.CollectionKind.SET ? LinkedHashSet.class : ArrayList.class);
                }

                @Override
                public CodeBlock map(ValueType.MapOf map) {
                    return CodeBlock.of("new $T<>()", LinkedHashMap.class);
                }

                @Override
                public CodeBlock embedded(ValueType.Embedded embedded) {
                    return CodeBlock.of("null");
                }

                @Override
                public CodeBlock optional(ValueType.OptionalOf optional) {
                    return CodeBlock.of("$T.empty()", Optional.class);
                }

                @Override
                public CodeBlock databind(ValueType.Databind databind) {
                    return CodeBlock.of("null");
                }
            });
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
