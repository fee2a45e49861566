package io.kvmapper.it.naming;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.util.List;
import java.util.Optional;

/**
 * A Protobuf record whose key and fields are named like the parameters and locals of the generated codec (tag,
 * size, in, out, entity) and like one of its ProtoType constants (COLOR).
 */
@Entity(codec = Codec.PROTOBUF)
public record ClashProto(
        @Key long tag,
        int size,
        String in,
        String out,
        String entity,
        Color color,
        String COLOR,
        List<String> element,
        @Embedded Optional<Size> dimensions) {

    /** An enum, which gives the codec a constant named after it. */
    public enum Color { RED, GREEN }

    /** An embedded record named like a local. */
    public record Size(int size, String in) {
    }
}
