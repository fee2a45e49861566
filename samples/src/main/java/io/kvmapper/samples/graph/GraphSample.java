package io.kvmapper.samples.graph;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.StoredKeys;
import java.io.PrintStream;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The two-level map as a graph adjacency list (node id as the partition, neighbour ids as keys), with
 * the reverse direction kept by an index: out-neighbours, in-neighbours, degrees, paging through a
 * busy node, two hops, and removing an edge from both directions at once.
 */
public final class GraphSample implements Sample {
    private static final LocalDate DAY = LocalDate.of(2026, 11, 22);
    private static final List<String> NODES = List.of("ann", "ben", "cleo", "dev", "eve");

    @Override
    public String title() {
        return "Graph: an adjacency list with reverse lookups, degrees and two hops";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        FollowsRepository follows = new FollowsRepository(store);
        for (String node : NODES) {
            follows.findByFollower(node).forEach(e -> follows.deleteById(e.follower(), e.followee()));
        }
        Stream.of("ann>ben", "ann>cleo", "ben>cleo", "ben>dev", "cleo>ann", "dev>ann", "dev>cleo", "eve>ann",
                "eve>ben", "eve>cleo", "eve>dev").forEach(edge -> {
                    String[] ends = edge.split(">");
                    follows.save(new Follows(ends[0], ends[1], DAY));
                });
        out.println("11 edges among ann, ben, cleo, dev and eve");
        out.println("ann's adjacency list: " + StoredKeys.ofPartition(store, "Follows", "ann"));
        out.println("the reverse entries for ann: " + StoredKeys.ofIndex(store, "Follows", "followee", "ann"));

        List<String> annFollows = followees(follows.findByFollower("ann"));
        List<String> annFollowers = followers(follows.findByFollowee("ann"));
        out.println("ann follows (prefix scan): " + annFollows + "; ann's followers (index scan): " + annFollowers);
        equal("whom ann follows", List.of("ben", "cleo"), annFollows);
        equal("ann's followers", List.of("cleo", "dev", "eve"), annFollowers);
        out.println("degrees of cleo (two reads): follows " + follows.countFollowing("cleo") + ", followed by "
                + follows.countFollowers("cleo") + "; followers of everyone (one scan): " + follows.countFollowers());
        equal("cleo's in-degree", 4L, follows.countFollowers("cleo"));

        Page<Follows> first = follows.findByFollower("eve", PageRequest.ofSize(2));
        Page<Follows> second = follows.findByFollower("eve", PageRequest.resume(first.continuation().orElseThrow(), 2));
        out.println("eve follows, two per page: " + followees(first.items()) + " then " + followees(second.items()));
        equal("eve's second page", List.of("cleo", "dev"), followees(second.items()));

        Set<String> suggestions = new TreeSet<>();
        for (String friend : annFollows) {
            suggestions.addAll(followees(follows.findByFollower(friend)));
        }
        suggestions.remove("ann");
        suggestions.removeAll(annFollows);
        out.println("two hops from ann, not yet followed (one scan per neighbour): " + suggestions);
        equal("ann's suggestions", Set.of("dev"), suggestions);
        List<String> mutual = annFollows.stream().filter(annFollowers::contains).toList();
        out.println("those ann follows who follow her back: " + mutual);
        equal("ann's mutual follows", List.of("cleo"), mutual);

        out.println("ann unfollows cleo: " + follows.deleteById("ann", "cleo") + "; ann follows "
                + followees(follows.findByFollower("ann")) + ", cleo's followers "
                + followers(follows.findByFollowee("cleo")) + ", in-degree " + follows.countFollowers("cleo"));
        equal("cleo's followers after the unfollow", List.of("ben", "dev", "eve"),
                followers(follows.findByFollowee("cleo")));
        equal("cleo's in-degree after the unfollow", 3L, follows.countFollowers("cleo"));
        equal("integrity", true, follows.verify().isClean());
    }

    private static List<String> followees(List<Follows> edges) {
        return edges.stream().map(Follows::followee).toList();
    }

    private static List<String> followers(List<Follows> edges) {
        return edges.stream().map(Follows::follower).toList();
    }
}
