package io.kvmapper.it.evolution;

/** An embedded value object that every version of every evolving entity stores unchanged. */
public record Address(String street, String city) {
}
