package io.kvmapper.samples.shop;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.samples.Sample;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Query interfaces over the shop ({@link UserQueries}, {@link OrderQueries}): derived methods the processor
 * implements, each served by the key or an index, checked when the sample compiles. Users by age range, by name
 * prefix and of several statuses; a user's newest orders, and several users' orders merged newest first.
 */
public final class ShopQueriesSample implements Sample {
    private static final long FIRST_ID = 100;
    private static final Instant T0 = Instant.parse("2026-12-01T09:00:00Z");

    @Override
    public String title() {
        return "Shop queries: derived query methods served by the key and indexes, checked at compile time";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        UserQueries users = new UserQueries_Impl(store);
        OrderQueries orders = new OrderQueries_Impl(store);
        // a store written before User had the indexes 'age' and 'name' builds them online from its records
        if (!store.awaitSchemaBuilds(Duration.ofMinutes(1))) {
            throw new IllegalStateException("the users' indexes were not built within a minute");
        }
        // what an interrupted earlier run may have left
        orders.deleteByUserIdGreaterThanEqual(FIRST_ID);
        users.deleteByIdGreaterThanEqual(FIRST_ID);
        List<User> people = List.of(
                User.of(100, "margaret@example.com", "margaret", "Margaret", 34, Status.ACTIVE, null),
                User.of(101, "mary@example.com", "mary", "Mary", 28, Status.SUSPENDED, null),
                User.of(102, "marie@example.com", "marie", "Marie", 41, Status.ACTIVE, null),
                User.of(103, "tim@example.com", "tim", "Tim", 36, Status.CLOSED, null),
                User.of(104, "hedy@example.com", "hedy", "Hedy", 25, Status.SUSPENDED, null));
        people.forEach(users::save);

        List<String> thirties = names(users.findByAgeBetween(30, 40));
        out.println("users aged 30 to 40, youngest first (index 'age', one range): " + thirties);
        equal("users aged 30 to 40", List.of("Margaret", "Tim"), thirties);
        List<String> mar = names(users.findByNameStartingWith("Mar"));
        out.println("names starting with \"Mar\" (index 'name', StartingWith): " + mar);
        equal("names starting with Mar", List.of("Margaret", "Marie", "Mary"), mar);
        List<Status> statuses = List.of(Status.SUSPENDED, Status.CLOSED);
        List<String> inactive = names(users.findByStatusIn(statuses));
        out.println("users SUSPENDED or CLOSED (one scan of index 'status' per status, merged by id): " + inactive);
        equal("users of two statuses", List.of("Mary", "Tim", "Hedy"), inactive);
        Page<User> first = users.findByStatusIn(statuses, PageRequest.ofSize(2));
        Page<User> second = users.findByStatusIn(statuses, PageRequest.resume(first.continuation().orElseThrow(), 2));
        out.println("the same, two per page: " + names(first.items()) + " then " + names(second.items()));
        equal("the second page", List.of("Hedy"), names(second.items()));
        out.println("suspended users (counter 'byStatus', one read): " + users.countByStatus(Status.SUSPENDED)
                + "; tim@example.com taken (unique index 'email'): " + users.existsByEmail("tim@example.com"));

        for (int i = 0; i < 5; i++) {
            Instant at = T0.plusSeconds(3600L * i);
            orders.save(new Order(100, at, "q-" + i, at.atZone(ZoneOffset.UTC).toLocalDate(), 500 + i, List.of()));
            Instant later = at.plusSeconds(1800);
            orders.save(new Order(101, later, "r-" + i, later.atZone(ZoneOffset.UTC).toLocalDate(), 700 + i,
                    List.of()));
        }
        List<String> newest = ids(orders.findTop3ByUserId(100));
        out.println("Margaret's 3 newest orders (the key is newest first; the scan stops after 3): " + newest);
        equal("Margaret's newest orders", List.of("q-4", "q-3", "q-2"), newest);
        String oldest = orders.findFirstByUserIdOrderByPlacedAtAsc(100).orElseThrow().orderId();
        out.println("Margaret's oldest order (the same key prefix, in reverse): " + oldest);
        equal("Margaret's oldest order", "q-0", oldest);
        List<String> both = ids(orders.findByUserIdInOrderByPlacedAtDesc(List.of(100L, 101L)));
        out.println("Margaret's and Mary's orders, newest first (one scan per user, merged by time): "
                + both.subList(0, 4) + " ...");
        equal("two users' orders merged newest first", List.of("r-4", "q-4", "r-3", "q-3"), both.subList(0, 4));
        equal("two users' orders", 10, both.size());

        long deletedOrders = orders.deleteByUserIdGreaterThanEqual(FIRST_ID);
        long deletedUsers = users.deleteByIdGreaterThanEqual(FIRST_ID);
        out.printf("deleteBy: %d orders and %d users deleted, with their index entries and counts; suspended users"
                + " now: %d%n", deletedOrders, deletedUsers, users.countByStatus(Status.SUSPENDED));
        equal("suspended users after the delete", 0L, users.countByStatus(Status.SUSPENDED));
    }

    private static List<String> names(List<User> users) {
        return users.stream().map(User::name).toList();
    }

    private static List<String> ids(List<Order> orders) {
        return orders.stream().map(Order::orderId).toList();
    }
}
