package io.kvmapper.it.indexes;

/** An embedded record. */
public record Home(String city, String zip) {
}
