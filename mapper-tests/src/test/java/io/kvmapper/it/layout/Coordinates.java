package io.kvmapper.it.layout;

/** The third level of embedding under a profile: home, building, coordinates. */
public record Coordinates(double lat, double lon) {
}
