package io.kvmapper.it.schema;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** The unique index "handle" redefined over the login: it is cleared, then rebuilt. */
@Entity(name = "Handle")
public record HandleV2(@Key long id, String nick, @Index(name = "handle", unique = true) String login) {
}
