package io.kvmapper.processor.query.parse;

/**
 * One property of an {@code OrderBy}.
 *
 * @param property the property's text, capitalized camel case
 * @param descending whether it is followed by {@code Desc}
 */
public record OrderClause(String property, boolean descending) {
}
