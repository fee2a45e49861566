package io.kvmapper.samples.mapsandarrays;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The "bob" of the maps-and-arrays article: a map of attributes (name, email, address), an array of
 * friends, plus a set of groups (indexed, so that {@code findByGroups} finds the members of a group) and
 * a scalar status. All of them live under bob's key prefix {@code (("Person", "r", "bob"))}.
 *
 * <p>{@code ATTRIBUTE_PER_KEY} is the article's layout: every attribute, map entry, list element and set
 * element is its own key below that prefix, and each element-wise change writes only its own keys.
 * Changing it to {@code MONOLITHIC} stores bob as one value instead and changes nothing else: the
 * repository's methods are the same in both layouts.
 *
 * @param id the person's id, the key
 * @param attributes the article's map: attribute name to value
 * @param friends the article's array, in order
 * @param groups the groups the person belongs to
 * @param status whether the person is online
 */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
public record Person(@Key String id, Map<String, String> attributes, List<String> friends,
        @Index Set<String> groups, String status) {
}
