package com.example.shop;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.time.Instant;

@Entity
@Counter(name = "byStatus", groupBy = "status")
public record Order(@Key long customerId,                    // the partition: one customer's orders stay together
                    @Key(descending = true) Instant placedAt, // newest first
                    @Key String orderId,
                    @Index String status,
                    long totalCents) {}
