package io.kvmapper.internal.index;

import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvTransaction;

/**
 * The kinds of component an entity maintains beside its records, and what each kind's stored items look
 * like. Everything that differs between an index, a counter and the expiry index without needing its definition
 * lives here or in its {@link ComponentMaintainer}; a component the code no longer defines (one being dropped) is
 * known by its kind and name alone.
 */
public enum ComponentKind {
    /** A secondary index: one entry per record and value. */
    INDEX(MetaKinds.INDEX, MetaKinds.INDEX_CURSOR, null, MetaKinds.INDEX_DUPLICATES),
    /** A maintained counter: one group per distinct group value, holding a count or a sum. */
    COUNTER(MetaKinds.COUNTER, MetaKinds.COUNTER_CURSOR, MetaKinds.COUNTER_FENCE, MetaKinds.COUNTER_DUPLICATES),
    /** The expiry index ({@code @Expires}): one entry per expiring record, by instant, named after the field. */
    EXPIRY(MetaKinds.EXPIRY, MetaKinds.EXPIRY_CURSOR, null, MetaKinds.EXPIRY_DUPLICATES);

    private final String metaKind;
    private final String cursorKind;
    private final String fenceKind;
    private final String duplicatesKind;

    ComponentKind(String metaKind, String cursorKind, String fenceKind, String duplicatesKind) {
        this.metaKind = metaKind;
        this.cursorKind = cursorKind;
        this.fenceKind = fenceKind;
        this.duplicatesKind = duplicatesKind;
    }

    /** The metadata kind ({@link MetaKinds}) under which the store records components of this kind. */
    public String metaKind() {
        return metaKind;
    }

    /** The keys of the component {@code name} of this kind in {@code layout}. */
    public ComponentKeys keys(KeyLayout layout, String name) {
        byte[] prefix = switch (this) {
            case INDEX -> layout.indexPrefix(name);
            case COUNTER -> layout.counterPrefix(name);
            case EXPIRY -> layout.expiryPrefix(name);
        };
        return new ComponentKeys(this, layout.entityName(), name, layout.metaKey(metaKind, name),
                layout.metaKey(cursorKind, name), fenceKind == null ? null : layout.metaKey(fenceKind, name),
                layout.metaKey(duplicatesKind, name), prefix);
    }

    /**
     * Removes one stored item of a component of this kind: a unique index entry (the only kind of item with a
     * value, the record key) by releasing its claim, anything else by deleting it.
     */
    public void remove(KvTransaction kv, KeyValue item) {
        if (this == INDEX && item.value().length > 0) {
            kv.release(item.key(), item.value());
        } else {
            kv.delete(item.key());
        }
    }

    /** "index", "counter" or "expiry", as messages name it. */
    @Override
    public String toString() {
        return metaKind;
    }
}
