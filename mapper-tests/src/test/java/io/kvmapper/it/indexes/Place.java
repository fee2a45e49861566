package io.kvmapper.it.indexes;

import java.util.Objects;

/** An embedded class. */
public class Place {
    String building;
    Integer floor;

    public Place() {
    }

    public Place(String building, Integer floor) {
        this.building = building;
        this.floor = floor;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Place p && Objects.equals(building, p.building) && Objects.equals(floor, p.floor);
    }

    @Override
    public int hashCode() {
        return Objects.hash(building, floor);
    }

    @Override
    public String toString() {
        return "Place[" + building + ", " + floor + "]";
    }
}
