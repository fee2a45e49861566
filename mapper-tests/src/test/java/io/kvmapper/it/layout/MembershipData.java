package io.kvmapper.it.layout;

import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.util.Objects;
import java.util.Set;

/**
 * The fields of a membership, shared by {@link MonoMembership} and {@link ApkMembership}: an index on a
 * set, which holds one entry per element, and a field beside it that no index covers.
 */
public abstract class MembershipData {
    @Key
    long id;
    String name;
    @Index
    Set<String> groups;

    @Override
    public boolean equals(Object o) {
        return o instanceof MembershipData m && m.getClass() == getClass() && id == m.id && Objects.equals(name, m.name)
                && Objects.equals(groups, m.groups);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[id=" + id + ", name=" + name + ", groups=" + groups + "]";
    }
}
