package io.kvmapper.it;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** Every supported field type, keyed by a UUID. */
@Entity
public record Everything(
        @Key UUID id,
        boolean aBoolean, byte aByte, short aShort, int anInt, long aLong, char aChar, float aFloat, double aDouble,
        Boolean boxedBoolean, Byte boxedByte, Short boxedShort, Integer boxedInt, Long boxedLong, Character boxedChar,
        Float boxedFloat, Double boxedDouble,
        String string, byte[] bytes, Color color, UUID uuid, Instant instant, LocalDate date, LocalDateTime dateTime,
        BigDecimal decimal, BigInteger bigInteger,
        List<String> strings, Set<Color> colors, Map<Color, List<Long>> byColor, List<List<Integer>> matrix,
        Map<UUID, String> byUuid, Map<Long, Boolean> byLong) {
}
