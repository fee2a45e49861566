package io.kvmapper.benchmarks.cassandra;

import io.kvmapper.benchmarks.shop.User;
import java.util.List;

/**
 * The workload's operations on Cassandra, as each contender performs them with the same guarantees: the email
 * is claimed with {@code INSERT ... IF NOT EXISTS} (two users never share one), a user is inserted with
 * {@code IF NOT EXISTS} (a taken id is refused), a status change is checked against the status read (so the
 * index entry and the counters move exactly once), reads and writes at {@code LOCAL_QUORUM}, lightweight
 * transactions at {@code LOCAL_SERIAL}. Safe for use by several threads at once.
 */
interface ShopOnCassandra extends AutoCloseable {
    /** Inserts a new user, its email and status entries, and adds to both counters; fails on a taken id or email. */
    void insertUser(User user);

    /** The user with this id, or null. */
    User findUser(long id);

    /** The user holding this email, through the unique index, or null. */
    User findUserByEmail(String email);

    /** The first {@code n} users with this status, by id. */
    List<User> firstByStatus(User.Status status, int n);

    /** Sets a user's status, moving its index entry and counter group; false if there is no such user. */
    boolean updateStatus(long id, User.Status status);

    /** The number of users with this status, read from its counter. */
    long countByStatus(User.Status status);

    @Override
    void close();
}
