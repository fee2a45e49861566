package io.kvmapper.it.databind;

/** An amount of money: a record that is not marked {@code @Embedded}, so Jackson databind writes it. */
public record Money(long cents, String currency) {
}
