package io.kvmapper.it.queries;

import io.kvmapper.KvStore;
import io.kvmapper.it.Color;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;

/**
 * What the query tests need of either layout: {@link ItemQueries} over {@link Item}, or {@link ApkItemQueries} over
 * {@link ApkItem} seen as items, with a method called by name (both interfaces declare the same ones); and the
 * orders and values the tests compare with, spelled as the encodings order them.
 */
abstract class ItemModel {
    /** The shelves, partitions of the key: one is a prefix of others, one holds a zero byte. */
    static final List<String> SHELVES = List.of("a", "ab", "b", "b\0", "\u00e9");
    static final List<String> NAMES = Arrays.asList(null, "", "al", "alice", "alicia", "bob", "Bob", "\u00e9mile",
            "al\0x");
    static final List<String> NAME_PREFIXES = List.of("", "a", "al", "ali", "b", "B", "\u00e9", "al\0", "z");
    static final List<String> GROUPS = Arrays.asList(null, "g1", "g10", "g2");
    static final List<String> CITIES = Arrays.asList(null, "Oslo", "Lima", "Lim");
    static final List<String> TAGS = List.of("x", "y", "z");

    /** The encoded order of strings: UTF-8 bytes, unsigned; null first. */
    static final Comparator<String> STRINGS = Comparator.nullsFirst((a, b) -> Arrays.compareUnsigned(
            a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
    /** The encoded order of the key: shelf, then rank descending, then code. */
    static final Comparator<Item> KEY_ORDER = Comparator.comparing(Item::shelf, STRINGS)
            .thenComparing(Comparator.comparingLong(Item::rank).reversed())
            .thenComparing(Item::code, STRINGS);

    /** Opens the queries of a layout on {@code store}. */
    static ItemModel open(String layout, KvStore store) {
        return layout.equals("monolithic") ? new Monolithic(new ItemQueries_Impl(store))
                : new AttributePerKey(new ApkItemQueries_Impl(store));
    }

    /** Stores an item; returns it as stored (read back). */
    abstract Item save(Item item);

    abstract boolean delete(Item item);

    /** The record key of an item, for the backend's scan order. */
    abstract byte[] keyOf(Item item);

    /**
     * Calls the query {@code name} with {@code arguments} of {@code types}, converting entities in the result to
     * items.
     */
    Object call(String name, Class<?>[] types, Object... arguments) {
        try {
            Method method = queries().getClass().getMethod(name, types);
            return convert(method.invoke(queries(), arguments));
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(name, e);
        }
    }

    abstract Object queries();

    /** The same queries inside {@code tx}. */
    abstract ItemModel with(io.kvmapper.Transaction tx);

    abstract Item toItem(Object entity);

    private Object convert(Object result) {
        if (result instanceof List<?> list) {
            return list.stream().map(this::toItem).toList();
        }
        if (result instanceof Optional<?> optional) {
            return optional.map(this::toItem);
        }
        if (result instanceof io.kvmapper.Page<?> page) {
            return new io.kvmapper.Page<>(page.items().stream().map(this::toItem).toList(), page.continuation());
        }
        if (result instanceof java.util.stream.Stream<?> stream) {
            try (stream) {
                return stream.map(this::toItem).toList();
            }
        }
        return result;
    }

    /** A random item with the key {@code (shelf, rank, code)}. */
    static Item randomItem(Random random, String shelf, long rank, String code, int serial) {
        List<String> tags = new ArrayList<>();
        for (String tag : TAGS) {
            if (random.nextInt(3) == 0) {
                tags.add(tag);
            }
        }
        Place place = random.nextInt(4) == 0 ? null : new Place(pick(random, CITIES), random.nextInt(3));
        return new Item(shelf, rank, code, pick(random, NAMES),
                random.nextInt(4) == 0 ? null : Color.values()[random.nextInt(3)],
                random.nextInt(4) == 0 ? null : random.nextInt(8) - 2, pick(random, GROUPS), random.nextBoolean(), tags,
                place, random.nextBoolean() ? null : "s" + serial);
    }

    static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    static String cityOf(Item item) {
        return item.place() == null ? null : item.place().city();
    }

    private static final class Monolithic extends ItemModel {
        private final ItemQueries queries;

        Monolithic(ItemQueries queries) {
            this.queries = queries;
        }

        @Override
        Item save(Item item) {
            queries.save(item);
            return queries.findById(new ItemRepository.Key(item.shelf(), item.rank(), item.code())).orElseThrow();
        }

        @Override
        boolean delete(Item item) {
            return queries.deleteById(new ItemRepository.Key(item.shelf(), item.rank(), item.code()));
        }

        @Override
        byte[] keyOf(Item item) {
            return Item_KvMapping.INSTANCE.keyOf(item);
        }

        @Override
        Object queries() {
            return queries;
        }

        @Override
        ItemModel with(io.kvmapper.Transaction tx) {
            return new Monolithic(queries.with(tx));
        }

        @Override
        Item toItem(Object entity) {
            return (Item) entity;
        }
    }

    private static final class AttributePerKey extends ItemModel {
        private final ApkItemQueries queries;

        AttributePerKey(ApkItemQueries queries) {
            this.queries = queries;
        }

        @Override
        Item save(Item item) {
            queries.save(toApk(item));
            return toItem(queries.findById(new ApkItemRepository.Key(item.shelf(), item.rank(), item.code()))
                    .orElseThrow());
        }

        @Override
        boolean delete(Item item) {
            return queries.deleteById(new ApkItemRepository.Key(item.shelf(), item.rank(), item.code()));
        }

        @Override
        byte[] keyOf(Item item) {
            return ApkItem_KvMapping.INSTANCE.keyOf(toApk(item));
        }

        @Override
        Object queries() {
            return queries;
        }

        @Override
        ItemModel with(io.kvmapper.Transaction tx) {
            return new AttributePerKey(queries.with(tx));
        }

        @Override
        Item toItem(Object entity) {
            ApkItem a = (ApkItem) Objects.requireNonNull(entity);
            return new Item(a.shelf(), a.rank(), a.code(), a.name(), a.color(), a.score(), a.group(), a.active(),
                    a.tags(), a.place(), a.serial());
        }

        private static ApkItem toApk(Item i) {
            return new ApkItem(i.shelf(), i.rank(), i.code(), i.name(), i.color(), i.score(), i.group(), i.active(),
                    i.tags(), i.place(), i.serial());
        }
    }

    /** Orders by an extracted value in encoded order (nulls first), for the reference sorts. */
    static <T> Comparator<Item> by(Function<Item, T> value, Comparator<T> order) {
        return Comparator.comparing(value, Comparator.nullsFirst(order));
    }

    static final Comparator<Integer> INTEGERS = Comparator.naturalOrder();
    static final Comparator<Color> COLORS = (a, b) -> STRINGS.compare(a.name(), b.name());
}
