package io.kvmapper.samples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.cassandra.CassandraTestServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The main job on a real Cassandra node, the way {@code -Dsamples.cassandra=host:port} runs it: every sample
 * checks its own read-backs (a wrong one throws), and a second run on the store the first left works too.
 * Lines that show Cassandra doing what RocksDB's conflict checks do elsewhere are checked here.
 */
@Timeout(300)
class SamplesOnCassandraTest {
    /** Lines every run on Cassandra prints. */
    private static final List<String> EXPECTED = List.of(
            "8 threads sign up with hopper@example.com at once: 1 succeeded, 7 were refused; findByEmail finds Hopper",
            "the second saves its copy and is refused: User (id=1): version 7 is stale, the store "
                    + "holds version 8",
            "users.verify(): clean, 4 records checked",
            "orders.repair(): 1 repaired; revenue on 2026-11-02 reads 157.50 again; orders.verify(): clean, 12 records"
                    + " checked",
            "remove, which reads the count first, is refused here: multimap likes: remove(key, value) reads the count",
            "reapExpired() at 12:10 deleted 23 sessions with their index entries and counts: sessions 6, expiry entries"
                    + " left 6, verify(): clean",
            "restarted, it resumes from its stored continuation: 2 changes; to pick: [o-2 (bob), o-4 (dee)]",
            "8 clients add (post-2, dave) 500 times each at once: count 4000",
            "departments starting with Engineering/Platform: [Radia, Whitfield, Jim, Sophie]",
            "users SUSPENDED or CLOSED (one scan of index 'status' per status, merged by id): [Mary, Tim, Hedy]",
            "Margaret's and Mary's orders, newest first (one scan per user, merged by time): [r-4, q-4, r-3, q-3] ...",
            "all samples done");

    @Test
    void everySampleRunsOnCassandraTwiceOnOneStore() {
        CassandraTestServer node = CassandraTestServer.shared();
        for (int run = 1; run <= 2; run++) {
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            SampleClock clock = SamplesMain.newClock();
            try (KvStore store = SamplesMain.openCassandra(node.address(), CassandraTestServer.DATACENTER, clock);
                    PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
                SamplesMain.runAll(store, clock, out);
            }
            String output = printed.toString(StandardCharsets.UTF_8);
            for (String line : EXPECTED) {
                assertTrue(output.contains(line), "run " + run + " prints: " + line + "\n--- it printed:\n" + output);
            }
        }
    }
}
