package io.kvmapper.samples.shop;

/**
 * A postal address, stored inside the user that holds it.
 *
 * @param street street and number
 * @param city the city
 * @param country ISO country code
 */
public record Address(String street, String city, String country) {
}
