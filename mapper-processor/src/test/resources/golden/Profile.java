package com.example.people;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Input of GoldenFileTest: a profile stored one key per attribute, element and map entry. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
@Counter(name = "byCity", groupBy = "home.city")
public record Profile(
        @Key String handle,
        String name,
        @Embedded Home home,
        Map<String, String> attributes,
        List<String> friends,
        @Index Set<String> groups,
        Map<String, List<Integer>> scores) {

    /** Where someone lives. */
    public record Home(String city, @Embedded Point point) {
    }

    /** A place on the map. */
    public record Point(double lat, double lon) {
    }
}
