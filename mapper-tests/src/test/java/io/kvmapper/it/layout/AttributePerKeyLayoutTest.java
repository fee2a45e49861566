package io.kvmapper.it.layout;

import io.kvmapper.KvStore;

/** The layout contract on the attribute-per-key twins: one key per attribute, element and map entry. */
class AttributePerKeyLayoutTest extends LayoutContract {
    @Override
    Profiles profiles(KvStore store) {
        return new Profiles.Apk(store);
    }

    @Override
    Notes notes(KvStore store) {
        return new Notes.Apk(store);
    }

    @Override
    Memberships memberships(KvStore store) {
        return new Memberships.Apk(store);
    }
}
