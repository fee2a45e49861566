package io.kvmapper.it.naming;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A class in the attribute-per-key layout whose key components and fields are named like the parameters and
 * locals of the generated repository, mapping and attribute codec (element, index, key, value, in, out, at,
 * scope, position, path, current, entity, page, stored).
 */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
@Counter(name = "byEntity", groupBy = "entity")
public class ClashBean {
    @Key String element;
    @Key int index;
    @Key String key;
    @Key String value;
    @Index String entity;
    List<String> out;
    Map<String, List<String>> path;
    Set<String> current;
    String in;
    String scope;
    int at;
    String position;
    int page;
    @Index(unique = true) String stored;
    @Embedded Inner inner;

    ClashBean() {
    }

    /** An embedded class with fields named like the attribute codec's locals. */
    public static class Inner {
        String value;
        String out;
        int at;
        List<String> element1;
        Map<String, String> entry1;

        Inner() {
        }

        Inner(String value, String out, int at, List<String> element1, Map<String, String> entry1) {
            this.value = value;
            this.out = out;
            this.at = at;
            this.element1 = element1;
            this.entry1 = entry1;
        }
    }
}
