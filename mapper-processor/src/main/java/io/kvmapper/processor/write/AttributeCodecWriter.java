package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import io.kvmapper.processor.names.GeneratedNames;
import io.kvmapper.processor.names.GeneratedNames.AttributeCodec;
import io.kvmapper.processor.names.GeneratedNames.Mapping;
import io.kvmapper.processor.names.MethodNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code <Entity>_KvAttributeCodec} for an entity in the attribute-per-key layout: the entity as
 * one item per field, list element, set element and map entry (see the runtime's
 * {@code AttributeWriter}), and back. Every stored field gets a writer of its node, which the generated
 * partial updates reuse, and a descriptor ({@code NAME_FIELD}) that tells the runtime how a change of
 * it is stored. Key fields are not written: the record key holds them, and reading takes them from it.
 */
public final class AttributeCodecWriter {
    /** The constant holding the encoded stored name of the {@code @Version} field, or null. */
    private static final String VERSION_FIELD_NAME = "VERSION_FIELD_NAME";

    private final Elements elements;
    /** The method name of each embedded type of the entity being written. */
    private Map<ClassName, String> objectNames;

    /** A writer using the compiler's element utilities. */
    public AttributeCodecWriter(Elements elements) {
        this.elements = elements;
    }

    /** The codec class of {@code entity}. */
    public TypeSpec write(EntityModel entity) {
        ObjectCode.requireGeneratedCodeOnly(entity, "the attribute-per-key codec writer");
        objectNames = ObjectCode.methodNames(entity.value().embedded().keySet());
        ClassName entityType = entity.className();
        ClassName self = GeneratedNames.attributeCodec(entityType);
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(RuntimeTypes.ATTRIBUTE_CODEC, entityType))
                .addJavadoc("Attribute-per-key codec of {@link $T}: an item per field, list element, set element and map "
                        + "entry.\n", entityType)
                .addOriginatingElement(entity.element());
        GeneratedAnnotation.of(elements).ifPresent(type::addAnnotation);
        type.addField(FieldSpec.builder(self, GeneratedNames.INSTANCE, Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self).build());
        for (Property property : entity.updatableProperties()) {
            type.addField(FieldSpec.builder(RuntimeTypes.ATTRIBUTE_FIELD, AttributeCodec.fieldConstant(property.name()),
                    Modifier.STATIC, Modifier.FINAL)
                    .initializer("$T.of($S, $S, $L, $L)", RuntimeTypes.ATTRIBUTE_FIELD, property.name(),
                            property.storedName(), entity.changeReadsEntity(property), hasScalarElements(property.type()))
                    .build());
        }
        type.addField(FieldSpec.builder(byte[].class, VERSION_FIELD_NAME, Modifier.PRIVATE, Modifier.STATIC,
                Modifier.FINAL)
                .initializer(entity.version().map(v -> CodeBlock.of("new $T(16).writeString($S).toByteArray()",
                        RuntimeTypes.TUPLE_WRITER, v.storedName())).orElse(CodeBlock.of("null"))).build());
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());

        type.addMethod(MethodSpec.methodBuilder("versionField").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(byte[].class).addStatement("return $L", VERSION_FIELD_NAME)
                .build());
        type.addMethod(writeEntity(entity));
        type.addMethod(readEntity(entity));
        List<Property> stored = storedProperties(entity);
        for (Property property : stored) {
            type.addMethods(propertyWriters(entity, property));
        }
        for (Property property : stored) {
            type.addMethod(propertyReader(property));
        }
        for (ValueObject object : entity.value().embedded().values()) {
            type.addMethod(objectWriter(object));
            type.addMethod(objectReader(object));
        }
        return type.build();
    }

    private static boolean hasScalarElements(ValueType type) {
        if (type instanceof ValueType.CollectionOf collection) {
            return collection.element() instanceof ValueType.Scalar;
        }
        return type instanceof ValueType.MapOf map && map.value() instanceof ValueType.Scalar;
    }

    private static List<Property> storedProperties(EntityModel entity) {
        List<Property> stored = new ArrayList<>(entity.value().properties());
        entity.keyParts().forEach(k -> stored.remove(k.property()));
        return stored;
    }

    private String objectMethod(String verb, ClassName type) {
        return verb + objectNames.get(type) + "Object";
    }

    // ---- writing

    private MethodSpec writeEntity(EntityModel entity) {
        CodeBlock.Builder code = CodeBlock.builder().addStatement("int mark = out.mark()");
        for (Property property : storedProperties(entity)) {
            code.addStatement("out.field($S)", property.storedName());
            code.addStatement("$L(out, $L)", AttributeCodec.fieldWriter(property.name()), property.readFrom("entity"));
            code.addStatement("out.reset(mark)");
        }
        return MethodSpec.methodBuilder("write").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .addParameter(entity.className(), "entity")
                .addParameter(RuntimeTypes.ATTRIBUTE_WRITER, "out")
                .addCode(code.build()).build();
    }

    /**
     * The writers of a stored field that the partial updates reuse: {@code writeTags(out, value)}, the field's
     * node at the writer's path (nothing for null); for a list and a map also {@code writeTagsElement(out,
     * value)}, one element or map value; for a set and a map also {@code writeTagsKey(path, value)}, the element
     * or map key that names an entry, appended to a path. A collection or map writes each entry through them.
     */
    private List<MethodSpec> propertyWriters(EntityModel entity, Property property) {
        String field = property.name();
        return property.type().accept(new ValueType.Visitor<>() {
            @Override
            public List<MethodSpec> scalar(ValueType.Scalar scalar) {
                return List.of(nodeWriter(scalar));
            }

            @Override
            public List<MethodSpec> collection(ValueType.CollectionOf collection) {
                CodeBlock.Builder code = CodeBlock.builder().addStatement("out.container()")
                        .addStatement("int mark = out.mark()");
                if (collection.kind() == ValueType.CollectionKind.SET) {
                    ValueType.Scalar element = (ValueType.Scalar) collection.element();
                    code.beginControlFlow("for ($T element : value)", element.typeName())
                            .addStatement("$L(out.path(), element)", AttributeCodec.keyWriter(field))
                            .addStatement("out.setElement()")
                            .addStatement("out.reset(mark)").endControlFlow();
                    CodeBlock key = CodeBlock.builder().beginControlFlow("if (value == null)")
                            .addStatement("path.writeNull()").nextControlFlow("else")
                            .addStatement("path.$L(value)", element.kind().tupleWriter()).endControlFlow().build();
                    return List.of(fieldWriter(property, code.build()), keyWriter(property, element, "element", key));
                }
                code.addStatement("long position = 0")
                        .beginControlFlow("for ($T element : value)", collection.element().typeName())
                        .addStatement("out.position(position++, $S)", "")
                        .addStatement("$L(out, element)", AttributeCodec.elementWriter(field))
                        .addStatement("out.reset(mark)").endControlFlow();
                return List.of(fieldWriter(property, code.build()),
                        elementWriter(property, collection.element(), "element"));
            }

            @Override
            public List<MethodSpec> map(ValueType.MapOf map) {
                CodeBlock code = CodeBlock.builder().addStatement("out.container()")
                        .addStatement("int mark = out.mark()")
                        .beginControlFlow("for ($T<$T, $T> entry : value.entrySet())", Map.Entry.class,
                                map.key().typeName(), map.value().typeName())
                        .addStatement("$L(out.path(), entry.getKey())", AttributeCodec.keyWriter(field))
                        .addStatement("$L(out, entry.getValue())", AttributeCodec.elementWriter(field))
                        .addStatement("out.reset(mark)").endControlFlow().build();
                CodeBlock key = CodeBlock.builder().addStatement("path.$L($T.mapKey(value, $T.$L, $S))",
                        map.key().kind().tupleWriter(), RuntimeTypes.ELEMENTS, GeneratedNames.mapping(entity.className()),
                        Mapping.ENTITY, field).build();
                return List.of(fieldWriter(property, code), elementWriter(property, map.value(), "value"),
                        keyWriter(property, map.key(), "key", key));
            }

            @Override
            public List<MethodSpec> embedded(ValueType.Embedded embedded) {
                return List.of(nodeWriter(embedded));
            }

            @Override
            public List<MethodSpec> optional(ValueType.OptionalOf optional) {
                return List.of(nodeWriter(optional));
            }

            @Override
            public List<MethodSpec> databind(ValueType.Databind databind) {
                throw noDatabind(databind);
            }

            /** The writer of a field whose node is one value, not a collection of entries. */
            private MethodSpec nodeWriter(ValueType type) {
                return fieldWriter(property, writeNode(type, "value", 0, field,
                        MethodNames.keeping(List.of("out", "value"))));
            }
        });
    }

    /** {@code writeTags(out, value)}: the node of a field at the writer's path; nothing for null. */
    private static MethodSpec fieldWriter(Property property, CodeBlock body) {
        CodeBlock.Builder code = CodeBlock.builder();
        if (!property.type().isPrimitive()) {
            code.beginControlFlow("if (value == null)").addStatement("return").endControlFlow();
        }
        return MethodSpec.methodBuilder(AttributeCodec.fieldWriter(property.name())).addModifiers(Modifier.STATIC)
                .addJavadoc("Writes the node of '$L' at the writer's path; nothing if it is null.\n", property.name())
                .addParameter(RuntimeTypes.ATTRIBUTE_WRITER, "out")
                .addParameter(property.type().typeName(), "value")
                .addCode(code.add(body).build()).build();
    }

    /** {@code writeTagsElement(out, value)}: one element or map value ({@code what}), null as a null node. */
    private MethodSpec elementWriter(Property property, ValueType element, String what) {
        return MethodSpec.methodBuilder(AttributeCodec.elementWriter(property.name())).addModifiers(Modifier.STATIC)
                .addJavadoc("Writes one $L of '$L' at the writer's path.\n", what, property.name())
                .addParameter(RuntimeTypes.ATTRIBUTE_WRITER, "out")
                .addParameter(element.typeName(), "value")
                .addCode(writeNullable(element, "value", 1, property.name(), MethodNames.keeping(List.of("out", "value"))))
                .build();
    }

    /**
     * {@code writeTagsKey(path, value)} for a set, {@code writeScoresKey(path, value)} for a map: the set element
     * or map key ({@code what}) that names an entry, appended to a path.
     */
    private static MethodSpec keyWriter(Property property, ValueType.Scalar key, String what, CodeBlock body) {
        return MethodSpec.methodBuilder(AttributeCodec.keyWriter(property.name())).addModifiers(Modifier.STATIC)
                .addJavadoc("Appends the $L of '$L' that names an entry to {@code path}.\n", what, property.name())
                .addParameter(RuntimeTypes.TUPLE_WRITER, "path")
                .addParameter(key.typeName(), "value")
                .addCode(body).build();
    }

    private MethodSpec objectWriter(ValueObject object) {
        MethodNames scope = MethodNames.keeping(List.of("out", "value"));
        Map<String, String> locals = ObjectCode.declare(object.properties(), scope);
        String mark = scope.newName("mark");
        CodeBlock.Builder code = CodeBlock.builder().addStatement("out.container()")
                .addStatement("int $L = out.mark()", mark);
        for (Property property : object.properties()) {
            String read = property.readFrom("value");
            if (property.type().isPrimitive()) {
                code.addStatement("out.field($S)", property.storedName());
                code.add(writeNode(property.type(), read, 1, property.name(), scope));
                code.addStatement("out.reset($L)", mark);
                continue;
            }
            String variable = locals.get(property.name());
            code.addStatement("$T $L = $L", property.type().typeName(), variable, read);
            code.beginControlFlow("if ($L != null)", variable);
            code.addStatement("out.field($S)", property.storedName());
            code.add(writeNode(property.type(), variable, 1, property.name(), scope.block()));
            code.addStatement("out.reset($L)", mark);
            code.endControlFlow();
        }
        return MethodSpec.methodBuilder(objectMethod("write", object.className()))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(RuntimeTypes.ATTRIBUTE_WRITER, "out")
                .addParameter(object.className(), "value")
                .addCode(code.build()).build();
    }

    /** Statements writing the node of {@code expression}, which is not null, at the writer's path. */
    private CodeBlock writeNode(ValueType type, String expression, int depth, String field, MethodNames scope) {
        return type.accept(new ValueType.Visitor<>() {
            @Override
            public CodeBlock scalar(ValueType.Scalar scalar) {
                if (scalar.kind() == ScalarKind.BIG_DECIMAL) {
                    return CodeBlock.builder().addStatement("out.decimal($L)", expression).build();
                }
                return CodeBlock.builder().addStatement("out.value().$L($L)", scalar.kind().tupleWriter(), expression)
                        .addStatement("out.leaf()").build();
            }

            @Override
            public CodeBlock collection(ValueType.CollectionOf collection) {
                String mark = scope.newName("mark" + (depth + 1));
                MethodNames loop = scope.block();
                String element = loop.newName("element" + (depth + 1));
                CodeBlock.Builder code = CodeBlock.builder().addStatement("out.container()")
                        .addStatement("int $L = out.mark()", mark);
                if (collection.kind() == ValueType.CollectionKind.SET) {
                    ValueType.Scalar scalar = (ValueType.Scalar) collection.element();
                    code.beginControlFlow("for ($T $L : $L)", scalar.typeName(), element, expression);
                    code.beginControlFlow("if ($L == null)", element).addStatement("out.path().writeNull()")
                            .nextControlFlow("else")
                            .addStatement("out.path().$L($L)", scalar.kind().tupleWriter(), element)
                            .endControlFlow();
                    code.addStatement("out.setElement()");
                } else {
                    String position = scope.newName("position" + (depth + 1));
                    code.addStatement("long $L = 0", position);
                    code.beginControlFlow("for ($T $L : $L)", collection.element().typeName(), element, expression);
                    code.addStatement("out.position($L++, $S)", position, "");
                    code.add(writeNullable(collection.element(), element, depth + 1, field, loop));
                }
                return code.addStatement("out.reset($L)", mark).endControlFlow().build();
            }

            @Override
            public CodeBlock map(ValueType.MapOf map) {
                String mark = scope.newName("mark" + (depth + 1));
                MethodNames loop = scope.block();
                String entry = loop.newName("entry" + (depth + 1));
                return CodeBlock.builder().addStatement("out.container()")
                        .addStatement("int $L = out.mark()", mark)
                        .beginControlFlow("for ($T<$T, $T> $L : $L.entrySet())", Map.Entry.class, map.key().typeName(),
                                map.value().typeName(), entry, expression)
                        .addStatement("out.path().$L(out.mapKey($L.getKey(), $S))", map.key().kind().tupleWriter(),
                                entry, field)
                        .add(writeNullable(map.value(), entry + ".getValue()", depth + 1, field, loop))
                        .addStatement("out.reset($L)", mark)
                        .endControlFlow().build();
            }

            @Override
            public CodeBlock embedded(ValueType.Embedded embedded) {
                return CodeBlock.builder().addStatement("$L(out, $L)",
                        objectMethod("write", embedded.object().className()), expression).build();
            }

            @Override
            public CodeBlock optional(ValueType.OptionalOf optional) {
                return CodeBlock.builder().beginControlFlow("if ($L.isPresent())", expression)
                        .add(writeNode(optional.value(), expression + ".get()", depth, field, scope.block()))
                        .endControlFlow().build();
            }

            @Override
            public CodeBlock databind(ValueType.Databind databind) {
                throw noDatabind(databind);
            }
        });
    }

    private CodeBlock writeNullable(ValueType type, String expression, int depth, String field, MethodNames scope) {
        return CodeBlock.builder().beginControlFlow("if ($L == null)", expression).addStatement("out.nullNode()")
                .nextControlFlow("else")
                .add(writeNode(type, expression, depth, field, scope.block()))
                .endControlFlow().build();
    }

    /** The validator keeps databind values out of this layout ({@link ObjectCode#requireGeneratedCodeOnly}). */
    private static IllegalStateException noDatabind(ValueType.Databind databind) {
        return new IllegalStateException("the attribute-per-key codec has no databind values: " + databind.typeName());
    }

    // ---- reading

    private MethodSpec readEntity(EntityModel entity) {
        MethodNames scope = MethodNames.keeping(List.of("in"));
        Map<String, String> locals = ObjectCode.declare(entity.value().properties(), scope);
        String recordKey = scope.newName("recordKey");
        CodeBlock.Builder code = CodeBlock.builder()
                .addStatement("$T $L = in.recordKey()", RuntimeTypes.TUPLE_READER, recordKey)
                .addStatement("$L.beginNested()", recordKey)
                .addStatement("$L.skip()", recordKey)
                .addStatement("$L.skip()", recordKey);
        List<KeyPart> parts = entity.keyParts();
        for (int i = 0; i < parts.size(); i++) {
            KeyPart part = parts.get(i);
            code.addStatement("$T $L = $L.$L$L", part.scalar().typeName(), locals.get(part.name()), recordKey,
                    part.descending() ? "descending()." : "", scalarRead(part.scalar()));
            if (i == entity.partitionSize() - 1) {
                code.addStatement("$L.endNested()", recordKey);
            }
        }
        List<Property> stored = storedProperties(entity);
        for (Property property : stored) {
            code.addStatement("$T $L = $L", property.type().typeName(), locals.get(property.name()),
                    ObjectCode.defaultValue(property.type()));
        }
        String fields = scope.newName("scope");
        code.addStatement("int $L = in.enter()", fields);
        code.beginControlFlow("while (in.next($L))", fields);
        code.beginControlFlow("switch (in.name())");
        for (Property property : stored) {
            code.add("case $S:\n", property.storedName()).indent()
                    .addStatement("$L = $L(in)", locals.get(property.name()), propertyReaderName(property))
                    .addStatement("break").unindent();
        }
        code.add("default:\n").indent().addStatement("in.skip()").addStatement("break").unindent();
        code.endControlFlow().endControlFlow();
        code.add(ObjectCode.construct(entity.value(), locals, scope.newName("entity")));
        return MethodSpec.methodBuilder("read").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(entity.className())
                .addParameter(RuntimeTypes.ATTRIBUTE_READER, "in")
                .addCode(code.build()).build();
    }

    private static String propertyReaderName(Property property) {
        return "read" + GeneratedNames.capitalize(property.name());
    }

    /** {@code readTags(in)}: the node of a field the reader stands on, which is not null. */
    private MethodSpec propertyReader(Property property) {
        CodeBlock code = property.type().accept(new ValueType.Visitor<>() {
            @Override
            public CodeBlock scalar(ValueType.Scalar scalar) {
                return CodeBlock.builder().addStatement("return $L", readLeaf(scalar)).build();
            }

            @Override
            public CodeBlock embedded(ValueType.Embedded embedded) {
                return CodeBlock.builder()
                        .addStatement("return $L(in)", objectMethod("read", embedded.object().className())).build();
            }

            @Override
            public CodeBlock collection(ValueType.CollectionOf collection) {
                return intoLocal(collection);
            }

            @Override
            public CodeBlock map(ValueType.MapOf map) {
                return intoLocal(map);
            }

            @Override
            public CodeBlock optional(ValueType.OptionalOf optional) {
                return intoLocal(optional);
            }

            @Override
            public CodeBlock databind(ValueType.Databind databind) {
                throw noDatabind(databind);
            }

            /** Reads a node that takes statements into a local, and returns it. */
            private CodeBlock intoLocal(ValueType type) {
                return CodeBlock.builder().addStatement("$T value", type.typeName())
                        .add(readNode(type, "value", 0, MethodNames.keeping(List.of("in", "value"))))
                        .addStatement("return value").build();
            }
        });
        return MethodSpec.methodBuilder(propertyReaderName(property)).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(property.type().typeName())
                .addParameter(RuntimeTypes.ATTRIBUTE_READER, "in")
                .addCode(code).build();
    }

    private MethodSpec objectReader(ValueObject object) {
        MethodNames scope = MethodNames.keeping(List.of("in"));
        Map<String, String> locals = ObjectCode.declare(object.properties(), scope);
        CodeBlock.Builder code = CodeBlock.builder().addStatement("in.container()");
        for (Property property : object.properties()) {
            code.addStatement("$T $L = $L", property.type().typeName(), locals.get(property.name()),
                    ObjectCode.defaultValue(property.type()));
        }
        String fields = scope.newName("scope");
        code.addStatement("int $L = in.enter()", fields);
        code.beginControlFlow("while (in.next($L))", fields);
        code.beginControlFlow("switch (in.name())");
        for (Property property : object.properties()) {
            // a block per case: the locals of two collection properties must not share the switch's scope
            code.add("case $S: {\n", property.storedName()).indent();
            code.add(readNode(property.type(), locals.get(property.name()), 0, scope.block()));
            code.addStatement("break").unindent().add("}\n");
        }
        code.add("default:\n").indent().addStatement("in.skip()").addStatement("break").unindent();
        code.endControlFlow().endControlFlow();
        code.add(ObjectCode.construct(object, locals, scope.newName("entity")));
        return MethodSpec.methodBuilder(objectMethod("read", object.className()))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(object.className())
                .addParameter(RuntimeTypes.ATTRIBUTE_READER, "in")
                .addCode(code.build()).build();
    }

    /** Statements assigning the node the reader stands on, which is not null, to {@code target}. */
    private CodeBlock readNode(ValueType type, String target, int depth, MethodNames scope) {
        return type.accept(new ValueType.Visitor<>() {
            @Override
            public CodeBlock scalar(ValueType.Scalar scalar) {
                return CodeBlock.builder().addStatement("$L = $L", target, readLeaf(scalar)).build();
            }

            @Override
            public CodeBlock collection(ValueType.CollectionOf collection) {
                String entries = scope.newName("scope" + (depth + 1));
                MethodNames loop = scope.block();
                String element = loop.newName("element" + (depth + 1));
                boolean set = collection.kind() == ValueType.CollectionKind.SET;
                CodeBlock.Builder code = CodeBlock.builder().addStatement("in.container()")
                        .addStatement("$L = new $T<>()", target, set ? LinkedHashSet.class : ArrayList.class)
                        .addStatement("int $L = in.enter()", entries)
                        .beginControlFlow("while (in.next($L))", entries)
                        .addStatement("$T $L", collection.element().typeName(), element);
                if (set) {
                    ValueType.Scalar scalar = (ValueType.Scalar) collection.element();
                    code.beginControlFlow("if (in.path().nextIsNull())").addStatement("in.path().readNull()")
                            .addStatement("$L = null", element).nextControlFlow("else")
                            .addStatement("$L = in.path().$L", element, scalarRead(scalar)).endControlFlow();
                    code.addStatement("in.endPath()");
                } else {
                    code.addStatement("in.position()");
                    code.add(readNullable(collection.element(), element, depth + 1, loop));
                }
                return code.addStatement("$L.add($L)", target, element).endControlFlow().build();
            }

            @Override
            public CodeBlock map(ValueType.MapOf map) {
                String entries = scope.newName("scope" + (depth + 1));
                MethodNames loop = scope.block();
                String key = loop.newName("key" + (depth + 1));
                String value = loop.newName("value" + (depth + 1));
                return CodeBlock.builder().addStatement("in.container()")
                        .addStatement("$L = new $T<>()", target, LinkedHashMap.class)
                        .addStatement("int $L = in.enter()", entries)
                        .beginControlFlow("while (in.next($L))", entries)
                        .addStatement("$T $L = in.path().$L", map.key().typeName(), key, scalarRead(map.key()))
                        .addStatement("$T $L", map.value().typeName(), value)
                        .add(readNullable(map.value(), value, depth + 1, loop))
                        .addStatement("$L.put($L, $L)", target, key, value)
                        .endControlFlow().build();
            }

            @Override
            public CodeBlock embedded(ValueType.Embedded embedded) {
                return CodeBlock.builder().addStatement("$L = $L(in)", target,
                        objectMethod("read", embedded.object().className())).build();
            }

            @Override
            public CodeBlock optional(ValueType.OptionalOf optional) {
                CodeBlock read = optional.value() instanceof ValueType.Scalar scalar ? readLeaf(scalar)
                        : CodeBlock.of("$L(in)", objectMethod("read", ((ValueType.Embedded) optional.value()).object()
                                .className()));
                return CodeBlock.builder().addStatement("$L = $T.of($L)", target, Optional.class, read).build();
            }

            @Override
            public CodeBlock databind(ValueType.Databind databind) {
                throw noDatabind(databind);
            }
        });
    }

    private CodeBlock readNullable(ValueType type, String target, int depth, MethodNames scope) {
        return CodeBlock.builder().beginControlFlow("if (in.isNull())").addStatement("$L = null", target)
                .nextControlFlow("else")
                .add(readNode(type, target, depth, scope.block()))
                .endControlFlow().build();
    }

    /** The value of the scalar node the reader stands on; a decimal keeps its scale (see the writer). */
    private static CodeBlock readLeaf(ValueType.Scalar scalar) {
        return scalar.kind() == ScalarKind.BIG_DECIMAL ? CodeBlock.of("in.decimal()")
                : CodeBlock.of("in.leaf().$L", scalarRead(scalar));
    }

    private static CodeBlock scalarRead(ValueType.Scalar scalar) {
        return scalar.kind() == ScalarKind.ENUM ? CodeBlock.of("readEnum($T.class)", scalar.typeName())
                : CodeBlock.of("$L()", scalar.kind().tupleReader());
    }

}
