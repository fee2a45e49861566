package io.kvmapper.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.kvmapper.KvStore;
import io.kvmapper.cassandra.CassandraBackend;
import io.kvmapper.cassandra.CassandraTestServer;
import io.kvmapper.spring.shop.Customer;
import io.kvmapper.spring.shop.CustomerRepository;
import io.kvmapper.spring.shop.ShopApplication;
import java.net.InetSocketAddress;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The same application on the Cassandra test node, configured by contact point, keyspace and data center. */
@SpringBootTest(classes = ShopApplication.class)
class CassandraStarterTest {
    @BeforeAll
    static void nodeWanted() {
        CassandraTestServer.requireNodesWanted();
    }

    @DynamicPropertySource
    static void contactPoint(DynamicPropertyRegistry properties) {
        properties.add("kvmapper.cassandra.contact-points", () -> {
            InetSocketAddress node = CassandraTestServer.shared().address();
            return node.getHostString() + ":" + node.getPort();
        });
        properties.add("kvmapper.cassandra.keyspace", () -> "kvmapper_spring");
        properties.add("kvmapper.cassandra.keyspace-replication.class", () -> "SimpleStrategy");
        properties.add("kvmapper.cassandra.keyspace-replication.replication_factor", () -> "1");
        properties.add("kvmapper.cassandra.local-datacenter", () -> CassandraTestServer.DATACENTER);
        // creating the tables takes longer than the driver's 2 s when the machine is loaded
        properties.add("kvmapper.cassandra.request-timeout", () -> "30s");
    }

    @Autowired
    CustomerRepository customers;
    @Autowired
    KvStore store;
    @Autowired
    HealthEndpoint health;

    @Test
    void theRepositoriesWorkOnCassandraAndTheStoreIsHealthy() {
        assertNotNull(store.unwrap(CassandraBackend.class));
        customers.save(new Customer(7, "cy@example.com", "Cy"));
        assertEquals(Optional.of(new Customer(7, "cy@example.com", "Cy")), customers.findByEmail("cy@example.com"));
        assertEquals(Status.UP, health.healthForPath("kvmapper").getStatus());
    }
}
