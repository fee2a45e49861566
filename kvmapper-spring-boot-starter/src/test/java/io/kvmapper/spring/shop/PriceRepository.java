package io.kvmapper.spring.shop;

/** Named like a repository but no generated one (no CrudRepository, no store constructor): not registered. */
public final class PriceRepository {
}
