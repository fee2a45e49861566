package io.kvmapper.it.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.it.Everything;
import io.kvmapper.it.StoredValues;
import io.kvmapper.it.TestStores;
import io.kvmapper.it.TypesRoundTripTest;
import io.kvmapper.tuple.Tuples;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every supported field type survives a save and a read in the attribute-per-key layout, with the
 * values the monolithic layout's {@link TypesRoundTripTest} uses: extremes, NaN and -0.0, strings with
 * NUL characters, byte arrays, nulls and zeros, random values.
 */
class AttributeTypesRoundTripTest {
    @TempDir
    Path dir;

    private static void roundTrip(ApkEverythingRepository repository, Everything original) {
        repository.save(ApkEverything.of(original));
        TypesRoundTripTest.assertSame(original, repository.findById(original.id()).orElseThrow().toEverything());
    }

    @Test
    void extremesNullsAndRandomValuesRoundTrip() {
        try (KvStore store = TestStores.open(dir)) {
            ApkEverythingRepository repository = new ApkEverythingRepository(store);
            roundTrip(repository, TypesRoundTripTest.extremes(new UUID(0, 1)));
            roundTrip(repository, TypesRoundTripTest.nulls(new UUID(0, 2)));
            Random random = new Random(42);
            for (int i = 0; i < 300; i++) {
                roundTrip(repository, TypesRoundTripTest.random(random));
            }
        }
    }

    /** The key encoding of decimals drops trailing zeros; a stored value keeps them. */
    @Test
    void decimalsKeepTheirScaleInFieldsElementsAndMapValues() {
        try (KvStore store = TestStores.open(dir)) {
            PriceRepository prices = new PriceRepository(store);
            Price price = new Price(1, new BigDecimal("10.00"),
                    Fixtures.list(new BigDecimal("1E+3"), new BigDecimal("-0.000"), null),
                    Fixtures.map("EUR", new BigDecimal("2.50"), "USD", null));
            prices.save(price);
            assertEquals(price, prices.findById(1).orElseThrow());
            assertEquals("(1000, 2)", Tuples.toString(StoredValues.body(Raw.record(store, Raw.recordKey("Price", 1L)).get(1).value())),
                    "the amount 10.00 as its unscaled value and scale");

            assertTrue(prices.appendHistory(1, new BigDecimal("7.10")));
            assertTrue(prices.putByCurrency(1, "GBP", new BigDecimal("0.100")));
            assertTrue(prices.updateAmount(1, new BigDecimal("12.3400")));
            Price changed = prices.findById(1).orElseThrow();
            assertEquals("12.3400", changed.amount().toPlainString());
            assertEquals("7.10", changed.history().get(3).toPlainString());
            assertEquals("0.100", changed.byCurrency().get("GBP").toPlainString());
            assertEquals("1E+3", changed.history().get(0).toString());
        }
    }
}
