package io.kvmapper.benchmarks;

import io.kvmapper.benchmarks.shop.Order;
import io.kvmapper.benchmarks.shop.User;
import java.time.LocalDate;

/** The e-commerce data set: deterministic users and orders, identical for every contender. */
public final class Workload {
    /** Orders per user for the users that have orders. */
    public static final int ORDERS_PER_USER = 100;

    private static final User.Status[] STATUSES = User.Status.values();
    private static final LocalDate FIRST_DAY = LocalDate.of(2026, 1, 1);

    private Workload() {
    }

    /** User {@code id}. */
    public static User user(long id) {
        return new User(id, email(id), "User " + id, status(id));
    }

    /** The email of user {@code id}. */
    public static String email(long id) {
        return "user" + id + "@example.com";
    }

    /** A status picked by {@code n}: one of the three, round robin. */
    public static User.Status status(long n) {
        return STATUSES[(int) Math.floorMod(n, (long) STATUSES.length)];
    }

    /** Order {@code orderId} of user {@code userId}. */
    public static Order order(long userId, long orderId) {
        return new Order(userId, orderId, FIRST_DAY.plusDays(orderId % 365), 100 + (orderId * 37 + userId) % 10_000);
    }

    /**
     * Loads users {@code 0..users-1}, and {@link #ORDERS_PER_USER} orders for each of the first
     * {@code usersWithOrders}, one insert at a time through the contender's own write path.
     */
    public static void load(Contender contender, int users, int usersWithOrders) {
        for (long id = 0; id < users; id++) {
            contender.insertUser(user(id));
        }
        for (long userId = 0; userId < usersWithOrders; userId++) {
            for (long orderId = 0; orderId < ORDERS_PER_USER; orderId++) {
                contender.insertOrder(order(userId, orderId));
            }
        }
    }
}
