package io.kvmapper.cli.entities;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** An embedded object in lists and maps. */
public record Part(String sku, short count, BigDecimal price, Instant at, List<String> tags, Map<String, Long> stock) {
}
