package io.kvmapper.benchmarks;

import io.kvmapper.KvStore;
import io.kvmapper.benchmarks.shop.Order;
import io.kvmapper.benchmarks.shop.OrderRepository;
import io.kvmapper.benchmarks.shop.User;
import io.kvmapper.benchmarks.shop.UserRepository;
import io.kvmapper.rocksdb.RocksBackend;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.util.List;

/** KV Mapper: the generated repositories on {@link RocksKvStore}, JSON codec, one transaction per write. */
final class KvMapperContender implements Contender {
    private final KvStore store;
    private final UserRepository users;
    private final OrderRepository orders;

    KvMapperContender(Path dir) {
        this.store = RocksKvStore.options()
                .blockCacheSize(RocksSettings.BLOCK_CACHE_BYTES)
                .bloomFilterBitsPerKey(RocksSettings.BLOOM_BITS_PER_KEY)
                .writeBufferSize(RocksSettings.WRITE_BUFFER_BYTES)
                .maxSuccessiveMerges(RocksSettings.MAX_SUCCESSIVE_MERGES)
                .syncWrites(RocksSettings.SYNC_WRITES)
                .open(dir);
        this.users = new UserRepository(store);
        this.orders = new OrderRepository(store);
    }

    @Override
    public void insertUser(User user) {
        users.insert(user);
    }

    @Override
    public void insertUsers(List<User> batch) {
        store.transact(tx -> {
            UserRepository inTransaction = users.with(tx);
            for (User user : batch) {
                inTransaction.insert(user);
            }
        });
    }

    @Override
    public void insertOrder(Order order) {
        orders.insert(order);
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
    public List<Order> ordersOf(long userId) {
        return orders.findByUserId(userId);
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
    public String memoryReport() {
        return RocksSettings.memoryReport(((RocksBackend) store.backend())::property);
    }

    @Override
    public void close() {
        store.close();
    }
}
