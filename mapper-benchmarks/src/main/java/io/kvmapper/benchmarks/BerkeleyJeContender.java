package io.kvmapper.benchmarks;

import com.sleepycat.je.Durability;
import com.sleepycat.je.Environment;
import com.sleepycat.je.EnvironmentConfig;
import com.sleepycat.je.LockMode;
import com.sleepycat.je.Transaction;
import com.sleepycat.persist.EntityCursor;
import com.sleepycat.persist.EntityStore;
import com.sleepycat.persist.PrimaryIndex;
import com.sleepycat.persist.SecondaryIndex;
import com.sleepycat.persist.StoreConfig;
import io.kvmapper.benchmarks.je.JeCounter;
import io.kvmapper.benchmarks.je.JeOrder;
import io.kvmapper.benchmarks.je.JeOrderKey;
import io.kvmapper.benchmarks.je.JeUser;
import io.kvmapper.benchmarks.shop.Order;
import io.kvmapper.benchmarks.shop.User;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Berkeley DB Java Edition's Direct Persistence Layer: annotated entities with {@code @SecondaryKey}s
 * for the email (one-to-one, so unique) and the status, in a transactional environment whose commits
 * are written to JE's log without an fsync ({@link Durability#COMMIT_WRITE_NO_SYNC}). The JE cache (on
 * the Java heap) is 128 MiB, the RocksDB contenders' block cache and memtable together. Counters are
 * entities read with a write lock and rewritten in the transaction of the write they count.
 */
final class BerkeleyJeContender implements Contender {
    private static final long CACHE_BYTES = 128L << 20;

    private final Environment environment;
    private final EntityStore store;
    private final PrimaryIndex<Long, JeUser> users;
    private final SecondaryIndex<String, Long, JeUser> usersByEmail;
    private final SecondaryIndex<String, Long, JeUser> usersByStatus;
    private final PrimaryIndex<JeOrderKey, JeOrder> orders;
    private final PrimaryIndex<String, JeCounter> counters;

    BerkeleyJeContender(Path dir) {
        EnvironmentConfig config = new EnvironmentConfig().setAllowCreate(true).setTransactional(true);
        config.setDurability(Durability.COMMIT_WRITE_NO_SYNC);
        config.setCacheSize(CACHE_BYTES);
        this.environment = new Environment(dir.toFile(), config);
        this.store = new EntityStore(environment, "shop",
                new StoreConfig().setAllowCreate(true).setTransactional(true));
        this.users = store.getPrimaryIndex(Long.class, JeUser.class);
        this.usersByEmail = store.getSecondaryIndex(users, String.class, "email");
        this.usersByStatus = store.getSecondaryIndex(users, String.class, "status");
        this.orders = store.getPrimaryIndex(JeOrderKey.class, JeOrder.class);
        this.counters = store.getPrimaryIndex(String.class, JeCounter.class);
    }

    @Override
    public void insertUser(User user) {
        inTransaction(txn -> {
            insertUser(txn, user);
            return null;
        });
    }

    @Override
    public void insertUsers(List<User> batch) {
        inTransaction(txn -> {
            for (User user : batch) {
                insertUser(txn, user);
            }
            return null;
        });
    }

    private void insertUser(Transaction txn, User user) {
        // putNoOverwrite fails on a taken id; the one-to-one email key throws on a taken email.
        if (!users.putNoOverwrite(txn, new JeUser(user.id(), user.email(), user.name(), user.status().name()))) {
            throw new IllegalStateException("user " + user.id() + " exists");
        }
        add(txn, "total", 1);
        add(txn, "byStatus/" + user.status().name(), 1);
    }

    @Override
    public void insertOrder(Order order) {
        inTransaction(txn -> {
            JeOrderKey key = new JeOrderKey(order.userId(), order.orderId());
            if (!orders.putNoOverwrite(txn, new JeOrder(key, order.day().toEpochDay(), order.totalCents()))) {
                throw new IllegalStateException("order " + order + " exists");
            }
            add(txn, "revenueByDay/" + order.day().toEpochDay(), order.totalCents());
            return null;
        });
    }

    @Override
    public User findUser(long id) {
        return toUser(users.get(id));
    }

    @Override
    public User findUserByEmail(String email) {
        return toUser(usersByEmail.get(email));
    }

    @Override
    public List<Order> ordersOf(long userId) {
        List<Order> found = new ArrayList<>();
        try (EntityCursor<JeOrder> cursor = orders.entities(new JeOrderKey(userId, 0), true,
                new JeOrderKey(userId, Long.MAX_VALUE), true)) {
            for (JeOrder order : cursor) {
                found.add(new Order(order.key().userId(), order.key().orderId(), LocalDate.ofEpochDay(order.day()),
                        order.totalCents()));
            }
        }
        return found;
    }

    /** {@inheritDoc} A cursor on the status key's duplicates, which JE keeps in primary key order. */
    @Override
    public List<User> usersWithStatus(User.Status status, int limit) {
        List<User> found = new ArrayList<>(limit);
        try (EntityCursor<JeUser> cursor = usersByStatus.subIndex(status.name()).entities()) {
            for (JeUser user = cursor.next(); user != null && found.size() < limit; user = cursor.next()) {
                found.add(toUser(user));
            }
        }
        return found;
    }

    @Override
    public boolean updateStatus(long id, User.Status status) {
        return inTransaction(txn -> {
            JeUser user = users.get(txn, id, LockMode.RMW);
            if (user == null) {
                return false;
            }
            String old = user.status();
            user.setStatus(status.name());
            users.put(txn, user);
            if (!old.equals(status.name())) {
                add(txn, "byStatus/" + old, -1);
                add(txn, "byStatus/" + status.name(), 1);
            }
            return true;
        });
    }

    @Override
    public long countByStatus(User.Status status) {
        JeCounter counter = counters.get("byStatus/" + status.name());
        return counter == null ? 0 : counter.value();
    }

    /** The size of the open environment's cache in bytes, for the test that checks the setting. */
    long cacheBytes() {
        return environment.getConfig().getCacheSize();
    }

    @Override
    public void close() {
        store.close();
        environment.close();
    }

    /** Runs {@code work} in a new transaction: committed if it returns, aborted if it throws. */
    private <T> T inTransaction(Function<Transaction, T> work) {
        Transaction txn = environment.beginTransaction(null, null);
        boolean committed = false;
        try {
            T result = work.apply(txn);
            txn.commit();
            committed = true;
            return result;
        } finally {
            if (!committed) {
                txn.abort();
            }
        }
    }

    private void add(Transaction txn, String key, long delta) {
        JeCounter counter = counters.get(txn, key, LockMode.RMW);
        if (counter == null) {
            counter = new JeCounter(key, 0);
        }
        counter.add(delta);
        counters.put(txn, counter);
    }

    private static User toUser(JeUser user) {
        return user == null ? null
                : new User(user.id(), user.email(), user.name(), User.Status.valueOf(user.status()));
    }
}
