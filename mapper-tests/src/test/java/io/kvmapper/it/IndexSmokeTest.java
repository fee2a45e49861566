package io.kvmapper.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.OptimisticLockException;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.it.Customer.Status;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexSmokeTest {
    @TempDir
    Path dir;

    @Test
    void indexesCountersVersionsAndPartialUpdatesWorkTogether() {
        try (KvStore store = Stores.open(dir)) {
            CustomerRepository customers = new CustomerRepository(store);
            Customer ada = customers.save(Customer.of(1, "ada@x", "ada", Status.ACTIVE, 36, "London", List.of("a", "b")));
            assertEquals(1, ada.version());
            customers.save(Customer.of(2, "bob@x", "bob", Status.ACTIVE, 40, "Paris", List.of("b")));
            customers.save(Customer.of(3, "cy@x", "cy", Status.SUSPENDED, 36, "London", null));
            assertEquals(Optional.of(1L), customers.findByEmail("ada@x").map(Customer::id));
            assertEquals(List.of(1L, 2L), customers.findByStatus(Status.ACTIVE).stream().map(Customer::id).toList());
            assertEquals(List.of(1L, 2L), customers.findByTags("b").stream().map(Customer::id).toList());
            assertEquals(List.of(1L, 3L), customers.findByCityAndAge("London", 36).stream().map(Customer::id).toList());
            assertEquals(3, customers.countTotal());
            assertEquals(Map.of(Status.ACTIVE, 2L, Status.SUSPENDED, 1L), customers.countByStatus());
            assertEquals(76, customers.sumAgeByStatus(Status.ACTIVE));
            assertThrows(UniqueConstraintException.class,
                    () -> customers.save(Customer.of(4, "ada@x", "other", Status.ACTIVE, 1, null, null)));
            assertEquals(3, customers.countTotal());
            assertThrows(OptimisticLockException.class, () -> customers.save(Customer.of(1, "ada@x", "ada", Status.CLOSED, 36, "London", null)));
            assertTrue(customers.updateStatus(3, Status.ACTIVE));
            assertEquals(Map.of(Status.ACTIVE, 3L), customers.countByStatus());
            assertEquals(2, customers.findById(3).orElseThrow().version());
            assertTrue(customers.deleteById(2));
            assertEquals(Map.of(Status.ACTIVE, 2L), customers.countByStatus());
            assertEquals(List.of(1L), customers.findByTags("b").stream().map(Customer::id).toList());
            assertTrue(customers.verify().isClean(), customers.verify().toString());

            PurchaseRepository purchases = new PurchaseRepository(store);
            LocalDate day = LocalDate.of(2026, 11, 1);
            purchases.save(new Purchase(1, "o1", day, 500L));
            purchases.save(new Purchase(1, "o2", day, 250L));
            purchases.save(new Purchase(2, "o3", day.plusDays(1), null));
            assertEquals(750, purchases.sumRevenueByDay(day));
            assertEquals(Map.of(day, 750L), purchases.sumRevenueByDay());
            assertTrue(purchases.updateDay(1, "o2", day.plusDays(1)));
            assertEquals(Map.of(day, 500L, day.plusDays(1), 250L), purchases.sumRevenueByDay());
            assertEquals(2, purchases.countByCustomer(1));
            assertTrue(purchases.verify().isClean(), purchases.verify().toString());
        }
    }
}
