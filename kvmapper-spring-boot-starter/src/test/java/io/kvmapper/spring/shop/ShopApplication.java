package io.kvmapper.spring.shop;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The tests' application: its package holds the entities whose repositories the starter registers. */
@SpringBootApplication
public class ShopApplication {
}
