package io.kvmapper.benchmarks.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import io.kvmapper.KvStore;
import io.kvmapper.PageRequest;
import io.kvmapper.benchmarks.shop.User;
import io.kvmapper.benchmarks.shop.UserRepository;
import io.kvmapper.cassandra.CassandraKvStore;
import java.util.List;

/**
 * KV Mapper: the generated {@code UserRepository} on {@link CassandraKvStore} with its default options
 * ({@code LOCAL_QUORUM}, {@code LOCAL_SERIAL}, 8 buckets for index and counter areas). The user has a unique index,
 * so its record is written through checked writes: inserts with {@code IF NOT EXISTS}, changes with a check that
 * the record is still the one read.
 */
final class KvMapperShop implements ShopOnCassandra {
    private final KvStore store;
    private final UserRepository users;

    KvMapperShop(CqlSession session, String keyspace) {
        this.store = CassandraKvStore.open(session, keyspace);
        this.users = new UserRepository(store);
    }

    @Override
    public void insertUser(User user) {
        users.insert(user);
    }

    @Override
    public User findUser(long id) {
        return users.findById(id).orElse(null);
    }

    @Override
    public User findUserByEmail(String email) {
        return users.findByEmail(email).orElse(null);
    }

    @Override
    public List<User> firstByStatus(User.Status status, int n) {
        return users.findByStatus(status, PageRequest.ofSize(n)).items();
    }

    @Override
    public boolean updateStatus(long id, User.Status status) {
        return users.updateStatus(id, status);
    }

    @Override
    public long countByStatus(User.Status status) {
        return users.countByStatus(status);
    }

    @Override
    public void close() {
        store.close();
    }
}
