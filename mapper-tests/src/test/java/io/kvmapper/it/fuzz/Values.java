package io.kvmapper.it.fuzz;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Random valid field values, leaning on the edges the encodings care about: empty strings and strings
 * holding NUL (escaped in keys), non-ASCII and supplementary characters, every sign of zero, infinities,
 * NaNs with any sign and payload (one key, the canonical NaN), the extreme longs and ints, big integers and
 * decimals of every scale.
 */
final class Values {
    static final String[] TENANTS = {"t0", "t1", "", "a\u0000b", "Z\u00fcrich", "\u65e5\ud83d\ude00"};
    static final String[] TAGS = {"red", "green", "blue", "", "\u00fcn\u00ef", "a\u0000", "\ud83d\ude00"};
    static final String[] CITIES = {"Oslo", "Lima", "", "S\u00e3o Paulo", "\u0000"};
    private static final long[] SEQS = {0, 1, -1, 7, 255, 256, -256, Long.MIN_VALUE, Long.MAX_VALUE};
    private static final double[] DOUBLES = {0.0, -0.0, 1.5, -2.25, 1e300, -1e-300, Double.MIN_VALUE,
        Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};
    private static final int[] INTS = {0, 1, -1, 42, Integer.MIN_VALUE, Integer.MAX_VALUE};

    private final SplittableRandom random;

    Values(SplittableRandom random) {
        this.random = random;
    }

    SplittableRandom random() {
        return random;
    }

    boolean chance(double p) {
        return random.nextDouble() < p;
    }

    int between(int from, int to) {
        return random.nextInt(from, to + 1);
    }

    <T> T pick(T[] values) {
        return values[random.nextInt(values.length)];
    }

    <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    String tenant() {
        return pick(TENANTS);
    }

    long seq() {
        return chance(0.7) ? SEQS[random.nextInt(SEQS.length)] : random.nextLong(-1000, 1000);
    }

    /** A double from the edges, a NaN with a random sign and payload, or any double. */
    double aDouble() {
        double roll = random.nextDouble();
        if (roll < 0.1) {
            return nan();
        }
        if (roll < 0.7) {
            return DOUBLES[random.nextInt(DOUBLES.length)];
        }
        return Double.longBitsToDouble(random.nextLong());
    }

    /** A NaN of either sign, quiet or signalling, with a random payload. */
    double nan() {
        long payload = random.nextLong(1, 1L << 52);
        long bits = 0x7FF0000000000000L | payload | (random.nextBoolean() ? Long.MIN_VALUE : 0);
        double nan = Double.longBitsToDouble(bits);
        return Double.isNaN(nan) ? nan : Double.NaN;
    }

    int anInt() {
        return chance(0.5) ? INTS[random.nextInt(INTS.length)] : random.nextInt(-1000, 1000);
    }

    /** A valid string: ASCII, Latin-1, CJK, supplementary pairs, NUL; mostly short. */
    String text(int maxLength) {
        int length = random.nextInt(maxLength + 1);
        StringBuilder out = new StringBuilder(length);
        while (out.length() < length) {
            int roll = random.nextInt(10);
            if (roll < 6) {
                out.append((char) random.nextInt(0x20, 0x7F));
            } else if (roll == 6) {
                out.append((char) random.nextInt(0xA0, 0x100));
            } else if (roll == 7) {
                out.append((char) random.nextInt(0x4E00, 0x9FFF));
            } else if (roll == 8) {
                out.appendCodePoint(random.nextInt(0x10000, 0x10FFFF));
            } else {
                out.append('\u0000');
            }
        }
        return out.toString();
    }

    BigInteger bigInteger() {
        BigInteger value = new BigInteger(random.nextInt(0, 300), new java.util.Random(random.nextLong()));
        return random.nextBoolean() ? value.negate() : value;
    }

    BigDecimal decimal() {
        return new BigDecimal(bigInteger().shiftRight(random.nextInt(0, 280)), random.nextInt(-12, 13));
    }

    Status status() {
        return chance(0.15) ? null : pick(Status.values());
    }

    Set<String> tags() {
        Set<String> tags = new LinkedHashSet<>();
        int count = random.nextInt(4);
        for (int i = 0; i < count; i++) {
            tags.add(pick(TAGS));
        }
        return tags;
    }

    List<String> lines() {
        List<String> lines = new ArrayList<>();
        int count = random.nextInt(5);
        for (int i = 0; i < count; i++) {
            lines.add(text(12));
        }
        return lines;
    }

    Map<String, Integer> marks() {
        Map<String, Integer> marks = new LinkedHashMap<>();
        int count = random.nextInt(4);
        for (int i = 0; i < count; i++) {
            marks.put(text(6), anInt());
        }
        return marks;
    }

    Place place() {
        return chance(0.2) ? null : new Place(chance(0.1) ? null : pick(CITIES), anInt());
    }

    /** A specimen of {@code kind} with key {@code id}, handle {@code handle} and random other fields. */
    Specimen specimen(SpecimenKind kind, Id id, String handle) {
        Specimen s = kind.create();
        s.tenant = id.tenant();
        s.seq = id.seq();
        s.weight = id.weight();
        s.handle = handle;
        s.status = status();
        s.tags = tags();
        s.score = aDouble();
        s.serial = chance(0.3) ? null : bigInteger();
        s.points = anInt();
        s.note = chance(0.2) ? null : text(40);
        s.lines = lines();
        s.marks = marks();
        s.place = place();
        s.amount = chance(0.3) ? null : decimal();
        return s;
    }

    Id id() {
        return new Id(tenant(), seq(), aDouble());
    }
}
