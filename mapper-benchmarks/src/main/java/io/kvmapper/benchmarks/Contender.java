package io.kvmapper.benchmarks;

import io.kvmapper.benchmarks.shop.Order;
import io.kvmapper.benchmarks.shop.User;
import java.util.List;

/**
 * One way of storing the workload: every contender does the same work per operation, with the write-ahead
 * log on and no fsync per commit. Single-threaded use, except that {@link ConcurrentStoreBenchmark} shares
 * {@code raw} and the mapper's contenders between reader threads and one writer thread; {@link #close()}
 * releases the store.
 */
public interface Contender extends AutoCloseable {
    /** Inserts a new user with its email and status entries and both counters; fails if the id or email is taken. */
    void insertUser(User user);

    /**
     * Inserts new users as {@link #insertUser} does, all in one unit of work (one transaction, or one
     * write batch): the bulk load's step.
     */
    void insertUsers(List<User> users);

    /** Inserts a new order and adds its total to the day's revenue; fails if the key is taken. */
    void insertOrder(Order order);

    /** The user with this id, or null. */
    User findUser(long id);

    /** The user with this email, through the unique index, or null. */
    User findUserByEmail(String email);

    /** Every order of this user, in order id order. */
    List<Order> ordersOf(long userId);

    /**
     * The first {@code limit} users with this status in user id order, through the status index: every
     * contender returns the same users in the same order (ids are non-negative, and every store orders
     * them as numbers).
     */
    List<User> usersWithStatus(User.Status status, int limit);

    /** Sets one user's status, moving its index entry and counter groups; false if there is no such user. */
    boolean updateStatus(long id, User.Status status);

    /** The number of users with this status. */
    long countByStatus(User.Status status);

    /**
     * Where the store's native memory goes, for the bulk load's report; empty for stores that do not
     * say. The RocksDB contenders give RocksDB's own accounting of its memtables (including those kept
     * after a flush), table readers (index and filter blocks) and block cache.
     */
    default String memoryReport() {
        return "";
    }

    @Override
    void close();
}
