package io.kvmapper.it;

/** A record embedded two levels deep. */
public record Geo(double lat, double lon) {
}
