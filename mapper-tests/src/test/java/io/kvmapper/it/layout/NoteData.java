package io.kvmapper.it.layout;

import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Version;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The fields of a versioned note with a composite key, shared by {@link MonoNote} and {@link ApkNote}:
 * with a {@code @Version} field every change of every field reads the entity and bumps the version.
 */
public abstract class NoteData {
    @Key
    String owner;
    @Key
    long seq;
    String text;
    List<String> lines;
    Set<String> labels;
    Map<String, Integer> counts;
    @Embedded
    Residence place;
    @Version
    long version;

    @Override
    public boolean equals(Object o) {
        return o instanceof NoteData n && n.getClass() == getClass() && Objects.equals(owner, n.owner) && seq == n.seq
                && version == n.version && Objects.equals(text, n.text) && Objects.equals(lines, n.lines)
                && Objects.equals(labels, n.labels) && Objects.equals(counts, n.counts)
                && Objects.equals(place, n.place);
    }

    @Override
    public int hashCode() {
        return Objects.hash(owner, seq);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + owner + "/" + seq + " v" + version + ", text=" + text + ", lines="
                + lines + ", labels=" + labels + ", counts=" + counts + ", place=" + place + "]";
    }
}
