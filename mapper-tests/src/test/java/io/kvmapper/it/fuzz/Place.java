package io.kvmapper.it.fuzz;

/** Where a specimen lives: an embedded record, whose city a composite index and a sum counter read. */
public record Place(String city, int floor) {
}
