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

    /**
     * The order in which the workload's user ids come: {@code sequential} (user {@code n} has id
     * {@code n}, so every insert appends at the end of the key range and neighbours in time are
     * neighbours in the store) or {@code random} ({@code n} is scattered over the positive longs by a
     * fixed bijection, so that the ids, and the emails made from them, come in random order, as an
     * application's random or hashed ids do). Both give every contender the same ids.
     */
    public enum KeyOrder {
        /** Id {@code n} for the {@code n}-th user. */
        SEQUENTIAL,
        /** A scattered positive id for the {@code n}-th user: distinct, in random order. */
        RANDOM;

        private static final long POSITIVE = Long.MAX_VALUE;

        /** The key order named {@code name}, {@code sequential} or {@code random} (a JMH parameter's value). */
        public static KeyOrder named(String name) {
            return switch (name) {
                case "sequential" -> SEQUENTIAL;
                case "random" -> RANDOM;
                default -> throw new IllegalArgumentException("unknown key order " + name);
            };
        }

        /** The id of the {@code n}-th user, for {@code 0 <= n < 2^63}. */
        public long id(long n) {
            return this == SEQUENTIAL ? n : scatter(n);
        }

        /**
         * A bijection of {@code [0, 2^63)}: an added constant, then SplitMix64's finalizer with every
         * step taken modulo 2^63 (a product by an odd number and an xor with a right shift of itself are
         * each one-to-one there), so distinct {@code n} give distinct ids.
         */
        private static long scatter(long n) {
            long x = (n + 0x9E3779B97F4A7C15L) & POSITIVE;
            x = ((x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L) & POSITIVE;
            x = ((x ^ (x >>> 27)) * 0x94D049BB133111EBL) & POSITIVE;
            return x ^ (x >>> 31);
        }
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
        load(contender, KeyOrder.SEQUENTIAL, users, usersWithOrders);
    }

    /**
     * Loads users {@code keys.id(0) .. keys.id(users-1)} in that order, and {@link #ORDERS_PER_USER}
     * orders for each of the first {@code usersWithOrders} of them, one insert at a time through the
     * contender's own write path.
     */
    public static void load(Contender contender, KeyOrder keys, int users, int usersWithOrders) {
        for (long n = 0; n < users; n++) {
            contender.insertUser(user(keys.id(n)));
        }
        for (long n = 0; n < usersWithOrders; n++) {
            long userId = keys.id(n);
            for (long orderId = 0; orderId < ORDERS_PER_USER; orderId++) {
                contender.insertOrder(order(userId, orderId));
            }
        }
    }
}
