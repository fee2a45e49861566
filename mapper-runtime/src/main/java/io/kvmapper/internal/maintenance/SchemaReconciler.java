package io.kvmapper.internal.maintenance;

import io.kvmapper.SchemaMismatchException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.internal.index.ComponentKeys;
import io.kvmapper.internal.index.ComponentKind;
import io.kvmapper.internal.index.ComponentMaintainer;
import io.kvmapper.internal.index.ComponentStates;
import io.kvmapper.internal.index.ComponentStates.State;
import io.kvmapper.internal.index.ComponentStates.Status;
import io.kvmapper.internal.index.EntityMaintainers;
import io.kvmapper.internal.index.MaintainerFactory;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One store's schema area: for every entity opened through a repository, the schema its data was written
 * with, and which indexes and counters the store holds and in what state. Opening an entity first checks
 * the code's schema against the stored one ({@link SchemaCheck}: an incompatible one fails with
 * {@link SchemaMismatchException} and changes nothing), then compares the code's index and counter
 * definitions with the stored ones; an index or counter the code adds to an entity that already has
 * records is built online by the store's {@link OnlineBuilder}, while the store keeps serving; one the code
 * removed is dropped; one whose definition changed is rebuilt. The states decided here are the ones every
 * write consults through the entity's maintainers, which this class hands out.
 *
 */
public final class SchemaReconciler {
    private static final byte[] EMPTY = new byte[0];

    private final KvStoreImpl store;
    private final Map<String, ComponentStates> schemas = new HashMap<>();

    /** The reconciler of {@code store}; obtain it through {@link KvStoreImpl#component}. */
    public SchemaReconciler(KvStoreImpl store) {
        this.store = store;
    }

    /** The store's builder, obtained on use (not while the store creates this reconciler). */
    private OnlineBuilder builder() {
        return store.component(OnlineBuilder.class, OnlineBuilder::new);
    }

    /**
     * The maintainers of an entity's indexes and counters in this store, with their live states, reconciling
     * the stored definitions with the code's on first use and starting whatever builds and drops that needs.
     *
     * @throws SchemaMismatchException if the store's data of the entity cannot be read with the code's schema
     */
    public synchronized <E> EntityMaintainers<E> open(RecordLayout<E> records, KeyLayout layout) {
        String entity = layout.entityName();
        ComponentStates existing = schemas.get(entity);
        ComponentStates schema = existing != null ? existing : new ComponentStates(entity, fingerprint(records));
        EntityMaintainers<E> maintainers = MaintainerFactory.maintainers(records.mapping(), layout, schema,
                store.backend());
        if (existing != null) {
            String fingerprint = fingerprint(records);
            if (!existing.fingerprint().equals(fingerprint)) {
                throw new SchemaMismatchException(entity, "this store already serves the entity as "
                        + existing.fingerprint() + ", and now it is opened as " + fingerprint
                        + "; two versions of one entity cannot share an open store, so close it before opening it with "
                        + "the new code");
            }
            return maintainers;
        }
        if (builder().isClosed()) {
            throw new StoreClosedException("the store is closed");
        }
        List<Runnable> tasks = store.transactKvResult(kv -> {
            SchemaCheck.apply(kv, layout, records.mapping());
            return reconcile(kv, records, layout, maintainers, schema);
        });
        schemas.put(entity, schema);
        tasks.forEach(Runnable::run);
        return maintainers;
    }

    /** What identifies a version of an entity's code: its class, indexes, counters and expiry. */
    private static <E> String fingerprint(RecordLayout<E> records) {
        StringBuilder text = new StringBuilder(records.mapping().getClass().getName().replace("_KvMapping", ""))
                .append(" with ");
        records.mapping().indexes().forEach(i -> text.append(i.name()).append('=').append(i.signature()).append(' '));
        records.mapping().counters().forEach(c -> text.append(c.name()).append('=').append(c.signature()).append(' '));
        if (records.mapping().expiry() != null) {
            text.append(records.mapping().expiry().signature());
        }
        return text.toString().trim();
    }

    private <E> List<Runnable> reconcile(KvTransaction kv, RecordLayout<E> records, KeyLayout layout,
            EntityMaintainers<E> maintainers, ComponentStates schema) {
        List<Runnable> tasks = new ArrayList<>();
        boolean hasRecords;
        try (KvCursor cursor = kv.scan(layout.records(), ScanOptions.FORWARD.withLimit(1))) {
            hasRecords = cursor.hasNext();
        }
        Map<ComponentKind, Map<String, StoredComponent>> stored = new EnumMap<>(ComponentKind.class);
        for (ComponentKind kind : ComponentKind.values()) {
            stored.put(kind, StoredComponent.readAll(kv, layout, kind.metaKind()));
        }
        for (ComponentMaintainer<E> maintainer : maintainers.all()) {
            ComponentKeys component = maintainer.keys();
            StoredComponent before = stored.get(component.kind()).remove(component.name());
            String signature = maintainer.signature();
            boolean leftovers = before == null && holdsItems(kv, component);
            State state = plan(kv, component, signature, before, hasRecords, leftovers);
            boolean clearing = state == State.BUILDING && (leftovers
                    || before != null && !before.is(signature, StoredComponent.BUILDING));
            schema.set(component.kind(), component.name(), new Status(clearing ? State.CLEARING : state,
                    before == null ? "" : before.detail()));
            if (state == State.BUILDING) {
                tasks.add(() -> builder().build(maintainer, clearing, records, layout, schema));
            }
        }
        for (ComponentKind kind : ComponentKind.values()) {
            for (StoredComponent removed : stored.get(kind).values()) {
                tasks.add(drop(kv, kind.keys(layout, removed.name()), removed));
            }
        }
        return tasks;
    }

    /**
     * Whether the store holds items of a component it records no metadata of: left by a damage that deleted
     * the metadata entry, they must be cleared before the component is built again (a counter's groups would
     * otherwise count every record twice). One seek.
     */
    private static boolean holdsItems(KvTransaction kv, ComponentKeys component) {
        try (KvCursor cursor = kv.scan(component.items(), ScanOptions.FORWARD.withLimit(1))) {
            return cursor.hasNext();
        }
    }

    /**
     * Decides a component's state from what is stored, writing the metadata for a new build.
     *
     * @param leftovers whether the store holds items of the component though it records no metadata of it
     */
    private static State plan(KvTransaction kv, ComponentKeys component, String signature, StoredComponent stored,
            boolean hasRecords, boolean leftovers) {
        if (stored != null && stored.is(signature, StoredComponent.READY)) {
            return State.READY;
        }
        if (stored != null && stored.is(signature, StoredComponent.BUILDING)) {
            return State.BUILDING;
        }
        if (stored == null && !hasRecords && !leftovers) {
            StoredComponent.write(kv, component.metaKey(), signature, StoredComponent.READY, "");
            return State.READY;
        }
        // new on an entity with records: build from scratch; redefined, failed, dropped or being cleared
        // before: first delete what the store holds of it, remembering (CLEARING) to finish that if the
        // store closes first; either way writers do not maintain it until a build has passed their record
        StoredComponent.write(kv, component.metaKey(), signature,
                stored == null && !leftovers ? StoredComponent.BUILDING : StoredComponent.CLEARING, "");
        kv.put(component.cursorKey(), EMPTY);
        kv.delete(component.duplicatesKey());
        return State.BUILDING;
    }

    /** Marks a component the code no longer defines as being dropped; the returned task starts the drop. */
    private Runnable drop(KvTransaction kv, ComponentKeys component, StoredComponent stored) {
        StoredComponent.write(kv, component.metaKey(), stored.signature(), StoredComponent.DROPPING, "");
        return () -> builder().drop(component);
    }
}
