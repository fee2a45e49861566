package io.kvmapper.processor.query.parse;

import java.util.List;

/**
 * One predicate of a method name as written ({@code AddressCityStartingWith}), with the ways to read it: a
 * property and an operator whose keyword ends the text, longest keyword first, and last the whole text as a
 * property compared for equality. The name alone cannot tell {@code LoggedIn} (a property) from {@code Logged}
 * with {@code In}; the validator takes the first reading whose property exists.
 *
 * @param text the predicate's text
 * @param readings the possible readings, in the order to try them
 */
public record Condition(String text, List<Reading> readings) {
    /**
     * One reading of a predicate.
     *
     * @param property the property's text, capitalized camel case ({@code AddressCity})
     * @param operator the operator
     */
    public record Reading(String property, Operator operator) {
    }
}
