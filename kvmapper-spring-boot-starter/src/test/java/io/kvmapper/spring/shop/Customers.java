package io.kvmapper.spring.shop;

import io.kvmapper.CrudRepository;

/** A query interface; {@link Customers_Impl} stands in for the implementation the processor writes. */
public interface Customers extends CrudRepository<Customer, Long> {
}
