package io.kvmapper.it.layout;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import io.kvmapper.it.Color;
import io.kvmapper.it.Everything;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** {@link Everything} in the attribute-per-key layout: every supported field type, each scalar tuple-encoded. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
public record ApkEverything(
        @Key UUID id,
        boolean aBoolean, byte aByte, short aShort, int anInt, long aLong, char aChar, float aFloat, double aDouble,
        Boolean boxedBoolean, Byte boxedByte, Short boxedShort, Integer boxedInt, Long boxedLong, Character boxedChar,
        Float boxedFloat, Double boxedDouble,
        String string, byte[] bytes, Color color, UUID uuid, Instant instant, LocalDate date, LocalDateTime dateTime,
        BigDecimal decimal, BigInteger bigInteger,
        List<String> strings, Set<Color> colors, Map<Color, List<Long>> byColor, List<List<Integer>> matrix,
        Map<UUID, String> byUuid, Map<Long, Boolean> byLong) {

    static ApkEverything of(Everything e) {
        return new ApkEverything(e.id(), e.aBoolean(), e.aByte(), e.aShort(), e.anInt(), e.aLong(), e.aChar(),
                e.aFloat(), e.aDouble(), e.boxedBoolean(), e.boxedByte(), e.boxedShort(), e.boxedInt(), e.boxedLong(),
                e.boxedChar(), e.boxedFloat(), e.boxedDouble(), e.string(), e.bytes(), e.color(), e.uuid(), e.instant(),
                e.date(), e.dateTime(), e.decimal(), e.bigInteger(), e.strings(), e.colors(), e.byColor(), e.matrix(),
                e.byUuid(), e.byLong());
    }

    Everything toEverything() {
        return new Everything(id, aBoolean, aByte, aShort, anInt, aLong, aChar, aFloat, aDouble, boxedBoolean,
                boxedByte, boxedShort, boxedInt, boxedLong, boxedChar, boxedFloat, boxedDouble, string, bytes, color,
                uuid, instant, date, dateTime, decimal, bigInteger, strings, colors, byColor, matrix, byUuid, byLong);
    }
}
