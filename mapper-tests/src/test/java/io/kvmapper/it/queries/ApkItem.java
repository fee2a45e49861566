package io.kvmapper.it.queries;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import io.kvmapper.it.Color;
import java.util.List;

/**
 * {@link Item} in the attribute-per-key layout: a key with a partition, a descending component and a
 * third component; indexes on a nullable string, an enum, a collection, a unique value, and two composites (one
 * through an embedded object, one holding a key component).
 *
 * @param shelf the partition
 * @param rank sorts largest first within a shelf
 * @param code tells items of one rank apart
 * @param name indexed, nullable, often shared
 * @param color indexed, nullable, counted per color
 * @param score nullable
 * @param group with score, a composite index
 * @param active not indexed
 * @param tags indexed one entry per element
 * @param place embedded, nullable; its city and the rank form a composite index
 * @param serial unique, nullable
 */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
@Index(name = "groupAndScore", fields = {"group", "score"})
@Index(name = "cityAndRank", fields = {"place.city", "rank"})
@Counter(name = "byColor", groupBy = "color")
public record ApkItem(@Key String shelf, @Key(descending = true) long rank, @Key String code, @Index String name,
        @Index Color color, Integer score, String group, boolean active, @Index List<String> tags,
        @Embedded Place place, @Index(unique = true) String serial) {
}
