package io.kvmapper.it.layout;

import io.kvmapper.annotation.Embedded;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The second level of embedding: a class with a nullable boxed field, an embedded record and two
 * collections of its own.
 */
public class Building {
    String name;
    Integer floor;
    @Embedded
    Coordinates coordinates;
    List<String> wings;
    Map<String, Integer> rooms;

    public Building() {
    }

    public Building(String name, Integer floor, Coordinates coordinates, List<String> wings, Map<String, Integer> rooms) {
        this.name = name;
        this.floor = floor;
        this.coordinates = coordinates;
        this.wings = wings;
        this.rooms = rooms;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Building b && Objects.equals(name, b.name) && Objects.equals(floor, b.floor)
                && Objects.equals(coordinates, b.coordinates) && Objects.equals(wings, b.wings)
                && Objects.equals(rooms, b.rooms);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, floor, coordinates, wings, rooms);
    }

    @Override
    public String toString() {
        return "Building[" + name + ", " + floor + ", " + coordinates + ", " + wings + ", " + rooms + "]";
    }
}
