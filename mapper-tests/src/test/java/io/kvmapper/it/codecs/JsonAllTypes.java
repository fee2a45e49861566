package io.kvmapper.it.codecs;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Every field type KV Mapper supports, stored with the JSON codec; ProtoAllTypes has the same components
 * with the other codec.
 */
@Entity(codec = Codec.JSON)
public record JsonAllTypes(
        @Key UUID id,
        boolean aBoolean, byte aByte, short aShort, int anInt, long aLong, char aChar, float aFloat, double aDouble,
        Boolean boxedBoolean, Byte boxedByte, Short boxedShort, Integer boxedInt, Long boxedLong, Character boxedChar,
        Float boxedFloat, Double boxedDouble,
        String string, byte[] bytes, Shade shade, UUID uuid, Instant instant, LocalDate date, LocalDateTime dateTime,
        BigDecimal decimal, BigInteger bigInteger,
        Optional<String> optionalString, Optional<Long> optionalLong, Optional<Instant> optionalInstant,
        Optional<LocalDateTime> optionalDateTime, @Embedded Optional<Point> optionalPoint,
        List<String> strings, Set<Shade> shades, Collection<Double> doubles, List<Integer> ints, List<Boolean> flags,
        List<Character> chars, List<byte[]> blobs, List<UUID> uuids, List<Instant> instants, Set<LocalDate> dates,
        List<LocalDateTime> dateTimes, List<BigDecimal> decimals, List<BigInteger> bigIntegers,
        List<List<Integer>> matrix, List<Set<String>> groups, Map<Shade, List<Long>> byShade,
        Map<UUID, String> byUuid, Map<Long, Boolean> byLong, Map<Integer, Float> byInt, Map<Short, Byte> byShort,
        Map<Byte, Character> byByte, Map<String, Map<Integer, LocalDate>> nestedMaps,
        List<Map<String, Instant>> mapList,
        @Embedded Point point, @Embedded List<Point> points, @Embedded Map<String, Point> pointsByName,
        @Embedded Parcel parcel, @Embedded List<List<Point>> pointGrid) {
}
