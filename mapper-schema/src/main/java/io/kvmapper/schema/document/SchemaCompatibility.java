package io.kvmapper.schema.document;

import io.kvmapper.schema.document.SchemaDifference.CodecChanged;
import io.kvmapper.schema.document.SchemaDifference.FieldNumberChanged;
import io.kvmapper.schema.document.SchemaDifference.FieldNumberTaken;
import io.kvmapper.schema.document.SchemaDifference.FieldTypeChanged;
import io.kvmapper.schema.document.SchemaDifference.KeyComponentChanged;
import io.kvmapper.schema.document.SchemaDifference.KeyLengthChanged;
import io.kvmapper.schema.document.SchemaDifference.LayoutChanged;
import io.kvmapper.schema.document.SchemaDifference.NameChanged;
import io.kvmapper.schema.document.SchemaDocument.Component;
import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import io.kvmapper.schema.document.SchemaDocument.TypeFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which current schema the data stored under a recorded one survives: the one set of rules behind the
 * processor's check of schema files and the runtime's check of what a store recorded.
 *
 * <p>The current schema may differ from the recorded one by fields added, removed or renamed in Java
 * (stored names stay), integer types widened (see {@link SchemaTypes}), and indexes and counters added or
 * removed. Anything else is a {@link SchemaDifference}: the stored name, the layout, the codec, the key, a
 * field's type, and in Protobuf values a field's number, or a number that another stored field has or had.
 * An index or counter redefined under its name is a {@link Redefinition}: the data survives it, the
 * component's entries do not.
 */
public final class SchemaCompatibility {
    private SchemaCompatibility() {
    }

    /**
     * What differs between {@code recorded} and {@code current} in ways the data stored under
     * {@code recorded} does not survive, in document order: the entity, the key, then the fields of the
     * entity and of each embedded type both know. A changed stored name is the only difference then.
     */
    public static List<SchemaDifference> differences(SchemaDocument recorded, SchemaDocument current) {
        if (!recorded.storedName().equals(current.storedName())) {
            return List.of(new NameChanged(recorded.storedName(), current.storedName()));
        }
        List<SchemaDifference> differences = new ArrayList<>();
        if (!recorded.layout().equals(current.layout())) {
            differences.add(new LayoutChanged(recorded.layout(), current.layout()));
        }
        if (!recorded.codec().equals(current.codec())) {
            differences.add(new CodecChanged(recorded.codec(), current.codec()));
        }
        List<KeyComponent> before = recorded.key();
        List<KeyComponent> after = current.key();
        if (before.size() != after.size()) {
            differences.add(new KeyLengthChanged(before, after));
        } else {
            for (int i = 0; i < after.size(); i++) {
                if (!before.get(i).equals(after.get(i))) {
                    differences.add(new KeyComponentChanged(i, before.get(i), after.get(i)));
                }
            }
        }
        boolean numbersStored = current.codec().equals(SchemaDocument.PROTOBUF);
        Set<String> keyFields = after.stream().map(KeyComponent::field).collect(Collectors.toSet());
        compare("", recorded.fields(), current.fields(), keyFields, numbersStored, differences);
        for (Map.Entry<String, TypeFields> type : current.embedded().entrySet()) {
            TypeFields known = recorded.embedded().get(type.getKey());
            if (known != null) {
                compare(type.getKey(), known, type.getValue(), Set.of(), numbersStored, differences);
            }
        }
        return List.copyOf(differences);
    }

    /** Compares the current fields of one type but {@code skipped} (the key's, which the key compares). */
    private static void compare(String owner, TypeFields recorded, TypeFields current, Set<String> skipped,
            boolean numbersStored, List<SchemaDifference> differences) {
        for (FieldEntry field : current.current()) {
            if (skipped.contains(field.name())) {
                continue;
            }
            Optional<FieldEntry> before = recorded.find(field.name());
            if (before.isPresent() && !SchemaTypes.readableAs(before.get().type(), field.type())) {
                differences.add(new FieldTypeChanged(owner, before.get(), recorded.isRemoved(before.get()), field));
            }
            if (numbersStored) {
                numberDifference(owner, recorded, field).ifPresent(differences::add);
            }
        }
    }

    /**
     * The difference, in Protobuf values, of giving {@code field} of {@code owner} its number over what
     * {@code recorded} records for the type: another number than its stored name has, or a number another
     * current or removed field has or had. Numbers never move, and are never given to another field.
     *
     * @param owner whose field it is: empty for the entity's own, else the embedded type's qualified name
     */
    public static Optional<SchemaDifference> numberDifference(String owner, TypeFields recorded, FieldEntry field) {
        Optional<FieldEntry> own = recorded.find(field.name());
        if (own.isPresent() && own.get().number() != field.number()) {
            return Optional.of(new FieldNumberChanged(owner, own.get(), field));
        }
        Optional<FieldEntry> holder = recorded.holderOf(field.number());
        if (holder.isPresent() && !holder.get().name().equals(field.name())) {
            return Optional.of(new FieldNumberTaken(owner, holder.get(), recorded.isRemoved(holder.get()), field));
        }
        return Optional.empty();
    }

    /**
     * The indexes and then the counters of {@code current} whose definition differs from the one
     * {@code recorded} has under the same name, other than by integer kinds (see
     * {@link SchemaTypes#sameEntries}); none if the documents describe different entities.
     */
    public static List<Redefinition> redefinitions(SchemaDocument recorded, SchemaDocument current) {
        if (!recorded.storedName().equals(current.storedName())) {
            return List.of();
        }
        List<Redefinition> redefinitions = new ArrayList<>();
        redefined(Redefinition.Kind.INDEX, recorded.indexes(), current.indexes(), redefinitions);
        redefined(Redefinition.Kind.COUNTER, recorded.counters(), current.counters(), redefinitions);
        return List.copyOf(redefinitions);
    }

    private static void redefined(Redefinition.Kind kind, List<Component> recorded, List<Component> current,
            List<Redefinition> redefinitions) {
        Map<String, String> signatures = recorded.stream()
                .collect(Collectors.toMap(Component::name, Component::signature, (a, b) -> a));
        for (Component component : current) {
            String before = signatures.get(component.name());
            if (before != null && !SchemaTypes.sameEntries(before, component.signature())) {
                redefinitions.add(new Redefinition(kind, component.name(), before, component.signature()));
            }
        }
    }
}
