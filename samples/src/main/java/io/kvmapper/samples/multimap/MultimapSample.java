package io.kvmapper.samples.multimap;

import io.kvmapper.KvStore;
import io.kvmapper.Multimap;
import io.kvmapper.samples.Sample;
import java.io.PrintStream;

/**
 * The FoundationDB multimap recipe: each key maps to a multiset of values, every (key, value) pair one
 * item holding its count, so adds are read-free and one key's values come back with one range read.
 */
public final class MultimapSample implements Sample {
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
        out.println("alice removes her like: " + likes.remove("post-1", "alice") + ", and again: "
                + likes.remove("post-1", "alice"));
        out.println("now: " + likes.counts("post-1") + ", contains alice: " + likes.contains("post-1", "alice"));

        Multimap<String, String> owes = store.multimap("owes", String.class, String.class).allowingNegativeCounts();
        owes.removeAll("ann");
        owes.add("ann", "ben", 3);
        owes.remove("ann", "cleo");
        out.println("ann's ledger (negative counts are debts, removes are read-free): " + owes.counts("ann"));
    }
}
