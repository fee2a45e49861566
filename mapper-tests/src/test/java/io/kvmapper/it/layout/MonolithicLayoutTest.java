package io.kvmapper.it.layout;

import io.kvmapper.KvStore;

/** The layout contract on the monolithic twins: one value per entity, changed by read-modify-write. */
class MonolithicLayoutTest extends LayoutContract {
    @Override
    Profiles profiles(KvStore store) {
        return new Profiles.Mono(store);
    }

    @Override
    Notes notes(KvStore store) {
        return new Notes.Mono(store);
    }

    @Override
    Memberships memberships(KvStore store) {
        return new Memberships.Mono(store);
    }
}
