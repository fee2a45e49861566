package io.kvmapper.it.schema;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/** The stored entity "Member" as its first code version wrote it: no indexes, no counters. */
@Entity(name = "Member")
public record MemberV1(@Key long id, String email, String team, String region, long points) {
}
