package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import io.kvmapper.processor.names.MethodNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
     * A local per property of an object, in {@code scope}: named like the property, with a suffix where a
     * parameter of the method has that name. By property name.
     */
    static Map<String, String> declare(List<Property> properties, MethodNames scope) {
        Map<String, String> locals = new LinkedHashMap<>();
        properties.forEach(p -> locals.put(p.name(), scope.newName(p.name())));
        return locals;
    }

    /**
     * The statements that build {@code object} from the {@code locals} of its properties (by property name)
     * and return it: the canonical constructor of a record, or the no-argument constructor and each field or
     * setter of a class, in a variable named {@code instance}.
     */
    static CodeBlock construct(ValueObject object, Map<String, String> locals, String instance) {
        CodeBlock.Builder code = CodeBlock.builder();
        if (object.isRecord()) {
            CodeBlock.Builder arguments = CodeBlock.builder();
            for (int i = 0; i < object.constructorArguments().size(); i++) {
                String argument = object.constructorArguments().get(i);
                arguments.add(i == 0 ? "$L" : ", $L", locals.getOrDefault(argument, argument));
            }
            return code.addStatement("return new $T($L)", object.className(), arguments.build()).build();
        }
        code.addStatement("$T $L = new $T()", object.className(), instance, object.className());
        for (Property property : object.properties()) {
            if (property.writeIsSetter()) {
                code.addStatement("$L.$L($L)", instance, property.write(), locals.get(property.name()));
            } else {
                code.addStatement("$L.$L = $L", instance, property.write(), locals.get(property.name()));
            }
        }
        return code.addStatement("return $L", instance).build();
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
