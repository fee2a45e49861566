package io.kvmapper.tuple;

import static io.kvmapper.tuple.TupleAssertions.hex;
import static io.kvmapper.tuple.TuplePropertyTest.assertOrder;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.tuple.RandomValues.Weekday;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Comparator;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The types the tuple layer lacks, mapped onto it: for random pairs, ascending and descending, followed
 * by another element, the byte order of keys is the type's natural order, the typed read gives the value
 * back, and {@link TupleWriter#write(Object)} writes what the typed method writes.
 */
class MappedTypePropertyTest {
    private static final long SEED = 0x4d6170706564L;
    private static final int CASES = 2500;

    /** One mapped type: how to make, order, write and read its values. */
    record MappedType<T>(String name, Function<RandomValues, T> generate, BiFunction<RandomValues, T, T> generateNear,
            Comparator<T> naturalOrder, BiConsumer<TupleWriter, T> write, Function<TupleReader, T> read,
            Function<T, T> decodedForm) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> mappedTypes() {
        return Stream.of(
                type("Instant", RandomValues::instant, Comparator.naturalOrder(), TupleWriter::writeInstant, TupleReader::readInstant),
                type("LocalDate", RandomValues::localDate, Comparator.naturalOrder(), TupleWriter::writeLocalDate,
                        TupleReader::readLocalDate),
                type("LocalDateTime", RandomValues::localDateTime, Comparator.<LocalDateTime>naturalOrder(),
                        TupleWriter::writeLocalDateTime, TupleReader::readLocalDateTime),
                type("enum by name", RandomValues::weekday, Comparator.comparing(Weekday::name, FdbOrder::compareByCodePoint),
                        TupleWriter::writeEnum, r -> r.readEnum(Weekday.class)),
                type("char", RandomValues::character, Comparator.<Character>naturalOrder(), TupleWriter::writeChar,
                        TupleReader::readChar),
                type("short", v -> (short) v.integerBits(16), Comparator.<Short>naturalOrder(), (w, s) -> w.writeLong(s),
                        TupleReader::readShort),
                type("byte", v -> (byte) v.integerBits(8), Comparator.<Byte>naturalOrder(), (w, b) -> w.writeLong(b),
                        TupleReader::readByte),
                type("int", v -> (int) v.integerBits(32), Comparator.<Integer>naturalOrder(), (w, i) -> w.writeLong(i),
                        TupleReader::readInt),
                Arguments.of(new MappedType<>("BigDecimal", RandomValues::decimal, RandomValues::decimalNear, BigDecimal::compareTo,
                        TupleWriter::writeBigDecimal, TupleReader::readBigDecimal, BigDecimal::stripTrailingZeros)));
    }

    private static <T> Arguments type(String name, Function<RandomValues, T> generate, Comparator<T> naturalOrder,
            BiConsumer<TupleWriter, T> write, Function<TupleReader, T> read) {
        return Arguments.of(new MappedType<>(name, generate, (values, near) -> generate.apply(values), naturalOrder, write, read,
                Function.identity()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mappedTypes")
    <T> void keysSortInTheTypesNaturalOrder(MappedType<T> type) {
        for (int i = 0; i < CASES; i++) {
            long seed = SEED + i;
            Random random = new Random(seed);
            RandomValues values = new RandomValues(random);
            T a = type.generate().apply(values);
            T b = random.nextInt(5) == 0 ? a : type.generateNear().apply(values, a);
            String suffixA = values.string();
            String suffixB = values.string();
            int natural = type.naturalOrder().compare(a, b);
            int bySuffix = FdbOrder.compareByCodePoint(suffixA, suffixB);
            String context = type + ", seed " + seed + ": " + a + " vs " + b;

            assertOrder(natural, key(type, a, false), key(type, b, false), context);
            assertOrder(natural != 0 ? natural : bySuffix, key(type, a, false, suffixA), key(type, b, false, suffixB), context);
            assertOrder(-natural, key(type, a, true), key(type, b, true), context + " (descending)");
            assertOrder(natural != 0 ? -natural : bySuffix, key(type, a, true, suffixA), key(type, b, true, suffixB),
                    context + " (descending)");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mappedTypes")
    <T> void typedReadsGiveTheWrittenValueBack(MappedType<T> type) {
        for (int i = 0; i < CASES; i++) {
            long seed = SEED + i;
            RandomValues values = new RandomValues(new Random(seed));
            T value = type.generate().apply(values);
            String suffix = values.string();
            for (boolean descending : new boolean[] {false, true}) {
                byte[] key = key(type, value, descending, suffix);
                String context = type + ", seed " + seed + ": " + value + (descending ? " descending" : "") + ", bytes " + hex(key);
                TupleReader reader = new TupleReader(key);
                if (descending) {
                    reader.descending();
                }
                assertEquals(type.decodedForm().apply(value), type.read().apply(reader), context);
                assertEquals(suffix, reader.readString(), context);
                assertFalse(reader.hasNext(), context);
                Object boxed = descending ? new Descending(value) : value;
                assertArrayEquals(key, Tuples.encode(boxed, suffix), context + ": write(Object) differs from the typed method");
            }
        }
    }

    private static <T> byte[] key(MappedType<T> type, T value, boolean descending, String... suffix) {
        TupleWriter writer = new TupleWriter();
        if (descending) {
            writer.descending();
        }
        type.write().accept(writer, value);
        for (String s : suffix) {
            writer.writeString(s);
        }
        return writer.toByteArray();
    }
}
