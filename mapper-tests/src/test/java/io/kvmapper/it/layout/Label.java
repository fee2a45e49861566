package io.kvmapper.it.layout;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.util.List;

/**
 * An attribute-per-key record whose key ends in a string after the partition: the key of name "x" is a
 * byte prefix of the key of "x\0", which continues it with 0xFF, so only the tuple structure tells
 * their items apart.
 */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
public record Label(@Key String group, @Key String name, List<String> values) {
}
