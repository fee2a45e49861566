package io.kvmapper.it.layout;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Layout;

/** A membership stored one key per attribute and set element; the twin of {@link MonoMembership}. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
public class ApkMembership extends MembershipData {
    public ApkMembership() {
    }
}
