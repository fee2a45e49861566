package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** What both codec writers do with value objects: find the embedded ones, and build one from locals. */
final class ObjectCode {
    private ObjectCode() {
    }

    /**
     * A name per embedded type for a codec's write and read methods: its simple names joined by
     * {@code _}, with a number added where two types from different packages would share one.
     */
    static Map<ClassName, String> methodNames(java.util.Collection<ClassName> types) {
        Map<ClassName, String> names = new LinkedHashMap<>();
        java.util.Set<String> taken = new java.util.HashSet<>();
        for (ClassName type : types) {
            String base = String.join("_", type.simpleNames());
            String name = base;
            for (int i = 2; !taken.add(name); i++) {
                name = base + i;
            }
            names.put(type, name);
        }
        return names;
    }

    /**
     * The statements that build {@code object} from the local variable {@code local.apply(name)} of each
     * property and return it: the canonical constructor of a record, or the no-argument constructor and
     * each field or setter of a class (in a variable named {@code entity}).
     */
    static CodeBlock construct(ValueObject object, Function<String, String> local) {
        CodeBlock.Builder code = CodeBlock.builder();
        if (object.isRecord()) {
            Map<String, String> locals = new LinkedHashMap<>();
            object.properties().forEach(p -> locals.put(p.name(), local.apply(p.name())));
            CodeBlock.Builder arguments = CodeBlock.builder();
            for (int i = 0; i < object.constructorArguments().size(); i++) {
                String argument = object.constructorArguments().get(i);
                arguments.add(i == 0 ? "$L" : ", $L", locals.getOrDefault(argument, argument));
            }
            return code.addStatement("return new $T($L)", object.className(), arguments.build()).build();
        }
        code.addStatement("$T entity = new $T()", object.className(), object.className());
        for (Property property : object.properties()) {
            if (property.writeIsSetter()) {
                code.addStatement("entity.$L($L)", property.write(), local.apply(property.name()));
            } else {
                code.addStatement("entity.$L = $L", property.write(), local.apply(property.name()));
            }
        }
        return code.addStatement("return entity").build();
    }

    /**
     * Checks that no field of {@code entity}, or of an object it embeds, is a {@link ValueType.Databind}
     * value, which only the JSON codec of the monolithic layout writes (the validator reports it for every
     * other codec and layout; {@code writer} names the one that was handed such a model).
     */
    static void requireGeneratedCodeOnly(EntityModel entity, String writer) {
        List<ValueObject> objects = new ArrayList<>(entity.value().embedded().values());
        objects.add(entity.value());
        for (ValueObject object : objects) {
            for (Property property : object.properties()) {
                ValueType type = property.type() instanceof ValueType.OptionalOf optional ? optional.value()
                        : property.type();
                if (type instanceof ValueType.Databind) {
                    throw new IllegalStateException(writer + " cannot write the databind field '" + property.name()
                            + "' of " + object.className());
                }
            }
        }
    }

    /** What a field of {@code type} holds when the stored value has none: zero, false, empty or null. */
    static CodeBlock defaultValue(ValueType type) {
        if (type instanceof ValueType.OptionalOf) {
            return CodeBlock.of("$T.empty()", java.util.Optional.class);
        }
        if (!type.isPrimitive()) {
            return CodeBlock.of("null");
        }
        switch (((ValueType.Scalar) type).kind()) {
            case BOOLEAN:
                return CodeBlock.of("false");
            case CHAR:
                return CodeBlock.of("'\\0'");
            case LONG:
                return CodeBlock.of("0L");
            case FLOAT:
                return CodeBlock.of("0f");
            case DOUBLE:
                return CodeBlock.of("0d");
            case BYTE:
                return CodeBlock.of("(byte) 0");
            case SHORT:
                return CodeBlock.of("(short) 0");
            default:
                return CodeBlock.of("0");
        }
    }
}
