package com.example.inventory;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

@Entity
@Counter(name = "byWarehouse", groupBy = "warehouse")
public record Item(@Key String sku, String name, @Index String warehouse, int quantity) {}
