package io.kvmapper.samples.multimap;

import io.kvmapper.spi.KvBackend;
import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Multimap;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.StoredKeys;
import io.kvmapper.tuple.Tuples;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The FoundationDB multimap recipe: each key maps to a multiset of values, every (key, value) pair one
 * item holding its count, so adds are read-free and one key's values come back with one range read.
 * Every operation of the recipe appears: add, subtract (deleting the pair at zero, to keep the
 * representation sparse), get, get with counts, is-element, adds from many clients at once, and
 * negative counts.
 */
public final class MultimapSample implements Sample {
    private static final int CLIENTS = 8;
    private static final int ADDS_PER_CLIENT = 500;

    @Override
    public String title() {
        return "Multimap with multiset values: who likes which posts, and debts between friends";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        Multimap<String, String> likes = store.multimap("likes", String.class, String.class);
        likes.removeAll("post-1");
        likes.add("post-1", "carol");
        likes.add("post-1", "alice");
        likes.add("post-1", "carol");
        likes.add("post-1", "bob");
        out.println("post-1 is liked by (distinct, in order, one range read): " + likes.get("post-1"));
        out.println("with counts: " + likes.counts("post-1"));
        equal("post-1's counts", Map.of("alice", 1L, "bob", 1L, "carol", 2L), likes.counts("post-1"));
        out.println("its items, one per (key, value), each holding its count: "
                + StoredKeys.ofMultimap(store, "likes", "post-1"));
        if (store.unwrap(KvBackend.class).detectsConflicts()) {
            out.println("alice removes her like: " + likes.remove("post-1", "alice") + ", and again: "
                    + likes.remove("post-1", "alice"));
            out.println("now: " + likes.counts("post-1") + ", contains alice: " + likes.contains("post-1", "alice"));
            List<String> items = StoredKeys.ofMultimap(store, "likes", "post-1");
            out.println("alice's item is gone, the representation stays sparse: " + items);
            equal("post-1's items after alice's remove", 2, items.size());
        } else {
            // remove reads the count before changing it, which is only safe where transactions detect conflicts
            try {
                likes.remove("post-1", "alice");
                throw new IllegalStateException("a reading remove was allowed on " + store.unwrap(KvBackend.class));
            } catch (InvalidRequestException refused) {
                out.println("remove, which reads the count first, is refused here: " + refused.getMessage());
            }
            likes.allowingNegativeCounts().remove("post-1", "alice");
            out.println("alice removes her like with the read-free remove: " + likes.counts("post-1")
                    + ", contains alice: " + likes.contains("post-1", "alice"));
            equal("post-1's counts after alice's remove", Map.of("bob", 1L, "carol", 2L), likes.counts("post-1"));
            equal("post-1 contains alice", false, likes.contains("post-1", "alice"));
            out.println("its items (a pair at zero may stay, reading as zero: deleting a counter here could swallow a"
                    + " concurrent add): " + StoredKeys.ofMultimap(store, "likes", "post-1"));
        }

        likes.removeAll("post-2");
        int added = addConcurrently(likes);
        out.printf("%d clients add (post-2, dave) %d times each at once: count %d, every add counted (an add is"
                + " a read-free atomic increment, so concurrent adds never conflict)%n", CLIENTS, ADDS_PER_CLIENT, likes.count("post-2", "dave"));
        equal("dave's likes of post-2", (long) added, likes.count("post-2", "dave"));

        Multimap<String, String> owes = store.multimap("owes", String.class, String.class).allowingNegativeCounts();
        owes.removeAll("ann");
        owes.add("ann", "ben", 3);
        owes.remove("ann", "cleo");
        out.println("ann's ledger (negative counts are debts, removes are read-free): " + owes.counts("ann"));
        equal("ann's ledger", Map.of("ben", 3L, "cleo", -1L), owes.counts("ann"));
    }

    /** Adds from several threads at once; returns how many adds were made. */
    private static int addConcurrently(Multimap<String, String> likes) {
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                done.add(clients.submit(() -> {
                    start.await();
                    for (int n = 0; n < ADDS_PER_CLIENT; n++) {
                        likes.add("post-2", "dave");
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> client : done) {
                client.get();
            }
            return CLIENTS * ADDS_PER_CLIENT;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while clients added", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("an add failed", e.getCause());
        } finally {
            clients.shutdown();
        }
    }
}
