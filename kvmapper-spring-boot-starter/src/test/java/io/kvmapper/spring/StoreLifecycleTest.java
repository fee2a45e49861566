package io.kvmapper.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.StoreClosedException;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.spring.shop.Customer;
import io.kvmapper.spring.shop.CustomerRepository;
import io.kvmapper.spring.shop.ShopApplication;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;

/** When the starter opens a store, and that the context closes it. */
class StoreLifecycleTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(KvMapperAutoConfiguration.class));

    @TempDir
    Path dir;

    @Test
    void theStoreIsClosedWithTheContextSoTheDirectoryCanBeOpenedAgain() {
        Path store = dir.resolve("store");
        CustomerRepository customers;
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ShopApplication.class)
                .web(WebApplicationType.NONE).properties("kvmapper.rocksdb.path=" + store).run()) {
            customers = context.getBean(CustomerRepository.class);
            customers.save(new Customer(1, "ada@example.com", "Ada"));
        }
        assertThrows(StoreClosedException.class, () -> customers.findById(1));
        try (KvStore reopened = RocksKvStore.open(store)) {  // RocksDB's lock is released
            assertEquals(Optional.of(new Customer(1, "ada@example.com", "Ada")),
                    new CustomerRepository(reopened).findById(1));
        }
    }

    @Test
    void withoutActuatorNorMicrometerTheStoreStillOpensAndIsNotTimed() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(KvMapperAutoConfiguration.class,
                        KvMapperActuatorAutoConfiguration.class))
                .withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate", "io.micrometer"))
                .withPropertyValues("kvmapper.rocksdb.path=" + dir.resolve("plain"))
                .run(context -> {
                    assertTrue(context.getStartupFailure() == null, String.valueOf(context.getStartupFailure()));
                    KvStore store = context.getBean(KvStore.class);
                    assertFalse(context.containsBean("kvmapperHealthIndicator"));
                    assertEquals(null, io.kvmapper.internal.store.KvStoreImpl.of(store).operationListener(),
                            "no listener: operations are not timed");
                });
    }

    @Test
    void withoutStorePropertiesThereIsNoStore() {
        runner.run(context -> assertFalse(context.containsBean("kvStore")));
    }

    @Test
    void aStoreOfTheApplicationsOwnIsKept() {
        runner.withPropertyValues("kvmapper.rocksdb.path=" + dir.resolve("ignored"))
                .withBean(KvStore.class, io.kvmapper.memory.MemoryKvStore::open)
                .run(context -> {
                    assertEquals(1, context.getBeansOfType(KvStore.class).size());
                    assertFalse(java.nio.file.Files.exists(dir.resolve("ignored")));
                });
    }

    @Test
    void bothStoresConfiguredIsAnError() {
        runner.withPropertyValues("kvmapper.rocksdb.path=" + dir.resolve("s"),
                "kvmapper.cassandra.contact-points=127.0.0.1:9042", "kvmapper.cassandra.keyspace=shop")
                .run(context -> {
                    assertTrue(context.getStartupFailure() != null);
                    assertTrue(rootMessage(context.getStartupFailure()).contains(
                            "both kvmapper.rocksdb.path and kvmapper.cassandra.contact-points are set"),
                            rootMessage(context.getStartupFailure()));
                });
    }

    @Test
    void contactPointsAreHostOrHostAndPort() {
        assertEquals("[localhost 9042, localhost 9999, 127.0.0.1 9042, 0:0:0:0:0:0:0:1 7000]",
                CassandraStores.contactPoints(
                java.util.List.of("localhost", " localhost:9999", "127.0.0.1", "[::1]:7000")).stream()
                .map(a -> a.getHostString() + " " + a.getPort()).toList().toString());
    }

    private static String rootMessage(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }
}
