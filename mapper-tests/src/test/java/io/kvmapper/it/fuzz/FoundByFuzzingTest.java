package io.kvmapper.it.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.it.TestStores;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.tuple.Descending;
import io.kvmapper.tuple.Tuples;
import io.kvmapper.spi.KvTransaction;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the fuzzers found, each pinned by a targeted test that failed before its fix: the seed and case that found
 * it are in each test's comment.
 */
class FoundByFuzzingTest {
    @TempDir
    Path dir;

    /** A specimen with every field set, and the tag "red". */
    static Specimen specimen(SpecimenKind kind, String tenant, long seq, double weight) {
        Specimen specimen = kind.create();
        specimen.tenant = tenant;
        specimen.seq = seq;
        specimen.weight = weight;
        specimen.handle = "h-" + tenant + seq;
        specimen.status = Status.ACTIVE;
        specimen.tags = new LinkedHashSet<>(List.of("red", "blue"));
        specimen.score = 2.5;
        specimen.serial = BigInteger.valueOf(seq).shiftLeft(70);
        specimen.points = 7;
        specimen.note = "a note";
        specimen.lines = new ArrayList<>(List.of("one", "two"));
        specimen.marks = new LinkedHashMap<>(Map.of("k", 1));
        specimen.place = new Place("Oslo", 3);
        specimen.amount = new BigDecimal("12.50");
        return specimen;
    }

    /** Writes (or deletes, for null) items behind the mapper's back. */
    private static void write(KvStore store, byte[]... keysAndValues) {
        try (KvTransaction tx = store.unwrap(KvBackend.class).beginTransaction()) {
            for (int i = 0; i < keysAndValues.length; i += 2) {
                if (keysAndValues[i + 1] == null) {
                    tx.delete(keysAndValues[i]);
                } else {
                    tx.put(keysAndValues[i], keysAndValues[i + 1]);
                }
            }
            tx.commit();
        }
    }

    /**
     * An entry of a non-unique index of an attribute-per-key entity that names a proper prefix of a record key
     * (its last key element lost), or a record key with an element more that names a field: no record lies under
     * such a key, so it is an orphan that finders skip, {@code verify()} reports and {@code repair()} removes. Before,
     * the layout read the record's items under it as a record without its head (or the field's item as the head):
     * the finder threw {@code CorruptDataException} on every call, and {@code verify()} took the entry for one of a
     * record that cannot be decoded and reported nothing. Found by CorruptionFuzzTest (seed 2, ATTRIBUTE_PER_KEY,
     * case 60, and seed 3, case 71, in memory).
     */
    @Test
    void anAttributePerKeyEntryNamingNoRecordKeyIsAnOrphanThatOneRepairRemoves() {
        try (KvStore store = TestStores.open(dir)) {
            Specimens repository = SpecimenKind.ATTRIBUTE_PER_KEY.open(store);
            Specimen saved = specimen(SpecimenKind.ATTRIBUTE_PER_KEY, "t1", 208, Double.POSITIVE_INFINITY);
            repository.save(saved.copy());
            byte[] cut = Tuples.encode(List.of("ApkSpecimen", "i", "tags"), "red", "t1", 208L);
            byte[] longer = Tuples.encode(List.of("ApkSpecimen", "i", "tags"), "red", "t1", 208L,
                    new Descending(Double.POSITIVE_INFINITY), "note");
            write(store, cut, new byte[0], longer, new byte[0]);

            assertEquals(List.of(saved), repository.findByTags("red"));
            IntegrityReport report = repository.verify();
            assertFalse(report.isClean());
            assertEquals(2, report.problemCount(), report.toString());
            repository.repair();
            assertTrue(repository.verify().isClean());
            KvBackend backend = store.unwrap(KvBackend.class);
            assertNull(backend.get(cut));
            assertNull(backend.get(longer));
            assertEquals(List.of(saved), repository.findByTags("red"));
        }
    }

    /**
     * Every decimal a monolithic codec writes reads back, whatever its scale and length: the value's text form
     * ({@code BigDecimal.toString()}, in JSON as a number, in Protobuf as a string) of a decimal whose exponent
     * lies beyond an int (a scale near {@code Integer.MIN_VALUE}), and in JSON a number of more than 1,000
     * characters, were written but could not be read: the record was a {@code CorruptDataException} from the
     * save on, through no damage. Found by BadInputFuzzTest (seed 1, JSON, case 19, and PROTOBUF, case 6, in
     * memory).
     */
    @Test
    void aDecimalOfAnyScaleOrLengthReadsBackInBothCodecs() {
        List<BigDecimal> amounts = List.of(new BigDecimal(BigInteger.valueOf(548300162052790923L), Integer.MIN_VALUE),
                new BigDecimal(BigInteger.valueOf(12), Integer.MIN_VALUE + 1), BigDecimal.ONE.scaleByPowerOfTen(
                        Integer.MAX_VALUE), new BigDecimal(BigInteger.ONE.shiftLeft(4000), 7),
                new BigDecimal(BigInteger.ONE.shiftLeft(4000).negate(), Integer.MIN_VALUE),
                new BigDecimal(BigInteger.valueOf(-3), Integer.MAX_VALUE));
        try (KvStore store = TestStores.open(dir)) {
            for (SpecimenKind kind : List.of(SpecimenKind.JSON, SpecimenKind.PROTOBUF)) {
                Specimens repository = kind.open(store);
                for (int i = 0; i < amounts.size(); i++) {
                    Specimen saved = specimen(kind, "t0", i, 1.0);
                    saved.amount = amounts.get(i);
                    repository.save(saved.copy());
                    assertEquals(saved, repository.findById("t0", i, 1.0).orElseThrow(), kind + " " + i);
                }
                assertTrue(repository.verify().isClean());
            }
        }
    }
}
