package io.kvmapper.benchmarks.layouts;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.util.List;

/** The same feed stored one key per field and entry: {@link LayoutBenchmark}'s attribute-per-key contender. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
public record ApkFeed(@Key long id, String title, long views, List<String> entries) {
}
