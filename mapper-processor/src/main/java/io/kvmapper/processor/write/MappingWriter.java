package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.kvmapper.annotation.Codec;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.names.GeneratedNames;
import io.kvmapper.processor.names.GeneratedNames.Mapping;
import io.kvmapper.processor.names.MethodNames;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaJson;
import java.util.List;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code <Entity>_KvMapping}: the entity's record key layout (keys, prefixes and ranges for
 * every finder), its binding to the value codec, and its stored schema (the text of its schema file),
 * which the runtime compares with the schema a store recorded.
 */
public final class MappingWriter {
    private final Elements elements;

    /** A writer using the compiler's element utilities. */
    public MappingWriter(Elements elements) {
        this.elements = elements;
    }

    /** The mapping class of {@code entity}, whose stored schema is {@code schema}. */
    public TypeSpec write(EntityModel entity, SchemaDocument schema) {
        ClassName entityType = entity.className();
        TypeSpec.Builder type = TypeSpec.classBuilder(GeneratedNames.mapping(entityType))
                .addModifiers(Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(RuntimeTypes.ENTITY_MAPPING, entityType))
                .addJavadoc("Record key layout and codec of {@link $T}.\n", entityType)
                .addOriginatingElement(entity.element());
        GeneratedAnnotation.of(elements).ifPresent(type::addAnnotation);
        ClassName self = GeneratedNames.mapping(entityType);
        type.addField(FieldSpec.builder(self, GeneratedNames.INSTANCE, Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self).build());
        type.addField(FieldSpec.builder(String.class, Mapping.ENTITY, Modifier.STATIC, Modifier.FINAL)
                .initializer("$S", entity.storedName()).build());
        type.addField(FieldSpec.builder(byte[].class, Mapping.PARTITION_HEAD, Modifier.PRIVATE, Modifier.STATIC,
                Modifier.FINAL).initializer("$T.partitionHead($L)", RuntimeTypes.RECORD_KEYS, Mapping.ENTITY).build());
        type.addField(FieldSpec.builder(byte[].class, Mapping.ALL_RECORDS_PREFIX, Modifier.PRIVATE, Modifier.STATIC,
                Modifier.FINAL).initializer("$T.allRecordsPrefix($L)", RuntimeTypes.RECORD_KEYS, Mapping.ENTITY).build());
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());

        type.addMethod(MethodSpec.methodBuilder("entityName").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(String.class).addStatement("return $L", Mapping.ENTITY).build());
        type.addField(FieldSpec.builder(String.class, "SCHEMA", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$S", SchemaJson.write(schema)).build());
        type.addMethod(MethodSpec.methodBuilder("schemaVersion").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(int.class).addStatement("return $L", schema.version()).build());
        type.addMethod(MethodSpec.methodBuilder("schema").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(String.class).addStatement("return SCHEMA").build());
        type.addMethod(MethodSpec.methodBuilder("codec").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(RuntimeTypes.VALUE_CODEC, entityType))
                .addStatement(entity.isAttributePerKey() ? CodeBlock.of("return null")
                        : CodeBlock.of("return $T.$L", entity.codec() == Codec.PROTOBUF
                                ? GeneratedNames.protoCodec(entityType) : GeneratedNames.jsonCodec(entityType),
                                GeneratedNames.INSTANCE)).build());
        type.addMethod(MethodSpec.methodBuilder("attributeCodec").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(RuntimeTypes.ATTRIBUTE_CODEC, entityType))
                .addStatement(entity.isAttributePerKey()
                        ? CodeBlock.of("return $T.$L", GeneratedNames.attributeCodec(entityType), GeneratedNames.INSTANCE)
                        : CodeBlock.of("return null")).build());
        type.addMethod(MethodSpec.methodBuilder("keySize").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(int.class)
                .addStatement("return $L", entity.keyParts().size()).build());
        type.addMethod(MethodSpec.methodBuilder("partitionSize").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(int.class)
                .addStatement("return $L", entity.partitionSize()).build());
        if (entity.value().isRecord()) {
            type.addMethod(MethodSpec.methodBuilder("changesBuildNewEntities").addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC).returns(boolean.class)
                    .addJavadoc("True: a record's changes build a new record through its canonical constructor.\n")
                    .addStatement("return true").build());
        }
        type.addMethod(keyOf(entity));
        type.addMethod(key(entity));
        type.addMethod(MethodSpec.methodBuilder(Mapping.ALL_RECORDS).addModifiers(Modifier.STATIC)
                .returns(RuntimeTypes.RECORD_RANGE)
                .addJavadoc("Every record of the entity.\n")
                .addStatement("return $T.prefix($L)", RuntimeTypes.RECORD_RANGE, Mapping.ALL_RECORDS_PREFIX).build());
        for (int count = 1; count < entity.keyParts().size(); count++) {
            type.addMethod(prefix(entity, count));
        }
        for (int index = 0; index < entity.keyParts().size(); index++) {
            type.addMethod(between(entity, index));
        }
        new SchemaCodeWriter(entity).addTo(type);
        new LifecycleCodeWriter(entity).addTo(type);
        return type.build();
    }

    private MethodSpec keyOf(EntityModel entity) {
        CodeBlock.Builder arguments = CodeBlock.builder();
        List<KeyPart> parts = entity.keyParts();
        for (int i = 0; i < parts.size(); i++) {
            arguments.add(i == 0 ? "$L" : ", $L", parts.get(i).property().readFrom("entity"));
        }
        return MethodSpec.methodBuilder("keyOf").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(byte[].class).addParameter(entity.className(), "entity")
                .addStatement("return $L($L)", Mapping.KEY, arguments.build()).build();
    }

    private MethodSpec key(EntityModel entity) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(Mapping.KEY).addModifiers(Modifier.STATIC)
                .returns(byte[].class)
                .addJavadoc("The record key.\n");
        addComponentParameters(method, entity, entity.keyParts().size());
        return method.addStatement("return $L\n.toByteArray()", KeyCode.prefix(entity, entity.keyParts().size()))
                .build();
    }

    private MethodSpec prefix(EntityModel entity, int count) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(Mapping.recordRange(componentNames(entity, count),
                false)).addModifiers(Modifier.STATIC)
                .returns(RuntimeTypes.RECORD_RANGE)
                .addJavadoc("The records whose key starts with the given $L.\n",
                        count == 1 ? "component" : count + " components");
        addComponentParameters(method, entity, count);
        return method.addStatement("return $T.prefix($L\n.toPrefixBytes())", RuntimeTypes.RECORD_RANGE,
                KeyCode.prefix(entity, count)).build();
    }

    private MethodSpec between(EntityModel entity, int index) {
        KeyPart ranged = entity.keyParts().get(index);
        MethodNames scope = MethodNames.keeping(componentNames(entity, index));
        String from = scope.newName("from");
        String to = scope.newName("to");
        MethodSpec.Builder method = MethodSpec.methodBuilder(Mapping.recordRange(componentNames(entity, index + 1),
                true)).addModifiers(Modifier.STATIC)
                .returns(RuntimeTypes.RECORD_RANGE)
                .addJavadoc("The records whose component '$L' lies in [$L, $L)$L.\n", ranged.name(), from, to,
                        index == 0 ? "" : " after the given leading components");
        addComponentParameters(method, entity, index);
        TypeName rangedType = ranged.scalar().typeName();
        method.addParameter(rangedType, from).addParameter(rangedType, to);
        CodeBlock prefix = index == 0 ? CodeBlock.of("$L", Mapping.ALL_RECORDS_PREFIX)
                : CodeBlock.of("$L\n.toPrefixBytes()", KeyCode.prefix(entity, index));
        return method.addStatement("return $T.between($L,\nnew $T(16).$L.toByteArray(),\nnew $T(16).$L.toByteArray(), $L)",
                RuntimeTypes.RECORD_RANGE, prefix,
                RuntimeTypes.TUPLE_WRITER, KeyCode.component(ranged, from),
                RuntimeTypes.TUPLE_WRITER, KeyCode.component(ranged, to),
                ranged.descending()).build();
    }

    /** Adds one parameter per key component, for the first {@code count} components. */
    static void addComponentParameters(MethodSpec.Builder method, EntityModel entity, int count) {
        for (int i = 0; i < count; i++) {
            KeyPart part = entity.keyParts().get(i);
            method.addParameter(part.scalar().typeName(), part.name());
        }
    }

    /** The names of the first {@code count} key components. */
    static List<String> componentNames(EntityModel entity, int count) {
        return entity.keyParts().subList(0, count).stream().map(KeyPart::name).toList();
    }
}
