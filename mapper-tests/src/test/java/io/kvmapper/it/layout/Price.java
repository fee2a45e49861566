package io.kvmapper.it.layout;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** Decimals as an attribute-per-key field, list elements and map values, whose scale must survive. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
public record Price(@Key long id, BigDecimal amount, List<BigDecimal> history, Map<String, BigDecimal> byCurrency) {
}
