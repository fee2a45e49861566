package io.kvmapper.processor.query;

import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.IndexModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.PropertyPath;
import java.util.ArrayList;
import java.util.List;

/**
 * What a derived query can scan in order: the primary key, or one index. Its fields are what its keys hold, in
 * order: the key's components; or an index's values and then, for a non-unique index, the primary key's
 * components (its entries with equal values lie in primary-key order, so the key counts).
 */
public final class Source {
    /**
     * One element of the source's keys.
     *
     * @param path the property it holds
     * @param descending whether it is stored in descending form
     * @param keyPart the key component it is, or null for an index value
     */
    public record Field(PropertyPath path, boolean descending, KeyPart keyPart) {
    }

    private final IndexModel index;
    private final List<Field> fields;
    private final int ownFields;

    private Source(IndexModel index, List<Field> fields, int ownFields) {
        this.index = index;
        this.fields = List.copyOf(fields);
        this.ownFields = ownFields;
    }

    /** The primary key of {@code entity}. */
    public static Source key(EntityModel entity) {
        List<Field> fields = keyFields(entity);
        return new Source(null, fields, fields.size());
    }

    /** The index {@code index} of {@code entity}. */
    public static Source index(EntityModel entity, IndexModel index) {
        List<Field> fields = new ArrayList<>();
        for (PropertyPath path : index.paths()) {
            fields.add(new Field(path, false, null));
        }
        if (!index.unique()) {
            fields.addAll(keyFields(entity));
        }
        return new Source(index, fields, index.paths().size());
    }

    private static List<Field> keyFields(EntityModel entity) {
        List<Field> fields = new ArrayList<>();
        for (KeyPart part : entity.keyParts()) {
            Property property = part.property();
            fields.add(new Field(new PropertyPath(property.name(), List.of(property), part.scalar(), false),
                    part.descending(), part));
        }
        return fields;
    }

    /** Whether this is the primary key. */
    public boolean isKey() {
        return index == null;
    }

    /** The index, or null for the primary key. */
    public IndexModel index() {
        return index;
    }

    /** Whether no two entities share a value: a unique index, or the key. */
    public boolean unique() {
        return index == null || index.unique();
    }

    /** The elements of its keys, in order. */
    public List<Field> fields() {
        return fields;
    }

    /** How many of its fields are its own: the index's values, or every key component. */
    public int ownFields() {
        return ownFields;
    }

    /** Whether a scan of it meets every entity: the key, or a non-unique index with no collection. */
    public boolean holdsEveryEntity() {
        return index == null || !index.unique() && index.paths().stream().noneMatch(PropertyPath::collection);
    }

    /** "the primary key", "index 'cityAndAge'". */
    public String describe() {
        return index == null ? "the primary key" : "index '" + index.name() + "'";
    }

    /** Whether two paths name the same property. */
    public static boolean samePath(PropertyPath a, PropertyPath b) {
        if (a.steps().size() != b.steps().size()) {
            return false;
        }
        for (int i = 0; i < a.steps().size(); i++) {
            if (!a.steps().get(i).name().equals(b.steps().get(i).name())) {
                return false;
            }
        }
        return true;
    }
}
