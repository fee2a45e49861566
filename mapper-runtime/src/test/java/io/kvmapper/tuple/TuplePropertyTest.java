package io.kvmapper.tuple;

import static io.kvmapper.tuple.TupleAssertions.assertSameValue;
import static io.kvmapper.tuple.TupleAssertions.decodedForm;
import static io.kvmapper.tuple.TupleAssertions.describe;
import static io.kvmapper.tuple.TupleAssertions.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.kvmapper.internal.tuple.TupleReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Round trip and order over random tuples of every tuple layer type: decoding gives the values back, and
 * the unsigned byte order of encodings is the natural order of the values ({@link FdbOrder}), ascending
 * and descending. Each case has its own seed, printed on failure.
 */
class TuplePropertyTest {
    private static final long SEED = 0x5475706c6573L;
    private static final int CASES = 4000;

    @Test
    void decodingAnEncodedTupleGivesItsValuesBack() {
        for (int i = 0; i < CASES; i++) {
            long seed = SEED + i;
            List<Object> tuple = new RandomValues(new Random(seed)).tuple(6);
            byte[] bytes = Tuples.encode(tuple.toArray());
            String context = "seed " + seed + ", tuple " + describe(tuple) + ", bytes " + hex(bytes);

            assertSameValue(decodedForm(tuple), Tuples.decode(bytes), context);
            TupleReader reader = new TupleReader(bytes);
            for (Object element : tuple) {
                int start = reader.position();
                assertSameValue(decodedForm(element), reader.read(), context);
                assertEquals(reader.position(), Tuples.elementEnd(bytes, start), context);
            }
            assertFalse(reader.hasNext(), context);
        }
    }

    @Test
    void byteOrderOfEncodedTuplesIsTheirNaturalOrder() {
        for (int i = 0; i < CASES * 5; i++) {
            long seed = SEED + i;
            Random random = new Random(seed);
            RandomValues values = new RandomValues(random);
            List<Object> a = values.tuple(4);
            List<Object> b = relative(a, random, values);
            assertOrder(FdbOrder.compareTuples(a, b), Tuples.encode(a.toArray()), Tuples.encode(b.toArray()),
                    "seed " + seed + ", " + describe(a) + " vs " + describe(b));
        }
    }

    @Test
    void sortingByEncodedBytesSortsTuplesInNaturalOrder() {
        Random random = new Random(SEED);
        RandomValues values = new RandomValues(random);
        List<byte[]> encoded = new ArrayList<>();
        List<List<Object>> tuples = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            List<Object> tuple = values.tuple(3);
            tuples.add(tuple);
            encoded.add(Tuples.encode(tuple.toArray()));
        }
        Integer[] order = new Integer[tuples.size()];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (x, y) -> Arrays.compareUnsigned(encoded.get(x), encoded.get(y)));
        for (int k = 1; k < order.length; k++) {
            List<Object> previous = tuples.get(order[k - 1]);
            List<Object> next = tuples.get(order[k]);
            assertOrder(FdbOrder.compareTuples(previous, next), encoded.get(order[k - 1]), encoded.get(order[k]),
                    "seed " + SEED + ", neighbours " + describe(previous) + " and " + describe(next));
        }
    }

    @Test
    void descendingElementsSortInReverseNaturalOrder() {
        for (int i = 0; i < CASES * 5; i++) {
            long seed = SEED + i;
            Random random = new Random(seed);
            RandomValues values = new RandomValues(random);
            Object a = values.nativeValue(2);
            Object b = random.nextInt(4) == 0 ? a : values.nativeValue(2);
            String prefix = values.string();
            Object suffixA = values.nativeValue(1);
            Object suffixB = values.nativeValue(1);
            int natural = FdbOrder.compareElements(a, b);
            int expected = natural != 0 ? -natural : FdbOrder.compareElements(suffixA, suffixB);
            String context = "seed " + seed + ", " + describe(a) + " vs " + describe(b) + ", then " + describe(suffixA)
                    + " vs " + describe(suffixB);

            assertOrder(-natural, Tuples.encode(new Descending(a)), Tuples.encode(new Descending(b)), context);
            assertOrder(expected, Tuples.encode(prefix, new Descending(a), suffixA),
                    Tuples.encode(prefix, new Descending(b), suffixB), context);
            assertOrder(expected, Tuples.encode(Arrays.asList(new Descending(a), suffixA)),
                    Tuples.encode(Arrays.asList(new Descending(b), suffixB)), context + " (nested)");
            assertOrder(natural != 0 ? natural : FdbOrder.compareElements(suffixA, suffixB),
                    Tuples.encode(new Descending(new Descending(a)), suffixA),
                    Tuples.encode(new Descending(new Descending(b)), suffixB), context + " (descending twice)");
        }
    }

    @Test
    void readingADescendingElementGivesItsValueBack() {
        for (int i = 0; i < CASES; i++) {
            long seed = SEED + i;
            RandomValues values = new RandomValues(new Random(seed));
            Object value = values.nativeValue(2);
            Object next = values.nativeValue(2);
            byte[] bytes = Tuples.encode(List.of("p"), new Descending(value), new Descending(new Descending(value)), next);
            String context = "seed " + seed + ", value " + describe(value) + ", bytes " + hex(bytes);

            TupleReader reader = new TupleReader(bytes);
            reader.skip();
            assertSameValue(decodedForm(value), reader.descending().read(), context);
            assertSameValue(decodedForm(value), reader.descending().descending().read(), context);
            assertSameValue(decodedForm(next), reader.read(), context);
            assertFalse(reader.hasNext(), context);
            assertEquals(4, Tuples.decode(bytes).size(), context);
        }
    }

    /** A tuple near {@code a}: equal, cut short, extended, or with one element replaced. */
    static List<Object> relative(List<Object> a, Random random, RandomValues values) {
        List<Object> b = new ArrayList<>(a);
        switch (random.nextInt(5)) {
            case 0 -> {
                return values.tuple(4);
            }
            case 1 -> {
                if (!b.isEmpty()) {
                    b.remove(b.size() - 1);
                }
            }
            case 2 -> b.add(values.nativeValue(2));
            case 3 -> {
                if (!b.isEmpty()) {
                    b.set(random.nextInt(b.size()), values.nativeValue(2));
                }
            }
            default -> {
                // equal
            }
        }
        return b;
    }

    static void assertOrder(int expected, byte[] a, byte[] b, String context) {
        int actual = Arrays.compareUnsigned(a, b);
        if (Integer.signum(expected) != Integer.signum(actual)) {
            throw new AssertionError(context + ": natural order says " + Integer.signum(expected)
                    + " but the bytes compare " + Integer.signum(actual) + ":\n  " + hex(a) + "\n  " + hex(b));
        }
    }
}
