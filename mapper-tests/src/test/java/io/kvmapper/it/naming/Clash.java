package io.kvmapper.it.naming;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Version;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A JSON record whose key components and fields are named like the parameters and locals of the generated
 * repository, mapping and codec (page, from, to, current, out, path, element, key, value, index, stored, entity,
 * id, listener, tx, the codec's generator, parser, field and entry, and its static DATABIND and CLASH_LINK_TYPE,
 * which the codec's methods use beside the locals of the fields).
 */
@Entity
@Index(fields = {"from", "to"})
@Index(fields = "entity.writer")
@Counter(name = "byFrom", groupBy = "from")
@Counter(name = "pages", groupBy = "entity.writer", sum = "page")
public record Clash(
        @Key String current,
        @Key String out,
        @Key long path,
        @Index(unique = true) String stored,
        @Index String from,
        String to,
        int page,
        List<String> element,
        Set<String> key,
        Map<String, Integer> value,
        String index,
        String id,
        String listener,
        String tx,
        String generator,
        String parser,
        String field,
        String entry,
        URI link,
        String DATABIND,
        String CLASH_LINK_TYPE,
        @Embedded Part entity,
        @Version long version) {

    /** An embedded object with fields named like the codec's own. */
    public record Part(String writer, String generator, List<String> element) {
    }
}
