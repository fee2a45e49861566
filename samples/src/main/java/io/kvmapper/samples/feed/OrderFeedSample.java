package io.kvmapper.samples.feed;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.Change;
import io.kvmapper.KvStore;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.SampleClock;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/**
 * An order feed consumed by a second service: the orders service writes {@link PlacedOrder}s, whose
 * {@code @ChangeFeed} records every committed change in the same unit of work; the {@link Warehouse}, which knows
 * nothing of the orders service, follows the feed from a continuation it stores with its own writes, and keeps
 * its pick list of paid orders. It is restarted (a new instance reading its place from the store, as another
 * process would) and carries on where it stopped, and a poll with nothing new keeps its place. The orders service
 * also listens to its own commits in this process ({@code onChange}), which it hears in commit order.
 */
public final class OrderFeedSample implements Sample {
    private static final Instant NOON = Instant.parse("2026-11-22T12:00:00Z");

    private final SampleClock clock;

    /** The sample, on a store whose clock is {@code clock}. */
    public OrderFeedSample(SampleClock clock) {
        this.clock = clock;
    }

    @Override
    public String title() {
        return "An order feed: a second service follows the orders' change feed from a stored continuation";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        clock.set(NOON);
        PlacedOrderRepository orders = new PlacedOrderRepository(store);
        List<String> left;
        try (Stream<PlacedOrder> all = orders.findAll()) {
            left = all.map(PlacedOrder::id).toList();
        }
        left.forEach(orders::deleteById);
        Warehouse warehouse = new Warehouse(store);
        warehouse.reset();
        warehouse.startFromNow();

        List<String> heard = Collections.synchronizedList(new ArrayList<>());
        try (AutoCloseable listening = orders.onChange(change -> heard.add(describe(change)))) {
            orders.insert(new PlacedOrder("o-1", "ada", Status.OPEN, 2_500));
            orders.insert(new PlacedOrder("o-2", "bob", Status.OPEN, 1_200));
            orders.insert(new PlacedOrder("o-3", "cyd", Status.OPEN, 900));
            orders.insert(new PlacedOrder("o-4", "dee", Status.OPEN, 4_000));
            orders.updateStatus("o-1", Status.PAID);
            orders.updateStatus("o-2", Status.PAID);
            orders.deleteById("o-3");
            out.println("the orders service placed 4 orders, took payment for 2 and cancelled 1");

            int first = warehouse.poll();
            out.println("the warehouse applied " + first + " changes; to pick: " + warehouse.pickList());
            equal("changes the warehouse applied", 7, first);
            equal("the pick list", List.of("o-1 (ada)", "o-2 (bob)"), warehouse.pickList());

            orders.updateStatus("o-1", Status.SHIPPED);
            orders.updateStatus("o-4", Status.PAID);
            Warehouse restarted = new Warehouse(store);
            int second = restarted.poll();
            out.println("restarted, it resumes from its stored continuation: " + second + " changes; to pick: "
                    + restarted.pickList());
            equal("changes after the restart", 2, second);
            equal("the pick list after the restart", List.of("o-2 (bob)", "o-4 (dee)"), restarted.pickList());

            String place = restarted.continuation().orElseThrow();
            int none = restarted.poll();
            out.println("caught up: a poll applies " + none + " changes and keeps its place: "
                    + place.equals(restarted.continuation().orElseThrow()));
            equal("changes when caught up", 0, none);

            for (int wait = 0; wait < 1_000 && heard.size() < 9; wait++) {
                Thread.sleep(10);
            }
            out.println("the orders service's listener heard its 9 commits in commit order: " + heard);
            equal("what the listener heard", List.of("PUT o-1 OPEN", "PUT o-2 OPEN", "PUT o-3 OPEN", "PUT o-4 OPEN",
                    "PUT o-1 PAID", "PUT o-2 PAID", "DELETE o-3", "PUT o-1 SHIPPED", "PUT o-4 PAID"), heard);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("the order feed sample was interrupted", e);
        }
    }

    private static String describe(Change<PlacedOrder> change) {
        return change.kind() + " " + change.key().get(0) + change.entity().map(o -> " " + o.status()).orElse("");
    }
}
