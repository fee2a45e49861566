package io.kvmapper.it.codecs;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/** "Gadget" with field 3 changed from an int to a String: an incompatible change the reader must notice. */
@Entity(name = "Gadget", codec = Codec.PROTOBUF)
public record GadgetV3(@Key long id, String name, String count) {
}
