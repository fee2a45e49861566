package io.kvmapper.it.cache;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.util.List;

/** A record with a list, whose decoded instances a reader could change: the entity cache leaves it out. */
@Entity
public record Badge(@Key long id, String name, List<String> tags) {
}
