package io.kvmapper.it.schema;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** A unique index "handle" over the nickname. */
@Entity(name = "Handle")
public record HandleV1(@Key long id, @Index(name = "handle", unique = true) String nick, String login) {
}
