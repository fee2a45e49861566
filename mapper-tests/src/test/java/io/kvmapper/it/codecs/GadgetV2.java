package io.kvmapper.it.codecs;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** "Gadget" in a later version: the same first fields (numbers 1 to 3), then new ones of every shape. */
@Entity(name = "Gadget", codec = Codec.PROTOBUF)
public record GadgetV2(@Key long id, String name, int count, List<String> tags, @Embedded Point origin,
        Map<String, Instant> seen, double ratio) {
}
