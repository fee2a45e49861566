package io.kvmapper.it;

import io.kvmapper.annotation.Embedded;

/** An embedded value object (a class) holding another (a record). */
public class Address {
    String street;
    String city;
    @Embedded
    Geo geo;

    public Address() {
    }

    public Address(String street, String city, Geo geo) {
        this.street = street;
        this.city = city;
        this.geo = geo;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Address a && java.util.Objects.equals(street, a.street)
                && java.util.Objects.equals(city, a.city) && java.util.Objects.equals(geo, a.geo);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(street, city, geo);
    }
}
