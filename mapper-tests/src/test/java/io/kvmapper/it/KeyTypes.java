package io.kvmapper.it;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.math.BigDecimal;
import java.time.LocalDate;

/** A key over several mapped types, with explicit orders and a two-component partition. */
@Entity
public record KeyTypes(
        @Key(order = 3) BigDecimal amount,
        @Key(order = 0, partition = true) Color color,
        @Key(order = 1, partition = true) LocalDate day,
        @Key(order = 2, descending = true) int rank,
        String note) {
}
