package io.kvmapper.it.layout;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.util.List;
import java.util.Map;

/**
 * An attribute-per-key record with a composite key, newest first within an author's partition, and many
 * items per record: the scans, pages and index finders must hand out whole records.
 */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
@Counter(name = "byTopic", groupBy = "topic")
public record Post(
        @Key String author,
        @Key(descending = true) long seq,
        @Index(unique = true) String slug,
        @Index String topic,
        List<String> lines,
        Map<String, Integer> votes,
        @Embedded Residence place) {
}
