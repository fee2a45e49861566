package com.example.inventory;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class InventoryApplication {
    public static void main(String[] args) {
        SpringApplication.run(InventoryApplication.class, args);
    }

    @Bean
    CommandLineRunner stockTake(ItemRepository items, HealthEndpoint health, MeterRegistry meters) {
        return args -> {
            items.save(new Item("sku-1", "kettle", "north", 12));
            items.save(new Item("sku-2", "teapot", "north", 3));
            items.save(new Item("sku-3", "mug", "south", 40));
            System.out.println("in the north: " + items.findByWarehouse("north"));
            System.out.println("per warehouse: " + items.countByWarehouse());
            System.out.println("health: " + health.healthForPath("kvmapper").getStatus());
            System.out.println("saves timed: " + meters.get("kvmapper.operations")
                    .tags("entity", "Item", "operation", "save").timer().count());
        };
    }
}
