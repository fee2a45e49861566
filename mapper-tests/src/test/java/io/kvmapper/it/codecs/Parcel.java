package io.kvmapper.it.codecs;

import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Field;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An embedded class (not a record) with private fields behind accessors, an explicit field number,
 * an Optional, and another embedded object inside.
 */
public class Parcel {
    @Field(number = 7)
    private long weightGrams;
    private Optional<String> note = Optional.empty();
    @Embedded
    private List<Point> corners;

    public Parcel() {
    }

    public Parcel(long weightGrams, Optional<String> note, List<Point> corners) {
        this.weightGrams = weightGrams;
        this.note = note;
        this.corners = corners;
    }

    public long getWeightGrams() {
        return weightGrams;
    }

    public void setWeightGrams(long weightGrams) {
        this.weightGrams = weightGrams;
    }

    public Optional<String> getNote() {
        return note;
    }

    public void setNote(Optional<String> note) {
        this.note = note;
    }

    public List<Point> getCorners() {
        return corners;
    }

    public void setCorners(List<Point> corners) {
        this.corners = corners;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Parcel p && weightGrams == p.weightGrams && Objects.equals(note, p.note)
                && Objects.equals(corners, p.corners);
    }

    @Override
    public int hashCode() {
        return Objects.hash(weightGrams, note, corners);
    }

    @Override
    public String toString() {
        return "Parcel[" + weightGrams + ", " + note + ", " + corners + "]";
    }
}
