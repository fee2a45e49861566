package io.kvmapper.internal.index;

import io.kvmapper.IndexNotReadyException;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.tuple.Tuples;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live state of one entity's indexes and counters in one store. Writers consult it to decide
 * whether to maintain a component; finders and getters to decide whether they may use it.
 */
public final class ComponentStates {
    /** The state of an index or counter. */
    public enum State {
        /**
         * Its old items are being deleted before it is built from scratch (it was redefined, or its build
         * failed before); writers leave an index alone meanwhile.
         */
        CLEARING,
        /** Being built online from existing records; writers maintain it for records already covered. */
        BUILDING,
        /** Complete and maintained by every write. */
        READY,
        /** Its build failed; not maintained and not usable. */
        FAILED
    }

    /**
     * A component's state, and for {@link State#FAILED} why.
     *
     * @param state the state
     * @param detail why it failed, or empty
     */
    public record Status(State state, String detail) {
    }

    private final String entity;
    private final String fingerprint;
    private final Map<ComponentKind, Map<String, Status>> components = new EnumMap<>(ComponentKind.class);

    /**
     * @param entity the stored entity name
     * @param fingerprint what identifies the code the states were opened with
     */
    public ComponentStates(String entity, String fingerprint) {
        this.entity = entity;
        this.fingerprint = fingerprint;
        for (ComponentKind kind : ComponentKind.values()) {
            components.put(kind, new ConcurrentHashMap<>());
        }
    }

    /** What identifies the code this schema was opened with: the class, indexes and counters. */
    public String fingerprint() {
        return fingerprint;
    }

    /** The state of the component {@code name} of {@code kind}. */
    public State state(ComponentKind kind, String name) {
        return status(kind, name).state();
    }

    /** Sets the status of the component {@code name} of {@code kind}. */
    public void set(ComponentKind kind, String name, Status status) {
        components.get(kind).put(name, status);
    }

    /** Throws unless the component {@code name} of {@code kind} is ready. */
    public void require(ComponentKind kind, String name) {
        Status status = status(kind, name);
        if (status.state() == State.BUILDING || status.state() == State.CLEARING) {
            throw new IndexNotReadyException(entity + ": " + kind + " '" + name
                    + "' is being built from the existing records and is not usable yet; retry later, or wait with "
                    + "KvStore.awaitSchemaBuilds", true);
        }
        if (status.state() == State.FAILED) {
            throw new IndexNotReadyException(entity + ": " + kind + " '" + name + "' could not be built: "
                    + status.detail(), false);
        }
    }

    /** Whether a component's stored metadata value says it is still being cleared. */
    public static boolean storedAsClearing(byte[] metaValue) {
        return metaValue != null && StoredComponent.CLEARING.equals(
                Tuples.decode(metaValue).get(1));
    }

    private Status status(ComponentKind kind, String name) {
        Status status = components.get(kind).get(name);
        if (status == null) {
            throw new IllegalArgumentException(entity + " has no index or counter named " + name);
        }
        return status;
    }
}
