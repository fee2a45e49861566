package io.kvmapper.it.queries;

/**
 * Where an item is: embedded, so queries reach its city as {@code PlaceCity}.
 *
 * @param city the city, or null
 * @param floor the floor
 */
public record Place(String city, int floor) {
}
