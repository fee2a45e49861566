package io.kvmapper.it.fuzz;

import io.kvmapper.KvStore;
import java.util.function.Function;
import java.util.function.Supplier;

/** The three specimen entities: each layout, and in the monolithic layout each codec. */
enum SpecimenKind {
    JSON("JsonSpecimen", JsonSpecimen::new, JsonSpecimenRepository::new, false),
    PROTOBUF("ProtoSpecimen", ProtoSpecimen::new, ProtoSpecimenRepository::new, false),
    ATTRIBUTE_PER_KEY("ApkSpecimen", ApkSpecimen::new, ApkSpecimenRepository::new, true);

    private final String entityName;
    private final Supplier<Specimen> create;
    private final Function<KvStore, Object> repository;
    private final boolean attributePerKey;

    SpecimenKind(String entityName, Supplier<Specimen> create, Function<KvStore, Object> repository,
            boolean attributePerKey) {
        this.entityName = entityName;
        this.create = create;
        this.repository = repository;
        this.attributePerKey = attributePerKey;
    }

    /** The kind of {@code specimen}'s class. */
    static SpecimenKind of(Specimen specimen) {
        return specimen instanceof JsonSpecimen ? JSON
                : specimen instanceof ProtoSpecimen ? PROTOBUF : ATTRIBUTE_PER_KEY;
    }

    /** The stored entity name, first element of every key of the entity. */
    String entityName() {
        return entityName;
    }

    /** Whether the entity is stored one key per attribute. */
    boolean attributePerKey() {
        return attributePerKey;
    }

    /** Whether the entity's codec rejects null elements and map values (Protobuf's repeated fields hold none). */
    boolean rejectsNullElements() {
        return this == PROTOBUF;
    }

    /** A new, empty specimen of the entity's class. */
    Specimen create() {
        return create.get();
    }

    /** The entity's generated repository on {@code store}, behind {@link Specimens}. */
    Specimens open(KvStore store) {
        return Specimens.over(repository.apply(store));
    }
}
