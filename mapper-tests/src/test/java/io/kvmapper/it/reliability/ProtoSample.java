package io.kvmapper.it.reliability;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;

/** A sample stored as one Protobuf value. */
@Entity(codec = Codec.PROTOBUF)
@Counter(name = "byScore", groupBy = "score")
public class ProtoSample extends SampleData {
    public ProtoSample() {
    }
}
