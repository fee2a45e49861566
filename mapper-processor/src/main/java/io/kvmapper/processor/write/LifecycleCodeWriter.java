package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.names.GeneratedNames.Mapping;
import io.kvmapper.processor.names.MethodNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes the parts of an entity's mapping that describe its life beyond single writes: when it expires
 * ({@code @Expires}) and how long its change feed keeps changes ({@code @ChangeFeed}), with the decoding of a
 * record key into its typed components that each change carries. An entity with neither gets none of them (the
 * mapping interface's defaults say "never expires" and "no feed").
 */
final class LifecycleCodeWriter {
    private final EntityModel entity;

    LifecycleCodeWriter(EntityModel entity) {
        this.entity = entity;
    }

    /** Adds the expiry definition and the change feed's retention and key decoding, where the entity has them. */
    void addTo(TypeSpec.Builder type) {
        entity.expires().ifPresent(expires -> addExpiry(type, expires));
        entity.changeFeedRetention().ifPresent(retention -> {
            type.addField(FieldSpec.builder(Duration.class, Mapping.CHANGE_FEED_RETENTION, Modifier.PRIVATE,
                    Modifier.STATIC, Modifier.FINAL).initializer("$T.parse($S)", Duration.class, retention.toString())
                    .build());
            type.addMethod(MethodSpec.methodBuilder("changeFeedRetention").addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC).returns(Duration.class)
                    .addStatement("return $L", Mapping.CHANGE_FEED_RETENTION).build());
            type.addMethod(keyComponents());
        });
    }

    private void addExpiry(TypeSpec.Builder type, Property expires) {
        TypeName definition = ParameterizedTypeName.get(RuntimeTypes.EXPIRY_DEFINITION, entity.className());
        type.addField(FieldSpec.builder(definition, Mapping.EXPIRY, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T<>($S, entity -> $L)", RuntimeTypes.EXPIRY_DEFINITION, expires.storedName(),
                        expires.readFrom("entity"))
                .build());
        type.addMethod(MethodSpec.methodBuilder("expiry").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(definition).addStatement("return $L", Mapping.EXPIRY).build());
    }

    /** Decodes a record key into its components, each as its Java type, in key order. */
    private MethodSpec keyComponents() {
        MethodNames scope = MethodNames.keeping(List.of("key"));
        String reader = scope.newName("reader");
        MethodSpec.Builder method = MethodSpec.methodBuilder("keyComponents").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), ClassName.OBJECT))
                .addParameter(byte[].class, "key")
                .addStatement("$T $L = new $T(key)", RuntimeTypes.TUPLE_READER, reader, RuntimeTypes.TUPLE_READER)
                .addStatement("$L.beginNested()", reader)
                .addComment("the entity name and the records tag")
                .addStatement("$L.skip()", reader)
                .addStatement("$L.skip()", reader);
        List<String> components = new ArrayList<>();
        List<KeyPart> parts = entity.keyParts();
        for (int i = 0; i < parts.size(); i++) {
            KeyPart part = parts.get(i);
            String local = scope.newName(part.name());
            String descending = part.descending() ? "descending()." : "";
            if (part.scalar().kind() == ScalarKind.ENUM) {
                method.addStatement("$T $L = $L.$LreadEnum($T.class)", part.scalar().typeName(), local, reader,
                        descending, part.scalar().typeName());
            } else {
                method.addStatement("$T $L = $L.$L$L()", part.scalar().typeName(), local, reader, descending,
                        part.scalar().kind().tupleReader());
            }
            components.add(local);
            if (i == entity.partitionSize() - 1) {
                method.addStatement("$L.endNested()", reader);
            }
        }
        return method.addStatement("return $T.of($L)", List.class, String.join(", ", components)).build();
    }
}
