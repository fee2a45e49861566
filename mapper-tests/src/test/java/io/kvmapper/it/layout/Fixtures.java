package io.kvmapper.it.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Mutable collections that may hold nulls, and profiles with every kind of field filled. */
final class Fixtures {
    private Fixtures() {
    }

    @SafeVarargs
    static <T> List<T> list(T... elements) {
        return new ArrayList<>(Arrays.asList(elements));
    }

    @SafeVarargs
    static <T> Set<T> set(T... elements) {
        return new LinkedHashSet<>(Arrays.asList(elements));
    }

    /** A map of alternating keys and values. */
    @SuppressWarnings("unchecked")
    static <K, V> Map<K, V> map(Object... keysAndValues) {
        Map<K, V> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((K) keysAndValues[i], (V) keysAndValues[i + 1]);
        }
        return map;
    }

    /** A residence three levels deep: residence, building, coordinates. */
    static Residence home(String city, Integer floor, double lat) {
        return new Residence("1 Main St", city, new Building("Tower", floor, new Coordinates(lat, 10.75),
                list("north", null, "south"), map("kitchen", 1, "hall", null)));
    }

    /**
     * A profile with every field set: nulls inside collections and maps, an empty list, a duplicate
     * element, nested lists, embedded objects in a list and in a map, and a residence three levels deep.
     */
    static <P extends ProfileData> P full(P profile, long id) {
        profile.id = id;
        profile.name = "name-" + id;
        profile.email = "p" + id + "@x";
        profile.status = "active";
        profile.score = 10;
        profile.home = home("Oslo", 7, 59.91);
        profile.tags = list("x", "y", null, "x");
        profile.notes = list();
        profile.badges = set(3, 1, null, 2);
        profile.ratings = map("a", 5L, "b", null, "", 0L);
        profile.series = map("s1", list(1, 2, 3), "s2", list(), "s3", null, "s4", list(null, 4));
        profile.previous = list(new Residence("Old Rd", "Bergen", null), null,
                new Residence(null, null, new Building(null, null, null, null, null)));
        profile.groups = list(list("a", "b"), list(), null, list((String) null));
        profile.places = map("work", new Coordinates(1, 2), "nowhere", null);
        return profile;
    }

    /** A profile with its key and nothing else: every field null or zero. */
    static <P extends ProfileData> P bare(P profile, long id) {
        profile.id = id;
        return profile;
    }
}
