package io.kvmapper.cli;

import io.kvmapper.internal.schemaless.EntitySchema;
import io.kvmapper.internal.schemaless.SchemaMapping;
import java.util.ArrayList;
import java.util.List;

/** Key components typed on the command line, parsed by the kinds the entity's recorded key gives them. */
final class KeyText {
    private KeyText() {
    }

    /**
     * The components {@code texts} give, leading ones of the key; all of them if {@code whole}.
     *
     * @throws CliException with exit code 2 for too many or too few components, or one that does not parse
     */
    static List<Object> parse(SchemaMapping mapping, List<String> texts, boolean whole) {
        List<EntitySchema.KeyPart> parts = mapping.entitySchema().key();
        if (whole ? texts.size() != parts.size() : texts.size() > parts.size()) {
            throw CliException.usage(mapping.entityName() + " has a key of " + parts.size() + " component"
                    + (parts.size() == 1 ? "" : "s") + " (" + mapping.entitySchema().describeKey() + "); "
                    + texts.size() + " given");
        }
        List<Object> components = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            EntitySchema.KeyPart part = parts.get(i);
            try {
                components.add(part.kind().parseText(texts.get(i)));
            } catch (IllegalArgumentException e) {
                throw CliException.usage(mapping.entityName() + ": key component " + (i + 1) + " ("
                        + part.field().name() + "): " + e.getMessage());
            }
        }
        return components;
    }
}
