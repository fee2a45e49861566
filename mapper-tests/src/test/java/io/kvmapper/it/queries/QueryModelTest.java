package io.kvmapper.it.queries;

import static io.kvmapper.it.queries.ItemModel.CITIES;
import static io.kvmapper.it.queries.ItemModel.GROUPS;
import static io.kvmapper.it.queries.ItemModel.INTEGERS;
import static io.kvmapper.it.queries.ItemModel.KEY_ORDER;
import static io.kvmapper.it.queries.ItemModel.NAMES;
import static io.kvmapper.it.queries.ItemModel.NAME_PREFIXES;
import static io.kvmapper.it.queries.ItemModel.SHELVES;
import static io.kvmapper.it.queries.ItemModel.STRINGS;
import static io.kvmapper.it.queries.ItemModel.TAGS;
import static io.kvmapper.it.queries.ItemModel.by;
import static io.kvmapper.it.queries.ItemModel.cityOf;
import static io.kvmapper.it.queries.ItemModel.pick;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.it.Color;
import io.kvmapper.it.TestStores;
import io.kvmapper.spi.KvBackend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The model-based test of derived queries: random items (nulls, shared values, a descending key component,
 * embedded paths, collections), then random queries drawn from every form of {@link ItemQueries} with random
 * arguments, each answered by the generated method and by a plain filter and sort of the items held in memory;
 * list, first, one, stream, count and exists answers must be equal, and so must the page sequence (every page the
 * slice of the list at its place), between random writes and deletes (deleteBy among them); one call in four runs
 * inside a unit of work through {@code with(tx)}. Run on each backend
 * the surefire executions choose, in both layouts, with a fixed seed and a random one (printed, and named in every
 * failure). On a backend that is not globally ordered a scan of records across partitions comes in the backend's
 * scan order, and a method that promises an order over one is refused, as the runtime documents.
 */
class QueryModelTest {
    private static final long FIXED_SEED = 15;
    private static final int ITEMS = 120;

    @TempDir
    Path dir;

    static Stream<Arguments> runs() {
        long random = new Random().nextLong();
        System.out.println("QueryModelTest: random seed " + random + " (the fixed seed is " + FIXED_SEED + ")");
        return Stream.of(Arguments.of("monolithic", FIXED_SEED), Arguments.of("attribute-per-key", FIXED_SEED),
                Arguments.of("monolithic", random), Arguments.of("attribute-per-key", random));
    }

    @ParameterizedTest(name = "{0}, seed {1}")
    @MethodSource("runs")
    void everyQueryAnswersAsTheModelDoes(String layout, long seed) {
        try (KvStore store = TestStores.open(dir)) {
            new Run(store, ItemModel.open(layout, store), new Random(seed), layout + ", seed " + seed).run();
        }
    }

    /** How a query's answer is compared. */
    enum Shape {
        LIST, PAGE, FIRST, ONE, STREAM, COUNT, EXISTS
    }

    /**
     * One form of query.
     *
     * @param method the method's name
     * @param types its parameter types (without a PageRequest)
     * @param arguments random arguments
     * @param matches whether an item matches, given the arguments
     * @param order the order of the answer
     * @param shape how the answer is compared
     * @param limit the First/Top limit, or 0
     * @param acrossPartitions whether it scans records across partitions (scan order on Cassandra)
     * @param promisesOrder whether it promises an order (OrderBy, a limit, a merge): refused across partitions there
     */
    record Form(String method, Class<?>[] types, Function<Random, Object[]> arguments,
            BiPredicate<Item, Object[]> matches, Comparator<Item> order, Shape shape, int limit,
            boolean acrossPartitions, boolean promisesOrder) {
    }

    private static final Class<?>[] STRING = {String.class};
    private static final Class<?>[] COLLECTION = {Collection.class};

    static List<Form> forms() {
        List<Form> forms = new ArrayList<>();
        Comparator<Item> reverseKey = KEY_ORDER.reversed();
        // the key
        forms.add(form("findByShelf", STRING, r -> args(pick(r, SHELVES)), (i, a) -> i.shelf().equals(a[0]), KEY_ORDER,
                Shape.LIST));
        forms.add(form("findByShelfAndRankBetween", new Class<?>[] {String.class, long.class, long.class},
                r -> args(pick(r, SHELVES), (long) r.nextInt(7) - 3, (long) r.nextInt(7) - 3),
                (i, a) -> i.shelf().equals(a[0]) && i.rank() >= (long) a[1] && i.rank() < (long) a[2], KEY_ORDER,
                Shape.LIST));
        forms.add(form("findByShelfOrderByRankAsc", STRING, r -> args(pick(r, SHELVES)),
                (i, a) -> i.shelf().equals(a[0]), reverseKey, Shape.LIST));
        forms.add(form("findByShelfOrderByRankAsc", STRING, r -> args(pick(r, SHELVES)),
                (i, a) -> i.shelf().equals(a[0]), reverseKey, Shape.PAGE));
        forms.add(form("findFirstByShelf", STRING, r -> args(pick(r, SHELVES)), (i, a) -> i.shelf().equals(a[0]),
                KEY_ORDER, Shape.FIRST));
        forms.add(new Form("findTop3ByShelfAndRankLessThan", new Class<?>[] {String.class, long.class},
                r -> args(pick(r, SHELVES), (long) r.nextInt(7) - 3),
                (i, a) -> i.shelf().equals(a[0]) && i.rank() < (long) a[1], KEY_ORDER, Shape.LIST, 3, false, true));
        forms.add(merged(form("findByShelfIn", COLLECTION, r -> args(some(r, SHELVES)),
                (i, a) -> in(a[0], i.shelf()), KEY_ORDER, Shape.LIST)));
        forms.add(merged(form("findByShelfIn", COLLECTION, r -> args(some(r, SHELVES)),
                (i, a) -> in(a[0], i.shelf()), KEY_ORDER, Shape.PAGE)));
        Comparator<Item> rankFirst = Comparator.comparingLong(Item::rank).reversed().thenComparing(Item::code, STRINGS)
                .thenComparing(Item::shelf, STRINGS);
        forms.add(merged(form("findByShelfInOrderByRankDesc", COLLECTION, r -> args(some(r, SHELVES)),
                (i, a) -> in(a[0], i.shelf()), rankFirst, Shape.LIST)));
        forms.add(merged(form("findByShelfInOrderByRankDesc", COLLECTION, r -> args(some(r, SHELVES)),
                (i, a) -> in(a[0], i.shelf()), rankFirst, Shape.PAGE)));
        forms.add(across(form("findByShelfStartingWith", STRING, r -> args(pick(r, List.of("", "a", "b", "b\0", "c"))),
                (i, a) -> i.shelf().startsWith((String) a[0]), KEY_ORDER, Shape.LIST)));
        forms.add(form("findByShelfAndCode", new Class<?>[] {String.class, String.class},
                r -> args(pick(r, SHELVES), "c" + r.nextInt(6)),
                (i, a) -> i.shelf().equals(a[0]) && i.code().equals(a[1]), KEY_ORDER, Shape.LIST));
        // indexes
        forms.add(form("findByName", STRING, r -> args(pick(r, NAMES)), (i, a) -> Objects.equals(i.name(), a[0]),
                KEY_ORDER, Shape.LIST));
        forms.add(form("findByName", STRING, r -> args(pick(r, NAMES)), (i, a) -> Objects.equals(i.name(), a[0]),
                KEY_ORDER, Shape.PAGE));
        Comparator<Item> byName = by(Item::name, STRINGS).thenComparing(KEY_ORDER);
        forms.add(form("findByNameStartingWith", STRING, r -> args(pick(r, NAME_PREFIXES)),
                (i, a) -> i.name() != null && i.name().startsWith((String) a[0]), byName, Shape.LIST));
        forms.add(new Form("findTop5ByNameStartingWithOrderByNameDesc", STRING, r -> args(pick(r, NAME_PREFIXES)),
                (i, a) -> i.name() != null && i.name().startsWith((String) a[0]), byName.reversed(), Shape.LIST, 5,
                false, true));
        forms.add(merged(form("findByNameIn", COLLECTION, r -> args(some(r, NAMES)), (i, a) -> in(a[0], i.name()),
                KEY_ORDER, Shape.LIST)));
        forms.add(form("findByColorAndActive", new Class<?>[] {Color.class, boolean.class},
                r -> args(color(r), r.nextBoolean()), (i, a) -> i.color() == a[0] && i.active() == (boolean) a[1],
                KEY_ORDER, Shape.LIST));
        forms.add(form("findByColorIsNull", new Class<?>[0], r -> args(), (i, a) -> i.color() == null, KEY_ORDER,
                Shape.LIST));
        Comparator<Item> byScore = by(Item::score, INTEGERS).thenComparing(KEY_ORDER);
        forms.add(form("findByGroupAndScoreGreaterThanEqual", new Class<?>[] {String.class, Integer.class},
                r -> args(pick(r, GROUPS), r.nextInt(8) - 2),
                (i, a) -> Objects.equals(i.group(), a[0]) && i.score() != null && i.score() >= (int) a[1], byScore,
                Shape.LIST));
        forms.add(form("findByGroupAndScoreGreaterThanAndScoreLessThanEqual",
                new Class<?>[] {String.class, Integer.class, Integer.class},
                r -> args(pick(r, GROUPS), r.nextInt(8) - 2, r.nextInt(8) - 2),
                (i, a) -> Objects.equals(i.group(), a[0]) && i.score() != null && i.score() > (int) a[1]
                        && i.score() <= (int) a[2], byScore, Shape.LIST));
        forms.add(form("findByGroupOrderByScoreDesc", STRING, r -> args(pick(r, GROUPS)),
                (i, a) -> Objects.equals(i.group(), a[0]), byScore.reversed(), Shape.LIST));
        forms.add(merged(form("findByGroupInOrderByScore", COLLECTION, r -> args(some(r, GROUPS)),
                (i, a) -> in(a[0], i.group()), byScore, Shape.LIST)));
        forms.add(merged(form("findByGroupInOrderByScore", COLLECTION, r -> args(some(r, GROUPS)),
                (i, a) -> in(a[0], i.group()), byScore, Shape.PAGE)));
        forms.add(form("findByTags", STRING, r -> args(pick(r, TAGS)), (i, a) -> i.tags().contains(a[0]), KEY_ORDER,
                Shape.LIST));
        forms.add(merged(form("findByTagsIn", COLLECTION, r -> args(some(r, TAGS)),
                (i, a) -> i.tags().stream().anyMatch(t -> in(a[0], t)), KEY_ORDER, Shape.LIST)));
        forms.add(merged(form("findByTagsIn", COLLECTION, r -> args(some(r, TAGS)),
                (i, a) -> i.tags().stream().anyMatch(t -> in(a[0], t)), KEY_ORDER, Shape.PAGE)));
        Comparator<Item> byCityRank = Comparator.comparingLong(Item::rank).thenComparing(KEY_ORDER);
        forms.add(form("findByPlaceCity", STRING, r -> args(pick(r, CITIES)), (i, a) -> Objects.equals(cityOf(i), a[0]),
                byCityRank, Shape.LIST));
        forms.add(form("findByPlaceCityAndRankLessThan", new Class<?>[] {String.class, long.class},
                r -> args(pick(r, CITIES), (long) r.nextInt(7) - 3),
                (i, a) -> Objects.equals(cityOf(i), a[0]) && i.rank() < (long) a[1], byCityRank, Shape.LIST));
        forms.add(form("findByPlaceCityIsNull", new Class<?>[0], r -> args(), (i, a) -> cityOf(i) == null, byCityRank,
                Shape.LIST));
        forms.add(form("findBySerial", STRING, r -> args(r.nextInt(10) == 0 ? null : "s" + r.nextInt(ITEMS)),
                (i, a) -> a[0] != null && a[0].equals(i.serial()), KEY_ORDER, Shape.ONE));
        forms.add(merged(form("findBySerialOrName", new Class<?>[] {String.class, String.class},
                r -> args("s" + r.nextInt(ITEMS), pick(r, NAMES)),
                (i, a) -> a[0].equals(i.serial()) || Objects.equals(i.name(), a[1]), KEY_ORDER, Shape.LIST)));
        forms.add(merged(form("findByNameOrTags", new Class<?>[] {String.class, String.class},
                r -> args(pick(r, NAMES), pick(r, TAGS)),
                (i, a) -> Objects.equals(i.name(), a[0]) || i.tags().contains(a[1]), KEY_ORDER, Shape.LIST)));
        forms.add(merged(form("findByNameOrTags", new Class<?>[] {String.class, String.class},
                r -> args(pick(r, NAMES), pick(r, TAGS)),
                (i, a) -> Objects.equals(i.name(), a[0]) || i.tags().contains(a[1]), KEY_ORDER, Shape.PAGE)));
        forms.add(merged(form("findByNameOrColorAndActiveTrue", new Class<?>[] {String.class, Color.class},
                r -> args(pick(r, NAMES), color(r)),
                (i, a) -> Objects.equals(i.name(), a[0]) || i.color() == a[1] && i.active(), KEY_ORDER, Shape.LIST)));
        forms.add(form("findByColorAndScoreBetween", new Class<?>[] {Color.class, Integer.class, Integer.class},
                r -> args(color(r), r.nextInt(8) - 2, r.nextInt(8) - 2),
                (i, a) -> i.color() == a[0] && i.score() != null && i.score() >= (int) a[1] && i.score() < (int) a[2],
                KEY_ORDER, Shape.LIST));
        forms.add(across(form("findByScoreLessThan", new Class<?>[] {Integer.class}, r -> args(r.nextInt(8) - 2),
                (i, a) -> i.score() != null && i.score() < (int) a[0], KEY_ORDER, Shape.LIST)));
        forms.add(across(form("findByActiveTrue", new Class<?>[0], r -> args(), (i, a) -> i.active(), KEY_ORDER,
                Shape.PAGE)));
        forms.add(form("streamByColor", new Class<?>[] {Color.class}, r -> args(color(r)), (i, a) -> i.color() == a[0],
                KEY_ORDER, Shape.STREAM));
        // counts and existence
        forms.add(form("countByColor", new Class<?>[] {Color.class}, r -> args(color(r)), (i, a) -> i.color() == a[0],
                KEY_ORDER, Shape.COUNT));
        forms.add(form("countByName", STRING, r -> args(pick(r, NAMES)), (i, a) -> Objects.equals(i.name(), a[0]),
                KEY_ORDER, Shape.COUNT));
        forms.add(form("countByShelf", STRING, r -> args(pick(r, SHELVES)), (i, a) -> i.shelf().equals(a[0]),
                KEY_ORDER, Shape.COUNT));
        forms.add(form("countByTagsIn", COLLECTION, r -> args(some(r, TAGS)),
                (i, a) -> i.tags().stream().anyMatch(t -> in(a[0], t)), KEY_ORDER, Shape.COUNT));
        forms.add(form("existsByName", STRING, r -> args(pick(r, NAMES)), (i, a) -> Objects.equals(i.name(), a[0]),
                KEY_ORDER, Shape.EXISTS));
        forms.add(form("existsByShelfAndRankGreaterThan", new Class<?>[] {String.class, long.class},
                r -> args(pick(r, SHELVES), (long) r.nextInt(7) - 3),
                (i, a) -> i.shelf().equals(a[0]) && i.rank() > (long) a[1], KEY_ORDER, Shape.EXISTS));
        return forms;
    }

    private static Form form(String method, Class<?>[] types, Function<Random, Object[]> arguments,
            BiPredicate<Item, Object[]> matches, Comparator<Item> order, Shape shape) {
        return new Form(method, types, arguments, matches, order, shape, shape == Shape.FIRST ? 1 : 0, false,
                shape == Shape.FIRST || method.contains("OrderBy"));
    }

    /** A form that merges scans: if one scanned records across partitions, it would promise an order. */
    private static Form merged(Form form) {
        return new Form(form.method, form.types, form.arguments, form.matches, form.order, form.shape, form.limit,
                form.acrossPartitions, true);
    }

    private static Form across(Form form) {
        return new Form(form.method, form.types, form.arguments, form.matches, form.order, form.shape, form.limit,
                true, form.promisesOrder);
    }

    private static Object[] args(Object... values) {
        return values;
    }

    private static Color color(Random random) {
        return random.nextInt(4) == 0 ? null : Color.values()[random.nextInt(3)];
    }

    /** A random selection of the values, possibly empty, possibly repeating one. */
    private static <T> List<T> some(Random random, List<T> values) {
        List<T> some = new ArrayList<>();
        int size = random.nextInt(4);
        for (int i = 0; i < size; i++) {
            some.add(pick(random, values));
        }
        return some;
    }

    private static boolean in(Object collection, Object value) {
        return ((Collection<?>) collection).contains(value);
    }

    /** One run: the items, and the rounds of queries and writes. */
    private static final class Run {
        private final KvStore store;
        private final ItemModel model;
        private final Random random;
        private final String label;
        private final boolean ordered;
        private final Map<List<Object>, Item> items = new LinkedHashMap<>();
        private final List<Form> forms = forms();
        private int serials;
        private int answered;
        private int found;

        Run(KvStore store, ItemModel model, Random random, String label) {
            this.store = store;
            this.model = model;
            this.random = random;
            this.label = label;
            this.ordered = store.unwrap(KvBackend.class).isGloballyOrdered();
        }

        void run() {
            Set<List<Object>> keys = new HashSet<>();
            while (items.size() < ITEMS) {
                List<Object> key = List.of(pick(random, SHELVES), (long) random.nextInt(7) - 3, "c" + random.nextInt(6));
                if (keys.add(key)) {
                    put(ItemModel.randomItem(random, (String) key.get(0), (long) key.get(1), (String) key.get(2),
                            serials++));
                }
            }
            int rounds = TestStores.onCassandra() ? 150 : 400;
            for (int round = 0; round < rounds; round++) {
                if (round % 25 == 24) {
                    write(round);
                }
                Form form = pick(random, forms);
                Object[] arguments = form.arguments.apply(random);
                check(form, arguments, label + ", round " + round + ": " + form.method + Arrays.toString(arguments));
            }
            // the data and the arguments are drawn from the same small pools, so most queries find something
            assertEquals(true, found * 2 > answered, label + ": only " + found + " of " + answered
                    + " queries found anything; the test would prove little");
        }

        private void put(Item item) {
            items.put(List.of(item.shelf(), item.rank(), item.code()), model.save(item));
        }

        /** A few random writes: replacements, new items, deletes by key, and a deleteBy. */
        private void write(int round) {
            List<Item> all = new ArrayList<>(items.values());
            for (int i = 0; i < 5; i++) {
                Item old = pick(random, all);
                put(ItemModel.randomItem(random, old.shelf(), old.rank(), old.code(), serials++));
            }
            Item gone = pick(random, all);
            model.delete(gone);
            items.remove(List.of(gone.shelf(), gone.rank(), gone.code()));
            if (random.nextBoolean()) {
                String name = pick(random, NAMES);
                long expected = items.values().stream().filter(i -> Objects.equals(i.name(), name)).count();
                assertEquals(expected, model.call("deleteByName", STRING, name), label + ", round " + round
                        + ": deleteByName(" + name + ")");
                items.values().removeIf(i -> Objects.equals(i.name(), name));
            } else {
                String shelf = pick(random, SHELVES);
                long rank = random.nextInt(7) - 3;
                long expected = items.values().stream().filter(i -> i.shelf().equals(shelf) && i.rank() < rank).count();
                assertEquals(expected, model.call("deleteByShelfAndRankLessThan", new Class<?>[] {String.class,
                        long.class}, shelf, rank), label + ", round " + round + ": deleteByShelfAndRankLessThan");
                items.values().removeIf(i -> i.shelf().equals(shelf) && i.rank() < rank);
            }
            for (int i = 0; i < 8; i++) {
                String shelf = pick(random, SHELVES);
                long rank = random.nextInt(7) - 3;
                String code = "c" + random.nextInt(6);
                put(ItemModel.randomItem(random, shelf, rank, code, serials++));
            }
        }

        private void check(Form form, Object[] arguments, String what) {
            List<Item> expected = items.values().stream().filter(i -> form.matches.test(i, arguments))
                    .sorted(form.order).toList();
            answered++;
            found += expected.isEmpty() ? 0 : 1;
            if (form.limit > 0 && expected.size() > form.limit) {
                expected = expected.subList(0, form.limit);
            }
            if (!ordered && form.acrossPartitions) {
                if (form.promisesOrder) {
                    assertThrows(InvalidRequestException.class, () -> call(form, arguments, null), what);
                    return;
                }
                expected = TestStores.inScanOrder(store, expected, model::keyOf);
            }
            switch (form.shape) {
                case LIST, STREAM -> assertEquals(expected, call(form, arguments, null), what);
                case FIRST -> assertEquals(expected.stream().findFirst(), call(form, arguments, null), what);
                case ONE -> assertEquals(Optional.ofNullable(expected.isEmpty() ? null : expected.get(0)),
                        call(form, arguments, null), what);
                case COUNT -> assertEquals((long) expected.size(), call(form, arguments, null), what);
                case EXISTS -> assertEquals(!expected.isEmpty(), call(form, arguments, null), what);
                case PAGE -> checkPages(form, arguments, expected, what);
            }
        }

        private void checkPages(Form form, Object[] arguments, List<Item> expected, String what) {
            int size = 1 + random.nextInt(7);
            PageRequest request = PageRequest.ofSize(size);
            int from = 0;
            while (true) {
                @SuppressWarnings("unchecked")
                Page<Item> page = (Page<Item>) call(form, arguments, request);
                List<Item> slice = expected.subList(Math.min(from, expected.size()), Math.min(from + size,
                        expected.size()));
                assertEquals(slice, page.items(), what + ", page of " + size + " from " + from);
                from += size;
                assertEquals(from < expected.size(), page.continuation().isPresent(), what + ", continuation after "
                        + from);
                if (page.continuation().isEmpty()) {
                    return;
                }
                request = PageRequest.resume(page.continuation().get(), size);
            }
        }

        /** Calls the form's method; one call in four inside a unit of work, through {@code with(tx)}. */
        private Object call(Form form, Object[] arguments, PageRequest page) {
            Class<?>[] types = form.types;
            Object[] values = arguments;
            if (form.shape == Shape.PAGE) {
                types = Arrays.copyOf(form.types, form.types.length + 1);
                types[form.types.length] = PageRequest.class;
                values = Arrays.copyOf(arguments, arguments.length + 1);
                values[arguments.length] = page;
            }
            Class<?>[] finalTypes = types;
            Object[] finalValues = values;
            if (random.nextInt(4) == 0) {
                return store.transactResult(tx -> model.with(tx).call(form.method, finalTypes, finalValues));
            }
            return model.call(form.method, types, values);
        }
    }
}
