package io.kvmapper.it.layout;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.util.List;

/**
 * The second code version of "Gadget": the same fields, plus an index on a scalar, on a list and on an
 * embedded path, a count per kind and a sum of weights per city, all built online over the records the
 * first version left.
 */
@Entity(name = "Gadget", layout = Layout.ATTRIBUTE_PER_KEY)
@Index(name = "city", fields = "home.city")
@Counter(name = "byKind", groupBy = "kind")
@Counter(name = "weightByCity", groupBy = "home.city", sum = "weight")
public record GadgetV2(@Key long id, @Index String kind, int weight, @Index List<String> parts,
        @Embedded Residence home) {
}
