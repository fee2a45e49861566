package io.kvmapper.samples.shop;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.OptimisticLockException;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.StoredKeys;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.tuple.Tuples;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * The seed article on key-value data modelling, end to end: users with unique email and username
 * indexes, users by status, total users and users per status, orders per user, revenue per day, and
 * a manual reconciliation run. The article's failure modes (orphaned index entries, uniqueness races,
 * counters that drift, non-atomic updates) are each shown not to happen, or to be found and fixed.
 */
public final class ShopSample implements Sample {
    private static final Instant T0 = Instant.parse("2026-11-01T09:00:00Z");
    private static final LocalDate NOV_2 = LocalDate.of(2026, 11, 2);
    private static final int SIGN_UP_THREADS = 8;

    @Override
    public String title() {
        return "Shop: the seed article's users and orders, with unique indexes, counters and reconciliation";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        UserRepository users = new UserRepository(store);
        OrderRepository orders = new OrderRepository(store);
        // A store written by an older version of this sample has users but not these indexes and
        // counters: they are built online from its records. Wait for that before using them.
        if (!store.awaitSchemaBuilds(Duration.ofMinutes(1))) {
            throw new IllegalStateException("the shop's indexes and counters were not built within a minute");
        }
        startEmpty(users, orders, out);
        uniqueEmailsAndUsernames(store, users, out);
        usersByStatus(users, out);
        ordersPerUserAndRevenuePerDay(store, users, orders, out);
        optimisticLocking(users, out);
        reconciliation(store, users, orders, out);
        deleting(users, out);
    }

    /** Deletes what an earlier run left, through the repositories, so its index entries and counters go too. */
    private static void startEmpty(UserRepository users, OrderRepository orders, PrintStream out) {
        List<Long> userIds;
        try (Stream<User> all = users.findAll()) {
            userIds = all.map(User::id).toList();
        }
        userIds.forEach(users::deleteById);
        List<Order> leftOrders;
        try (Stream<Order> all = orders.findAll()) {
            leftOrders = all.toList();
        }
        leftOrders.forEach(o -> orders.deleteById(o.userId(), o.placedAt(), o.orderId()));
        out.printf("starting from an empty shop: deleted %d users and %d orders an earlier run left; users now: %d%n",
                userIds.size(), leftOrders.size(), users.countTotal());
    }

    private static void uniqueEmailsAndUsernames(KvStore store, UserRepository users, PrintStream out) {
        out.println("-- users with a unique email and a unique username");
        User ada = users.save(User.of(1, "ada@example.com", "ada", "Ada", Status.ACTIVE,
                new Address("1 Loop Rd", "London", "GB")));
        users.save(User.of(2, "alan@example.com", "alan", "Alan", Status.ACTIVE, null));
        users.save(User.of(3, "grace@example.com", "grace", "Grace", Status.SUSPENDED, null));
        out.println("saved Ada, Alan and Grace; save returns the stored copy, and Ada's is at version " + ada.version());
        try {
            users.insert(User.of(1, "impostor@example.com", "impostor", "Not Ada", Status.ACTIVE, null));
        } catch (DuplicateKeyException e) {
            out.println("a second insert of user 1 is refused: " + e.getMessage());
        }
        try {
            users.insert(User.of(4, "ada@example.com", "mallory", "Mallory", Status.ACTIVE, null));
        } catch (UniqueConstraintException e) {
            out.println("Mallory signing up with Ada's email is refused: " + e.getMessage());
        }
        out.printf("  and the store is unchanged: %d users, user 4 exists: %b, findByUsername(\"mallory\"): %s,"
                + " ada@example.com belongs to %s%n", users.countTotal(), users.existsById(4),
                users.findByUsername("mallory"), users.findByEmail("ada@example.com").orElseThrow().name());
        try {
            users.updateUsername(2, "ada");
        } catch (UniqueConstraintException e) {
            out.println("Alan taking the username \"ada\" with updateUsername is refused: " + e.getMessage());
        }
        out.println("  Alan's username is still " + users.findById(2).orElseThrow().username());

        int won = signUpConcurrently(store, users);
        out.printf("%d threads sign up with hopper@example.com at once: %d succeeded, %d were refused;"
                + " findByEmail finds %s%n", SIGN_UP_THREADS, won, SIGN_UP_THREADS - won,
                users.findByEmail("hopper@example.com").orElseThrow().name());
        out.println("findByEmail(\"grace@example.com\"): " + users.findByEmail("grace@example.com").orElseThrow().name()
                + ", findByUsername(\"alan\"): " + users.findByUsername("alan").orElseThrow().name()
                + ", findByEmail(\"nobody@example.com\"): " + users.findByEmail("nobody@example.com"));
        out.println("findAllById(3, 99, 1), one multi-get: "
                + users.findAllById(List.of(3L, 99L, 1L)).stream().map(User::name).toList());
    }

    /**
     * The seed article's uniqueness race: several writers claim one email at the same moment. The claim
     * is checked inside each writer's transaction, so exactly one commits and the others are refused.
     *
     * @return how many sign-ups succeeded
     */
    private static int signUpConcurrently(KvStore store, UserRepository users) {
        ExecutorService threads = Executors.newFixedThreadPool(SIGN_UP_THREADS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Boolean>> outcomes = new ArrayList<>();
            for (int i = 0; i < SIGN_UP_THREADS; i++) {
                long id = 10 + i;
                outcomes.add(threads.submit(() -> {
                    start.await();
                    try {
                        users.insert(User.of(id, "hopper@example.com", "hopper" + id, "Hopper", Status.ACTIVE, null));
                        return true;
                    } catch (UniqueConstraintException e) {
                        return false;
                    }
                }));
            }
            start.countDown();
            int won = 0;
            for (Future<Boolean> outcome : outcomes) {
                won += outcome.get() ? 1 : 0;
            }
            return won;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while users signed up", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a sign-up failed otherwise than by the unique email", e.getCause());
        } finally {
            threads.shutdown();
        }
    }

    private static void usersByStatus(UserRepository users, PrintStream out) {
        out.println("-- users by status, total users and users per status");
        out.println("active users (index 'status'): " + users.findByStatus(Status.ACTIVE).stream().map(User::name).toList());
        out.println("users: " + users.countTotal() + ", per status: " + users.countByStatus()
                + ", suspended (one read): " + users.countByStatus(Status.SUSPENDED));
        // updateStatus is a read-modify-write in one transaction: the record, the index entry and both
        // counter groups change together (the article's change_user_status, without its race)
        out.println("Grace reinstated with updateStatus(3, ACTIVE): " + users.updateStatus(3, Status.ACTIVE)
                + "; per status now " + users.countByStatus() + ", suspended: " + users.countByStatus(Status.SUSPENDED)
                + " (a group that reaches zero is removed)");
        out.println("active users: " + users.findByStatus(Status.ACTIVE).stream().map(User::name).toList()
                + ", suspended: " + users.findByStatus(Status.SUSPENDED).stream().map(User::name).toList());
        out.println("updateStatus(99, CLOSED) for a user who does not exist: " + users.updateStatus(99, Status.CLOSED));
    }

    private static void ordersPerUserAndRevenuePerDay(KvStore store, UserRepository users, OrderRepository orders,
            PrintStream out) {
        out.println("-- orders per user, revenue per day");
        for (int i = 0; i < 12; i++) {
            Instant at = T0.plusSeconds(4 * 3_600L * i);
            long userId = 1 + i % 2;
            Order order = new Order(userId, at, "o-" + i, at.atZone(ZoneOffset.UTC).toLocalDate(), 1_000L + i * 250,
                    List.of(new LineItem("sku-" + i, 1 + i % 3, 1_000L)));
            // the order, its counters and the user's lastOrderAt change together, or not at all
            store.transact(tx -> {
                orders.with(tx).save(order);
                User user = users.with(tx).findById(userId).orElseThrow();
                users.with(tx).save(user.orderedAt(order.placedAt()));
            });
        }
        out.println("placed 12 orders over three days, each in one unit of work with its user's lastOrderAt");
        out.println("Ada's last order at: " + users.findById(1).orElseThrow().lastOrderAt());

        Page<Order> newest = orders.findByUserId(1, PageRequest.ofSize(3));
        out.println("Ada's 3 newest orders: " + newest.items().stream().map(Order::orderId).toList());
        Page<Order> next = orders.findByUserId(1, PageRequest.resume(newest.continuation().orElseThrow(), 3));
        out.println("the 3 before those:    " + next.items().stream().map(Order::orderId).toList());
        Instant nov2 = NOV_2.atStartOfDay(ZoneOffset.UTC).toInstant();
        List<Order> window = orders.findByUserIdAndPlacedAtBetween(2, nov2, nov2.plus(Duration.ofDays(1)));
        out.println("Alan's orders on " + NOV_2 + ", newest first: " + window.stream().map(Order::orderId).toList());
        long cents = orders.findByUserId(2).stream().mapToLong(Order::totalCents).sum();
        out.printf("Alan spent %s in %d orders (counter 'byUser', one read: %d)%n", money(cents),
                orders.findByUserId(2).size(), orders.countByUser(2));
        out.println("orders per user (one scan): " + orders.countByUser());
        out.println("revenue on " + NOV_2 + " (one read): " + money(orders.sumRevenueByDay(NOV_2)));
        out.println("revenue per day in cents (one scan): " + orders.sumRevenueByDay());
    }

    private static void optimisticLocking(UserRepository users, PrintStream out) {
        out.println("-- optimistic locking (@Version)");
        User first = users.findById(1).orElseThrow();
        User second = users.findById(1).orElseThrow();
        out.println("two screens load Ada at version " + first.version() + " (each of her orders saved her once)");
        User saved = users.save(first.named("Ada Lovelace"));
        out.println("the first saves a new name: the store now holds version " + saved.version()
                + ", and the first screen's own copy still says " + first.version());
        try {
            users.save(second.named("Countess of Lovelace"));
        } catch (OptimisticLockException e) {
            out.println("the second saves its copy and is refused: " + e.getMessage());
        }
        out.println("Ada's name in the store: " + users.findById(1).orElseThrow().name());
    }

    /**
     * The article's "periodic reconciliation job": recompute every index entry and counter from the
     * records and compare. Then a counter is made to drift on purpose, to show what verify() reports and
     * how repair() fixes it.
     */
    private static void reconciliation(KvStore store, UserRepository users, OrderRepository orders, PrintStream out) {
        out.println("-- reconciliation");
        out.println("users.verify(): " + summary(users.verify()));
        out.println("orders.verify(): " + summary(orders.verify()));

        // THIS SIMULATES A BUG. Nothing in KV Mapper changes a counter outside the transaction that
        // changes its records; here we write to the counter group of revenue on 2 November directly,
        // under its documented key ((entity, <counters>, counter), group...), as a buggy tool might.
        byte[] revenueOnNov2 = StoredKeys.keysOfIndexOrCounter(store, "Order", "revenueByDay", NOV_2).get(0);
        store.transact(tx -> {
            tx.unwrap(KvTransaction.class).add(revenueOnNov2, 500);
        });
        out.println("simulated bug: 5.00 added to " + Tuples.toString(revenueOnNov2) + " behind the mapper's back;"
                + " revenue on " + NOV_2 + " now reads " + money(orders.sumRevenueByDay(NOV_2)));
        IntegrityReport found = orders.verify();
        out.println("orders.verify(): " + summary(found));
        found.problems().forEach(problem -> out.println("  " + problem));
        IntegrityReport repaired = orders.repair(progress -> {
            if (progress.finished()) {
                out.println("  progress: " + progress.task() + " " + progress.entity() + " finished after "
                        + progress.processed() + " records");
            }
        });
        out.println("orders.repair(): " + repaired.repaired() + " repaired; revenue on " + NOV_2 + " reads "
                + money(orders.sumRevenueByDay(NOV_2)) + " again; orders.verify(): " + summary(orders.verify()));
    }

    private static void deleting(UserRepository users, PrintStream out) {
        out.println("-- deleting");
        out.println("deleting Grace: " + users.deleteById(3) + ", again: " + users.deleteById(3));
        out.println("users: " + users.countTotal() + ", per status: " + users.countByStatus()
                + "; grace@example.com is free again: " + users.findByEmail("grace@example.com").isEmpty()
                + "; users.verify(): " + summary(users.verify()));
    }

    private static String summary(IntegrityReport report) {
        return report.isClean() ? "clean, " + report.recordsChecked() + " records checked"
                : report.problemCount() + " problem(s) in " + report.recordsChecked() + " records";
    }

    private static String money(long cents) {
        return String.format("%d.%02d", cents / 100, cents % 100);
    }
}
