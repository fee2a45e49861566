package io.kvmapper.processor.write;

import com.palantir.javapoet.CodeBlock;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.names.GeneratedNames.Mapping;
import java.util.List;

/** Writes the {@code TupleWriter} calls that encode key components. */
final class KeyCode {
    private KeyCode() {
    }

    /**
     * A {@code TupleWriter} expression holding the partition head and the first {@code count} key
     * components, read from the variables named like the components; the partition tuple is closed
     * once every partition component is written.
     */
    static CodeBlock prefix(EntityModel entity, int count) {
        CodeBlock.Builder code = CodeBlock.builder()
                .add("new $T($L).beginNested().appendRaw($L)", RuntimeTypes.TUPLE_WRITER, 32 + 16 * count,
                        Mapping.PARTITION_HEAD);
        List<KeyPart> parts = entity.keyParts();
        for (int i = 0; i < count; i++) {
            code.add("\n.$L", component(parts.get(i), parts.get(i).name()));
            if (i == entity.partitionSize() - 1) {
                code.add("\n.endNested()");
            }
        }
        return code.build();
    }

    /** One component's write call, e.g. {@code writeString(RecordKeys.require(name, ENTITY, "name"))}. */
    static CodeBlock component(KeyPart part, String variable) {
        CodeBlock value = part.scalar().primitive() ? CodeBlock.of("$L", variable)
                : CodeBlock.of("$T.require($L, $L, $S)", RuntimeTypes.RECORD_KEYS, variable, Mapping.ENTITY, part.name());
        String descending = part.descending() ? "descending()." : "";
        return CodeBlock.of("$L$L($L)", descending, part.scalar().kind().tupleWriter(), value);
    }
}
