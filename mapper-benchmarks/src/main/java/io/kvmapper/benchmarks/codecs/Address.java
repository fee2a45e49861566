package io.kvmapper.benchmarks.codecs;

/** A shipping address. */
public record Address(String street, String city, String postcode, String country) {
}
