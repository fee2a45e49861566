package io.kvmapper.tuple;

import static io.kvmapper.tuple.TupleAssertions.assertSameValue;
import static io.kvmapper.tuple.TupleAssertions.decodedForm;
import static io.kvmapper.tuple.TupleAssertions.hex;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.tuple.TupleReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random and mutated bytes: decoding either succeeds or throws {@link CorruptDataException} naming an
 * offset; never another exception, never a hang (every loop in the reader advances).
 */
class MalformedBytesFuzzTest {
    private static final long SEED = 0x46757a7aL;
    /** Bytes that matter to the decoder, drawn more often than chance would. */
    private static final byte[] INTERESTING = {
        0x00, (byte) 0xFF, 0x01, 0x02, 0x05, 0x0b, 0x0c, 0x13, 0x14, 0x15, 0x1c, 0x1d, 0x20, 0x21, 0x26, 0x27, 0x30, 0x33,
        (byte) 0xC3, (byte) 0xED, (byte) 0xF0, (byte) 0xF4, (byte) 0x80, (byte) 0xBF, 0x03, (byte) 0xFE,
    };

    @Test
    void randomBytesDecodeOrFailWithCorruptData() {
        for (int i = 0; i < 100_000; i++) {
            long seed = SEED + i;
            Random random = new Random(seed);
            byte[] bytes = new byte[random.nextInt(24)];
            for (int k = 0; k < bytes.length; k++) {
                bytes[k] = random.nextInt(3) == 0 ? (byte) random.nextInt() : INTERESTING[random.nextInt(INTERESTING.length)];
            }
            checkEveryEntryPoint(bytes, random, seed);
        }
    }

    @Test
    void mutatedEncodingsDecodeOrFailWithCorruptData() {
        for (int i = 0; i < 30_000; i++) {
            long seed = SEED + i;
            Random random = new Random(seed);
            byte[] bytes = mutate(validEncoding(random), random);
            checkEveryEntryPoint(bytes, random, seed);
        }
    }

    @Test
    void everyTruncationOfAnEncodingDecodesOrFailsWithCorruptData() {
        for (int i = 0; i < 1_000; i++) {
            long seed = SEED + i;
            Random random = new Random(seed);
            byte[] bytes = validEncoding(random);
            for (int length = 0; length < bytes.length; length++) {
                checkEveryEntryPoint(Arrays.copyOf(bytes, length), random, seed);
            }
        }
    }

    private static byte[] validEncoding(Random random) {
        RandomValues values = new RandomValues(random);
        List<Object> elements = new ArrayList<>(values.tuple(4));
        switch (random.nextInt(4)) {
            case 0 -> elements.add(new Descending(values.nativeValue(2)));
            case 1 -> elements.add(values.decimal());
            case 2 -> elements.add(new Descending(values.decimal()));
            default -> elements.add(values.instant());
        }
        return Tuples.encode(elements.toArray());
    }

    private static byte[] mutate(byte[] bytes, Random random) {
        byte[] result = bytes;
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations && result.length > 0; m++) {
            int at = random.nextInt(result.length);
            byte value = random.nextBoolean() ? INTERESTING[random.nextInt(INTERESTING.length)] : (byte) random.nextInt();
            switch (random.nextInt(4)) {
                case 0 -> result[at] = value;
                case 1 -> {
                    byte[] longer = new byte[result.length + 1];
                    System.arraycopy(result, 0, longer, 0, at);
                    longer[at] = value;
                    System.arraycopy(result, at, longer, at + 1, result.length - at);
                    result = longer;
                }
                case 2 -> {
                    byte[] shorter = new byte[result.length - 1];
                    System.arraycopy(result, 0, shorter, 0, at);
                    System.arraycopy(result, at + 1, shorter, at, result.length - at - 1);
                    result = shorter;
                }
                default -> result = Arrays.copyOf(result, at);
            }
        }
        return result;
    }

    /**
     * Schema-less decoding, then in turn (exceptions are what costs time here, so one more entry point per
     * case is plenty): printing, walking the elements, or a random sequence of typed reads.
     */
    private static void checkEveryEntryPoint(byte[] bytes, Random random, long seed) {
        String context = "seed " + seed + ", bytes " + hex(bytes);
        List<Object> decoded = decodeOrNull(bytes, context);
        if (decoded != null) {
            // Whatever decodes must survive a second round, even if the bytes were not canonical (a NaN
            // comes back as the canonical NaN, which is what the writer writes).
            assertSameValue(decodedForm(decoded), decodeOrNull(Tuples.encode(decoded.toArray()), context), context + ": re-encoded");
        }
        switch (random.nextInt(4)) {
            case 0 -> assertNotNull(Tuples.toString(bytes), context);
            case 1 -> guard(context, () -> {
                int offset = 0;
                while (offset < bytes.length) {
                    offset = Tuples.elementEnd(bytes, offset);
                }
            });
            default -> guard(context, () -> typedReads(new TupleReader(bytes), random));
        }
    }

    private static List<Object> decodeOrNull(byte[] bytes, String context) {
        List<List<Object>> result = new ArrayList<>(1);
        guard(context, () -> result.add(Tuples.decode(bytes)));
        return result.isEmpty() ? null : result.get(0);
    }

    private static void typedReads(TupleReader reader, Random random) {
        for (int op = 0; op < 8; op++) {
            switch (random.nextInt(22)) {
                case 0 -> reader.readString();
                case 1 -> reader.readBytes();
                case 2 -> reader.readLong();
                case 3 -> reader.readInt();
                case 4 -> reader.readBigInteger();
                case 5 -> reader.readDouble();
                case 6 -> reader.readFloat();
                case 7 -> reader.readBoolean();
                case 8 -> reader.readUuid();
                case 9 -> reader.readNull();
                case 10 -> reader.readInstant();
                case 11 -> reader.readLocalDate();
                case 12 -> reader.readLocalDateTime();
                case 13 -> reader.readBigDecimal();
                case 14 -> reader.readEnum(RandomValues.Weekday.class);
                case 15 -> reader.readChar();
                case 16 -> reader.beginNested();
                case 17 -> {
                    try {
                        reader.endNested();
                    } catch (IllegalStateException notInsideANestedTuple) {
                        // a misuse of the API by this random sequence, not a decoding failure
                    }
                }
                case 18 -> reader.descending();
                case 19 -> reader.skip();
                case 20 -> reader.nextIsNull();
                default -> reader.read();
            }
            reader.hasNext();
            reader.position();
        }
    }

    private static void guard(String context, Runnable decoding) {
        try {
            decoding.run();
        } catch (CorruptDataException e) {
            if (!e.getMessage().contains("offset")) {
                throw new AssertionError(context + ": the message does not name an offset: " + e.getMessage(), e);
            }
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError(context + ": decoding threw " + e + " instead of CorruptDataException", e);
        }
    }
}
