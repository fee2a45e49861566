package io.kvmapper.it.keys;

import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What the key limit tests store, in both layouts ({@link MonoTicket}, {@link ApkTicket}): a key with a string
 * component, a unique index, an index over a set, a counter grouped by city, a map and a list.
 */
public abstract class Ticket {
    @Key
    String tenant;
    @Key
    long seq;
    @Index(unique = true)
    String handle;
    @Index
    Set<String> tags;
    String city;
    Map<String, Integer> marks;
    List<String> lines;

    /** Fills in a ticket of {@code tenant} and {@code seq} with short values. */
    <T extends Ticket> T with(String tenant, long seq) {
        this.tenant = tenant;
        this.seq = seq;
        this.handle = "h-" + tenant.length() + "-" + seq;
        this.tags = new LinkedHashSet<>(List.of("a", "b"));
        this.city = "Lyon";
        this.marks = new LinkedHashMap<>(Map.of("k", 1));
        this.lines = new ArrayList<>(List.of("one"));
        @SuppressWarnings("unchecked")
        T self = (T) this;
        return self;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ticket t && o.getClass() == getClass() && Objects.equals(tenant, t.tenant) && seq == t.seq
                && Objects.equals(handle, t.handle) && Objects.equals(tags, t.tags) && Objects.equals(city, t.city)
                && Objects.equals(marks, t.marks) && Objects.equals(lines, t.lines);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tenant, seq, handle);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + tenant.length() + " chars, " + seq + ")";
    }
}
