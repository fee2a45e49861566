package io.kvmapper.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksBackend;
import io.kvmapper.spring.shop.Customer;
import io.kvmapper.spring.shop.CustomerRepository;
import io.kvmapper.spring.shop.Customers;
import io.kvmapper.spring.shop.ShopApplication;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An application with the starter, one property and an annotated entity: its repositories are injected, its
 * health is up and its operations are in the meter registry.
 */
@SpringBootTest(classes = ShopApplication.class)
class RocksdbStarterTest {
    @TempDir
    static Path dir;

    @DynamicPropertySource
    static void storePath(DynamicPropertyRegistry properties) {
        properties.add("kvmapper.rocksdb.path", () -> dir.resolve("store").toString());
    }

    @Autowired
    CustomerRepository customers;
    @Autowired
    Customers customersInterface;
    @Autowired
    KvStore store;
    @Autowired
    HealthEndpoint health;
    @Autowired
    MeterRegistry meters;
    @Autowired
    ApplicationContext context;

    @Test
    void theGeneratedRepositoriesAreBeansOverTheRocksdbStore() {
        assertNotNull(store.unwrap(RocksBackend.class));
        customers.save(new Customer(1, "ada@example.com", "Ada"));
        assertEquals(Optional.of(new Customer(1, "ada@example.com", "Ada")), customersInterface.findById(1L));
        assertEquals(Map.of("customerRepository", customers), context.getBeansOfType(CustomerRepository.class));
        assertEquals(Map.of("customers", customersInterface), context.getBeansOfType(Customers.class),
                "an _Impl is named after its interface");
        assertFalse(context.containsBean("priceRepository"), "not a generated repository");
    }

    @Test
    void theHealthOfTheStoreIsUp() {
        var component = health.healthForPath("kvmapper");
        assertEquals(Status.UP, component.getStatus());
        assertEquals(Status.UP, health.health().getStatus());
    }

    @Test
    void operationsAreTimedByEntityOperationAndOutcome() {
        customers.insert(new Customer(2, "bob@example.com", "Bob"));
        customers.findByEmail("bob@example.com");
        Timer inserts = meters.get("kvmapper.operations")
                .tags("entity", "Customer", "operation", "insert", "outcome", "success").timer();
        assertTrue(inserts.count() >= 1);
        assertTrue(meters.get("kvmapper.operations").tags("operation", "findByIndex").timer().count() >= 1);
        try {
            customers.insert(new Customer(2, "bob@example.com", "Bob"));
        } catch (io.kvmapper.DuplicateKeyException expected) {
            // counted below
        }
        assertEquals(1, meters.get("kvmapper.operations").tags("operation", "insert", "outcome",
                "DuplicateKeyException").timer().count());
        assertEquals(0, meters.get("kvmapper.transactions.conflicts").tags("outcome", "retried").counter().count());
        assertNotNull(meters.get("kvmapper.schema.builds.running").gauge());
    }
}
