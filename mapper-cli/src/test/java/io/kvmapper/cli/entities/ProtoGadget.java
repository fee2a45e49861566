package io.kvmapper.cli.entities;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Field;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Version;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * {@link Gadget} as a Protobuf entity: every field type and shape, with indexes and counters of every
 * kind (on fields, dotted paths, collections, composites, unique or not) and a key of four components, two in the
 * partition and one descending.
 */
@Entity(codec = Codec.PROTOBUF)
@Index(name = "byOriginAndKind", fields = {"dims.origin.label", "kind"})
@Index(name = "uniqueWidthAndCode", unique = true, fields = {"dims.width", "code"})
@Index(name = "byTagAndKind", fields = {"tags", "kind"})
@Counter(name = "total")
@Counter(name = "byKind", groupBy = "kind")
@Counter(name = "byUnitAndFlag", groupBy = {"dims.unit", "flag"})
@Counter(name = "sizeByKind", groupBy = "kind", sum = "size")
@Counter(name = "heightByUnit", groupBy = "dims.unit", sum = "dims.height")
@Counter(name = "xByDay", groupBy = "day", sum = "dims.origin.x")
public record ProtoGadget(
        @Key(partition = true) String region,
        @Key(partition = true) int zone,
        @Key(descending = true) Instant at,
        @Key UUID id,
        @Index(unique = true) String code,
        @Index Kind kind,
        boolean flag, Boolean maybe,
        byte tiny, Byte tinyBox,
        short small, Short smallBox,
        int size, @Index Integer sizeBox,
        long big, Long bigBox,
        char letter, Character letterBox,
        float ratio, Float ratioBox,
        double weight, Double weightBox,
        @Field(name = "label_stored", number = 40) String label,
        byte[] blob,
        UUID ref,
        Instant seen,
        @Index LocalDate day,
        LocalDateTime local,
        BigDecimal amount,
        BigInteger huge,
        Optional<String> note,
        @Embedded Optional<Part> spare,
        @Embedded Dims dims,
        @Index Set<String> tags,
        List<Integer> numbers,
        List<List<Integer>> grid,
        Map<String, Set<Long>> groups,
        Map<Kind, String> byKind,
        Map<UUID, Integer> byId,
        Map<Integer, String> byNumber,
        @Embedded List<Part> parts,
        @Embedded Map<String, Part> partsByName,
        @Version long version) {
}
