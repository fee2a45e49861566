package io.kvmapper.it.codecs;

/** An embedded record. */
public record Point(double x, double y, String label) {
}
