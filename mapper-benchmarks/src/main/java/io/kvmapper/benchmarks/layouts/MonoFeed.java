package io.kvmapper.benchmarks.layouts;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.util.List;

/** A feed of entries stored as one value: {@link LayoutBenchmark}'s monolithic contender. */
@Entity
public record MonoFeed(@Key long id, String title, long views, List<String> entries) {
}
