package io.kvmapper.it.fuzz;

import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The fields the fuzzers store, shared by three entities that differ only in codec and layout
 * ({@link JsonSpecimen}, {@link ProtoSpecimen}, {@link ApkSpecimen}), so that every area of the key layout
 * holds something: a three-component key (a string partition, a long, a descending double), a unique index
 * (handle), non-unique indexes on an enum, a double and a {@code BigInteger}, a collection index (tags), a
 * composite index through an embedded record (place.city, points), and on each entity four counters (a
 * total, groups by an enum and by a double, a sum grouped by the embedded city). The other fields are
 * stored and indexed by nothing: a string, a list, a map and a decimal.
 *
 * <p>Equality is field by field, with {@link Double#equals} for doubles (every NaN equal, {@code -0.0}
 * apart from {@code 0.0}), which is how keys compare too.
 */
public abstract class Specimen {
    @Key
    String tenant;
    @Key
    long seq;
    @Key(descending = true)
    double weight;
    @Index(unique = true)
    String handle;
    @Index
    Status status;
    @Index
    Set<String> tags;
    @Index
    double score;
    @Index
    BigInteger serial;
    int points;
    String note;
    List<String> lines;
    Map<String, Integer> marks;
    @Embedded
    Place place;
    BigDecimal amount;

    /** The key of this specimen. */
    Id id() {
        return new Id(tenant, seq, weight);
    }

    /** A copy of this specimen, of its class, whose collections are copies too. */
    Specimen copy() {
        Specimen copy = SpecimenKind.of(this).create();
        copy.tenant = tenant;
        copy.seq = seq;
        copy.weight = weight;
        copy.handle = handle;
        copy.status = status;
        copy.tags = tags == null ? null : new LinkedHashSet<>(tags);
        copy.score = score;
        copy.serial = serial;
        copy.points = points;
        copy.note = note;
        copy.lines = lines == null ? null : new ArrayList<>(lines);
        copy.marks = marks == null ? null : new LinkedHashMap<>(marks);
        copy.place = place;
        copy.amount = amount;
        return copy;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Specimen s && o.getClass() == getClass() && Objects.equals(tenant, s.tenant)
                && seq == s.seq && Double.valueOf(weight).equals(s.weight) && Objects.equals(handle, s.handle)
                && status == s.status && Objects.equals(tags, s.tags) && Double.valueOf(score).equals(s.score)
                && Objects.equals(serial, s.serial) && points == s.points && Objects.equals(note, s.note)
                && Objects.equals(lines, s.lines) && Objects.equals(marks, s.marks) && Objects.equals(place, s.place)
                && Objects.equals(amount, s.amount);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tenant, seq, Double.valueOf(weight), handle);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + Id.show(tenant) + ", " + seq + ", " + weight + ", handle "
                + Id.show(handle) + ", " + status + ", tags " + brief(tags)
                + ", score " + score + ", serial " + serial + ", points " + points + ", note "
                + (note == null ? null : note.length() > 40 ? Id.show(note.substring(0, 40)) + "...(" + note.length()
                        + " chars)" : Id.show(note))
                + ", lines " + brief(lines) + ", marks " + (marks == null ? null : brief(marks.entrySet())) + ", "
                + (place == null ? null : "Place[city=" + Id.show(place.city()) + ", floor=" + place.floor() + "]")
                + ", amount " + amount + ")";
    }

    /**
     * A collection as failure messages show it: its first elements, strings bounded ({@link Id#show}), so that a
     * specimen holding a huge value (the bad-input fuzzer writes strings of up to 1 MiB) prints in a line.
     */
    private static String brief(java.util.Collection<?> items) {
        if (items == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("[");
        int shown = 0;
        for (Object item : items) {
            if (shown > 0) {
                out.append(", ");
            }
            if (shown++ == 8) {
                out.append("...(").append(items.size()).append(" in all)");
                break;
            }
            out.append(item instanceof String text ? Id.show(text) : item instanceof Map.Entry<?, ?> entry
                    ? (entry.getKey() instanceof String key ? Id.show(key) : String.valueOf(entry.getKey())) + "="
                            + entry.getValue() : String.valueOf(item));
        }
        return out.append("]").toString();
    }
}
