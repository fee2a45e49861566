package com.example.catalog;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Field;
import io.kvmapper.annotation.Key;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Input of GoldenFileTest: a catalog product stored with the Protobuf codec. */
@Entity(codec = Codec.PROTOBUF)
public record Product(
        @Key String sku,
        @Field(number = 5) String title,
        long priceCents,
        Category category,
        Optional<Instant> discontinuedAt,
        @Embedded Dimensions size,
        List<String> tags,
        Map<String, Integer> stockByWarehouse,
        @Embedded List<Variant> variants) {

    /** What kind of product. */
    public enum Category {
        BOOKS, TOOLS
    }

    /** Outer size. */
    public record Dimensions(double widthCm, double heightCm) {
    }

    /** One color of a product, with the sizes it comes in, row by row. */
    public record Variant(String color, List<List<Integer>> sizeGrid) {
    }
}
