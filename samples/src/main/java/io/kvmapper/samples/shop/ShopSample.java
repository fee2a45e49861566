package io.kvmapper.samples.shop;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.samples.Sample;
import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/** Users and their orders: inserts, batched reads, newest-first order history, atomic units of work. */
public final class ShopSample implements Sample {
    private static final Instant T0 = Instant.parse("2026-11-01T09:00:00Z");

    @Override
    public String title() {
        return "Shop: users and their orders, newest first";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        UserRepository users = new UserRepository(store);
        OrderRepository orders = new OrderRepository(store);

        users.save(new User(1, "ada@example.com", "Ada", Status.ACTIVE, new Address("1 Loop Rd", "London", "GB"), null));
        users.save(new User(2, "alan@example.com", "Alan", Status.ACTIVE, null, null));
        users.save(new User(3, "grace@example.com", "Grace", Status.SUSPENDED, null, null));
        out.println("saved 3 users (save inserts or replaces, so the job can run again on the same store)");
        try {
            users.insert(new User(1, "impostor@example.com", "Not Ada", Status.ACTIVE, null, null));
        } catch (DuplicateKeyException e) {
            out.println("a second insert of user 1 is refused: " + e.getMessage());
        }
        out.println("findAllById(3, 99, 1), one multi-get: "
                + users.findAllById(List.of(3L, 99L, 1L)).stream().map(User::name).toList());

        for (int i = 0; i < 12; i++) {
            Instant at = T0.plusSeconds(3_600L * i);
            long userId = 1 + i % 2;
            Order order = new Order(userId, at, "o-" + i, at.atZone(ZoneOffset.UTC).toLocalDate(), 1_000L + i * 250,
                    List.of(new LineItem("sku-" + i, 1 + i % 3, 1_000L)));
            // the order and the user's lastOrderAt change together, or not at all
            store.transact(tx -> {
                orders.with(tx).save(order);
                User user = users.with(tx).findById(userId).orElseThrow();
                users.with(tx).save(user.orderedAt(order.placedAt()));
            });
        }
        out.println("placed 12 orders, each in one unit of work with its user's lastOrderAt");
        out.println("Ada's last order at: " + users.findById(1).orElseThrow().lastOrderAt());

        Page<Order> newest = orders.findByUserId(1, PageRequest.ofSize(3));
        out.println("Ada's 3 newest orders: " + newest.items().stream().map(Order::orderId).toList());
        Page<Order> next = orders.findByUserId(1, PageRequest.resume(newest.continuation().orElseThrow(), 3));
        out.println("the 3 before those:    " + next.items().stream().map(Order::orderId).toList());
        List<Order> window = orders.findByUserIdAndPlacedAtBetween(2, T0.plusSeconds(3_600 * 3), T0.plusSeconds(3_600 * 9));
        out.println("Alan's orders from 12:00 (inclusive) to 18:00 (exclusive): "
                + window.stream().map(o -> o.orderId() + "@" + o.placedAt()).toList());
        long cents = orders.findByUserId(2).stream().mapToLong(Order::totalCents).sum();
        out.printf("Alan spent %d.%02d in %d orders%n", cents / 100, cents % 100, orders.findByUserId(2).size());
        out.println("deleting Grace: " + users.deleteById(3) + ", again: " + users.deleteById(3));
    }
}
