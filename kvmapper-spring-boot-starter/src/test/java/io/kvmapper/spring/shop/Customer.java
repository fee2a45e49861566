package io.kvmapper.spring.shop;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** A customer; the processor generates CustomerRepository. */
@Entity
@Counter(name = "total")
public record Customer(@Key long id, @Index(unique = true) String email, String name) {
}
