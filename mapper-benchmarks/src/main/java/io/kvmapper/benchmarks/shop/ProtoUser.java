package io.kvmapper.benchmarks.shop;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** {@link User} with the Protobuf codec. */
@Entity(codec = Codec.PROTOBUF)
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
public record ProtoUser(@Key long id, @Index(unique = true) String email, String name, @Index User.Status status) {
}
