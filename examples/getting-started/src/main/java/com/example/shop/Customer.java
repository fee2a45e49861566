package com.example.shop;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.time.Instant;

@Entity
public record Customer(@Key long id, @Index(unique = true) String email, Instant lastOrderAt) {
    Customer orderedAt(Instant at) {
        return new Customer(id, email, at);
    }
}
