package io.kvmapper.benchmarks.shop;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;

/** {@link User} in the attribute-per-key layout: each field its own key under the user's record key. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
public record ApkUser(@Key long id, @Index(unique = true) String email, String name, @Index User.Status status) {
}
