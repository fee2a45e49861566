package io.kvmapper.it.indexes;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** A record whose partition has two components and whose key has a sort component, with an index and counter. */
@Entity(name = "IxReading")
@Counter(name = "byKind", groupBy = "kind")
@Counter(name = "valueBySite", groupBy = "site", sum = "value")
public record Reading(
        @Key(partition = true) String site,
        @Key(partition = true) int sensor,
        @Key long at,
        @Index String kind,
        long value) {
}
