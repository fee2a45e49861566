package io.kvmapper.benchmarks;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.KvStore;
import io.kvmapper.benchmarks.shop.Order;
import io.kvmapper.benchmarks.shop.User;
import io.kvmapper.rocksdb.RocksBackend;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * KV Mapper: the generated repositories on {@link RocksKvStore}, one transaction per write, with the
 * entities as JSON values ({@code kvmapper}), Protobuf values ({@code kvmapper-proto}) or one key per
 * attribute ({@code kvmapper-apk}).
 */
final class KvMapperContender implements Contender {
    private final KvStore store;
    private final MapperShop shop;

    KvMapperContender(Path dir, Function<KvStore, MapperShop> variant) {
        this(dir, variant, RocksKvStore.Options.DEFAULT_ENTITY_CACHE_SIZE);
    }

    /** With an entity cache of {@code entityCacheBytes} (0: none). */
    KvMapperContender(Path dir, Function<KvStore, MapperShop> variant, long entityCacheBytes) {
        this.store = RocksSettings.openMapperStore(dir, entityCacheBytes);
        this.shop = variant.apply(store);
    }

    @Override
    public void insertUser(User user) {
        shop.insert(user);
    }

    @Override
    public void insertUsers(List<User> batch) {
        store.transact(tx -> {
            for (User user : batch) {
                shop.insert(tx, user);
            }
        });
    }

    @Override
    public void insertOrder(Order order) {
        shop.insert(order);
    }

    @Override
    public User findUser(long id) {
        return shop.find(id);
    }

    @Override
    public User findUserByEmail(String email) {
        return shop.findByEmail(email);
    }

    @Override
    public List<Order> ordersOf(long userId) {
        return shop.ordersOf(userId);
    }

    @Override
    public List<User> usersWithStatus(User.Status status, int limit) {
        return shop.usersWithStatus(status, limit);
    }

    @Override
    public boolean updateStatus(long id, User.Status status) {
        return shop.updateStatus(id, status);
    }

    @Override
    public long countByStatus(User.Status status) {
        return shop.countByStatus(status);
    }

    @Override
    public String memoryReport() {
        return RocksSettings.memoryReport(((RocksBackend) store.unwrap(KvBackend.class))::property);
    }

    @Override
    public void close() {
        store.close();
    }
}
