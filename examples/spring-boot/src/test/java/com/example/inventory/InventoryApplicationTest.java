package com.example.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest(properties = "kvmapper.rocksdb.path=target/test-data")
class InventoryApplicationTest {
    @Autowired
    ItemRepository items;
    @Autowired
    HealthEndpoint health;

    @Test
    void theRepositoryIsInjectedAndTheStoreIsHealthy() {
        items.save(new Item("sku-9", "tray", "east", 5));
        assertEquals(1L, items.countByWarehouse().get("east"));
        assertEquals(Status.UP, health.healthForPath("kvmapper").getStatus());
    }
}
