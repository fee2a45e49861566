package io.kvmapper.it.codecs;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/** The Protobuf entity "Gadget" as its first code version stores it. */
@Entity(name = "Gadget", codec = Codec.PROTOBUF)
public record GadgetV1(@Key long id, String name, int count) {
}
