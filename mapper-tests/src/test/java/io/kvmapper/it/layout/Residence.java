package io.kvmapper.it.layout;

import io.kvmapper.annotation.Embedded;

/** The first level of embedding: a record holding a building. */
public record Residence(String street, String city, @Embedded Building building) {
}
