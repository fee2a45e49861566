package io.kvmapper.it.databind;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.net.URI;
import java.util.List;

/** Arrays (other than {@code byte[]}, a scalar) are written by Jackson databind too. */
@Entity(name = "DbSamples")
public record Samples(@Key long id, int[] values, URI[] sources, List<Money>[] batches) {
}
