package io.kvmapper.cli.entities;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** A record with a large text, for the tests that export and import more data than the tool's heap holds. */
@Entity
@Counter(name = "byTopic", groupBy = "topic")
public record Memo(@Key long id, @Index String topic, String text) {
}
