package io.kvmapper.spring.shop;

import io.kvmapper.KvStore;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Shaped like a generated {@code _Impl} (public, final, a constructor taking the store), written by hand. */
public final class Customers_Impl implements Customers {
    private final CustomerRepository repository;

    public Customers_Impl(KvStore store) {
        this.repository = new CustomerRepository(store);
    }

    @Override
    public Customer save(Customer entity) {
        return repository.save(entity);
    }

    @Override
    public Customer insert(Customer entity) {
        return repository.insert(entity);
    }

    @Override
    public Optional<Customer> findById(Long id) {
        return repository.findById(id);
    }

    @Override
    public List<Customer> findAllById(Collection<Long> ids) {
        return repository.findAllById(ids);
    }

    @Override
    public boolean existsById(Long id) {
        return repository.existsById(id);
    }

    @Override
    public boolean deleteById(Long id) {
        return repository.deleteById(id);
    }

    @Override
    public Stream<Customer> findAll() {
        return repository.findAll();
    }

    @Override
    public long count() {
        return repository.count();
    }
}
