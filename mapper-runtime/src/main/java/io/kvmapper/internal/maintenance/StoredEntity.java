package io.kvmapper.internal.maintenance;

import io.kvmapper.IntegrityReport;
import io.kvmapper.ProgressListener;
import io.kvmapper.internal.index.ComponentKind;
import io.kvmapper.internal.index.ComponentMaintainer;
import io.kvmapper.internal.index.ComponentStates;
import io.kvmapper.internal.index.EntityMaintainers;
import io.kvmapper.internal.index.MaintainerFactory;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.tuple.Tuples;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * An entity opened as its store records it, for tools that inspect and mend a store without being its
 * application: the maintainers of its indexes and counters carry the states the metadata area holds, read
 * without a transaction and without reconciling anything (no schema is recorded, no build or drop started), so
 * that it works on a store opened read-only. {@link #verify} and {@link #repair} run the {@link IntegrityChecker}
 * that a repository's {@code verify()} and {@code repair()} run, with these maintainers: the same checks, the
 * same repairs, the same report.
 *
 * <p>A component is checked when the store holds it {@code READY} under the signature the mapping gives it, as
 * an application's store holds it once reconciled; one that is being built, cleared or dropped, whose build
 * failed, or that the store holds under another definition is left alone ({@link #state}).
 *
 * @param <E> the entity type
 */
public final class StoredEntity<E> {
    private final KvStoreImpl store;
    private final RecordLayout<E> records;
    private final KeyLayout layout;
    private final EntityMaintainers<E> maintainers;
    private final Map<String, StoredComponent> stored = new LinkedHashMap<>();

    private StoredEntity(KvStoreImpl store, EntityMapping<E> mapping) {
        this.store = store;
        this.records = RecordLayout.of(mapping, store.backend());
        this.layout = new KeyLayout(mapping.entityName(), mapping.partitionSize());
        ComponentStates states = new ComponentStates(mapping.entityName(), "stored");
        this.maintainers = MaintainerFactory.maintainers(mapping, layout, states, store.backend());
        for (ComponentMaintainer<E> maintainer : maintainers.all()) {
            StoredComponent component = read(maintainer);
            stored.put(key(maintainer), component);
            boolean ready = component != null && component.is(maintainer.signature(), StoredComponent.READY);
            states.set(maintainer.keys().kind(), maintainer.keys().name(), new ComponentStates.Status(
                    ready ? ComponentStates.State.READY : ComponentStates.State.FAILED,
                    ready ? "" : "not ready in the store"));
        }
    }

    /** The entity {@code mapping} describes, as {@code store} records it. */
    public static <E> StoredEntity<E> open(KvStoreImpl store, EntityMapping<E> mapping) {
        return new StoredEntity<>(Objects.requireNonNull(store, "store"), Objects.requireNonNull(mapping, "mapping"));
    }

    /** The entity's records, in its layout. */
    public RecordLayout<E> records() {
        return records;
    }

    /** The entity's key layout. */
    public KeyLayout layout() {
        return layout;
    }

    /** The maintainers of its indexes and counters, ready where the store holds them ready. */
    public EntityMaintainers<E> maintainers() {
        return maintainers;
    }

    /**
     * What the store records for the index or counter {@code maintainer} keeps: its signature and state; null if
     * nothing (a store that never opened the entity with that component).
     */
    public StoredComponent state(ComponentMaintainer<E> maintainer) {
        return stored.get(key(maintainer));
    }

    /** Whether {@code maintainer}'s component is checked: ready in the store, under the mapping's signature. */
    public boolean checked(ComponentMaintainer<E> maintainer) {
        return maintainer.state() == ComponentStates.State.READY;
    }

    /** Recomputes every ready index entry and counter from the records and reports what differs. */
    public IntegrityReport verify(ProgressListener listener) {
        return new IntegrityChecker<>(store, records, layout, maintainers, false, listener).run();
    }

    /** Like {@link #verify}, and fixes what it finds; the store must be writable. */
    public IntegrityReport repair(ProgressListener listener) {
        return new IntegrityChecker<>(store, records, layout, maintainers, true, listener).run();
    }

    private StoredComponent read(ComponentMaintainer<E> maintainer) {
        byte[] metaKey = maintainer.keys().metaKey();
        byte[] value = store.backend().get(metaKey);
        if (value == null) {
            return null;
        }
        List<Object> key = Tuples.decode(metaKey);
        return StoredComponent.parse((String) key.get(key.size() - 1), metaKey, value);
    }

    private static String key(ComponentMaintainer<?> maintainer) {
        return maintainer.keys().kind().name().toLowerCase(Locale.ROOT) + " " + maintainer.keys().name();
    }
}
