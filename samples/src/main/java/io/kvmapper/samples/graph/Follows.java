package io.kvmapper.samples.graph;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.time.LocalDate;

/**
 * One edge of a "who follows whom" graph, stored as an adjacency list: the follower is the partition
 * and each account it follows is a key inside it, {@code (("Follows", "r", follower), followee)}, so a
 * node's out-neighbours are one prefix scan. The index on {@code followee} is the reverse adjacency
 * list, {@code (("Follows", "i", "followee"), followee, follower, followee)}, so a node's in-neighbours
 * are one scan too; the two counters keep each node's out- and in-degree. The edge, its index entry
 * and both degrees change in one transaction.
 *
 * @param follower who follows (the partition)
 * @param followee whom
 * @param since when the edge was made
 */
@Entity
@Counter(name = "following", groupBy = "follower")
@Counter(name = "followers", groupBy = "followee")
public record Follows(@Key String follower, @Key @Index String followee, LocalDate since) {
}
