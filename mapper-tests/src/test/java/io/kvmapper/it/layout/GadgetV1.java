package io.kvmapper.it.layout;

import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.util.List;

/** The attribute-per-key entity "Gadget" as its first code version wrote it: no index, no counter. */
@Entity(name = "Gadget", layout = Layout.ATTRIBUTE_PER_KEY)
public record GadgetV1(@Key long id, String kind, int weight, List<String> parts, @Embedded Residence home) {
}
