package io.kvmapper.samples.twolevel;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/**
 * The two-level map's named set: the set's name is the partition and each member is a key inside it
 * with nothing else stored ({@code id -> {key -> ""}}), under {@code (("SetMember", "r", set), member)}.
 * The members come back in order with one prefix scan, membership is one point read, and the
 * {@code size} counter keeps the set's cardinality so that it is one read too.
 *
 * @param set the set's name
 * @param member one member
 */
@Entity
@Counter(name = "size", groupBy = "set")
public record SetMember(@Key String set, @Key String member) {
}
