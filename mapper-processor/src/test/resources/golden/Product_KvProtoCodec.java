package com.example.catalog;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import io.kvmapper.internal.codec.Proto;
import io.kvmapper.internal.codec.ProtoType;
import io.kvmapper.internal.codec.ProtobufCodec;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Generated;

/**
 * Protobuf codec of {@link Product}; the message is described by META-INF/kvmapper/com/example/catalog/Product.proto.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
final class Product_KvProtoCodec extends ProtobufCodec<Product> {
    static final Product_KvProtoCodec INSTANCE = new Product_KvProtoCodec();

    private static final ProtoType<Product.Category> PRODUCT_CATEGORY = Proto.enumByName(Product.Category::valueOf);

    private static final ProtoType<Product.Dimensions> PRODUCT_DIMENSIONS = Proto.message(Product_KvProtoCodec::sizeProduct_Dimensions,
            Product_KvProtoCodec::writeProduct_Dimensions,
            Product_KvProtoCodec::readProduct_Dimensions);

    private static final ProtoType<Product.Variant> PRODUCT_VARIANT = Proto.message(Product_KvProtoCodec::sizeProduct_Variant,
            Product_KvProtoCodec::writeProduct_Variant, Product_KvProtoCodec::readProduct_Variant);

    private static final ProtoType<List<Integer>> LIST_OF_INTEGER = Proto.<Integer, List<Integer>>collectionMessage(Proto.INT,
            ArrayList::new);

    private Product_KvProtoCodec() {
    }

    @Override
    protected void write(CodedOutputStream out, Product entity) throws IOException {
        String sku = entity.sku();
        if (sku != null) {
            Proto.STRING.write(out, 1, sku);
        }
        long priceCents = entity.priceCents();
        if (priceCents != 0) {
            out.writeSInt64(2, priceCents);
        }
        Product.Category category = entity.category();
        if (category != null) {
            PRODUCT_CATEGORY.write(out, 3, category);
        }
        Optional<Instant> discontinuedAt = entity.discontinuedAt();
        if (discontinuedAt != null && discontinuedAt.isPresent()) {
            Proto.INSTANT.write(out, 4, discontinuedAt.get());
        }
        String title = entity.title();
        if (title != null) {
            Proto.STRING.write(out, 5, title);
        }
        Product.Dimensions size = entity.size();
        if (size != null) {
            PRODUCT_DIMENSIONS.write(out, 6, size);
        }
        Proto.writeRepeated(out, 7, entity.tags(), Proto.STRING, "tags");
        Proto.writeMap(out, 8, entity.stockByWarehouse(), Proto.STRING, Proto.INT, "stockByWarehouse");
        Proto.writeRepeated(out, 9, entity.variants(), PRODUCT_VARIANT, "variants");
    }

    @Override
    protected Product read(CodedInputStream in) throws IOException {
        String sku = null;
        String title = null;
        long priceCents = 0L;
        Product.Category category = null;
        Optional<Instant> discontinuedAt = Optional.empty();
        Product.Dimensions size = null;
        List<String> tags = new ArrayList<>();
        Map<String, Integer> stockByWarehouse = new LinkedHashMap<>();
        List<Product.Variant> variants = new ArrayList<>();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (Proto.fieldNumber(tag)) {
                case 1:
                    sku = Proto.STRING.read(in, tag);
                    break;
                case 2:
                    priceCents = Proto.readLong(in, tag);
                    break;
                case 3:
                    category = PRODUCT_CATEGORY.read(in, tag);
                    break;
                case 4:
                    discontinuedAt = Optional.of(Proto.INSTANT.read(in, tag));
                    break;
                case 5:
                    title = Proto.STRING.read(in, tag);
                    break;
                case 6:
                    size = PRODUCT_DIMENSIONS.read(in, tag);
                    break;
                case 7:
                    Proto.readRepeated(in, tag, Proto.STRING, tags);
                    break;
                case 8:
                    Proto.readMapEntry(in, tag, Proto.STRING, Proto.INT, stockByWarehouse);
                    break;
                case 9:
                    Proto.readRepeated(in, tag, PRODUCT_VARIANT, variants);
                    break;
                default:
                    Proto.skip(in, tag);
                    break;
            }
        }
        return new Product(sku, title, priceCents, category, discontinuedAt, size, tags, stockByWarehouse, variants);
    }

    private static int sizeProduct_Dimensions(Product.Dimensions entity) {
        int size = 0;
        double widthCm = entity.widthCm();
        if (Double.doubleToRawLongBits(widthCm) != 0) {
            size += CodedOutputStream.computeDoubleSize(1, widthCm);
        }
        double heightCm = entity.heightCm();
        if (Double.doubleToRawLongBits(heightCm) != 0) {
            size += CodedOutputStream.computeDoubleSize(2, heightCm);
        }
        return size;
    }

    private static void writeProduct_Dimensions(CodedOutputStream out, Product.Dimensions entity)
            throws IOException {
        double widthCm = entity.widthCm();
        if (Double.doubleToRawLongBits(widthCm) != 0) {
            out.writeDouble(1, widthCm);
        }
        double heightCm = entity.heightCm();
        if (Double.doubleToRawLongBits(heightCm) != 0) {
            out.writeDouble(2, heightCm);
        }
    }

    private static Product.Dimensions readProduct_Dimensions(CodedInputStream in) throws
            IOException {
        double widthCm = 0d;
        double heightCm = 0d;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (Proto.fieldNumber(tag)) {
                case 1:
                    widthCm = Proto.readDouble(in, tag);
                    break;
                case 2:
                    heightCm = Proto.readDouble(in, tag);
                    break;
                default:
                    Proto.skip(in, tag);
                    break;
            }
        }
        return new Product.Dimensions(widthCm, heightCm);
    }

    private static int sizeProduct_Variant(Product.Variant entity) {
        int size = 0;
        String color = entity.color();
        if (color != null) {
            size += Proto.STRING.size(1, color);
        }
        size += Proto.sizeRepeated(2, entity.sizeGrid(), LIST_OF_INTEGER, "sizeGrid");
        return size;
    }

    private static void writeProduct_Variant(CodedOutputStream out, Product.Variant entity) throws
            IOException {
        String color = entity.color();
        if (color != null) {
            Proto.STRING.write(out, 1, color);
        }
        Proto.writeRepeated(out, 2, entity.sizeGrid(), LIST_OF_INTEGER, "sizeGrid");
    }

    private static Product.Variant readProduct_Variant(CodedInputStream in) throws IOException {
        String color = null;
        List<List<Integer>> sizeGrid = new ArrayList<>();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (Proto.fieldNumber(tag)) {
                case 1:
                    color = Proto.STRING.read(in, tag);
                    break;
                case 2:
                    Proto.readRepeated(in, tag, LIST_OF_INTEGER, sizeGrid);
                    break;
                default:
                    Proto.skip(in, tag);
                    break;
            }
        }
        return new Product.Variant(color, sizeGrid);
    }
}
