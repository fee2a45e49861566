package io.kvmapper.it.layout;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Layout;

/** A membership stored as one value; the twin of {@link ApkMembership}. */
@Entity(layout = Layout.MONOLITHIC)
public class MonoMembership extends MembershipData {
    public MonoMembership() {
    }
}
