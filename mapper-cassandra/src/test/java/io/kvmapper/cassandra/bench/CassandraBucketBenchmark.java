package io.kvmapper.cassandra.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import io.kvmapper.cassandra.BucketedPartitions;
import io.kvmapper.cassandra.CassandraBackend;
import io.kvmapper.cassandra.CassandraKvStore;
import io.kvmapper.cassandra.CassandraTestServer;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What spreading index partitions over buckets costs, and what a unique claim costs: the same index held in
 * one partition, and spread by whole key (each value's entries over every bucket: an index left out of
 * {@code bucketsByValue}) in 8 buckets (the default number) and in 16; a scan of one value's 10 entries and of another's
 * 1,000 (a finder), a point read of one entry (a unique lookup), and the commit of a new unique entry as a
 * claim (a lightweight transaction) against a plain put. One real node on loopback, launched by the
 * benchmark; run with {@code mapper-cassandra/bench.sh}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CassandraBucketBenchmark {
    private static final int RARE = 10;
    private static final int COMMON = 1_000;
    private static final KeyRange RARE_VALUE = KeyRange.startingWith(Tuples.encode(List.of("User", "i", "status"), "rare"));
    private static final KeyRange COMMON_VALUE =
            KeyRange.startingWith(Tuples.encode(List.of("User", "i", "status"), "common"));

    private final AtomicLong fresh = new AtomicLong();
    private CassandraTestServer server;
    private CqlSession session;
    private CassandraBackend unbucketed;
    private CassandraBackend buckets8;
    private CassandraBackend buckets16;

    @Setup(Level.Trial)
    public void start() {
        server = CassandraTestServer.start();
        session = server.newSession();
        CassandraKvStore.Options options = CassandraKvStore.options().bucketsByValue(BucketedPartitions.none())
                .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"));
        unbucketed = fill(CassandraKvStore.openBackend(session, "bench_buckets",
                options.table("unbucketed").partitionBuckets(1)));
        buckets8 = fill(CassandraKvStore.openBackend(session, "bench_buckets",
                options.table("buckets8").partitionBuckets(8)));
        buckets16 = fill(CassandraKvStore.openBackend(session, "bench_buckets",
                options.table("buckets16").partitionBuckets(16)));
    }

    private static CassandraBackend fill(CassandraBackend backend) {
        try (KvTransaction tx = backend.beginTransaction()) {
            for (long id = 0; id < COMMON; id++) {
                tx.put(entry("common", id), new byte[0]);
                if (id < RARE) {
                    tx.put(entry("rare", id), new byte[0]);
                }
            }
            tx.commit();
        }
        return backend;
    }

    @TearDown(Level.Trial)
    public void stop() {
        unbucketed.close();
        buckets8.close();
        buckets16.close();
        session.close();
        server.close();
    }

    /** A finder of a value 10 records hold, one partition: one range query. */
    @Benchmark
    public int scan10Unbucketed() {
        return count(unbucketed, RARE_VALUE);
    }

    /** The same finder, 8 buckets: 8 range queries at once, merged. */
    @Benchmark
    public int scan10Buckets8() {
        return count(buckets8, RARE_VALUE);
    }

    /** The same finder, 16 buckets. */
    @Benchmark
    public int scan10Buckets16() {
        return count(buckets16, RARE_VALUE);
    }

    /** A finder of a value 1,000 records hold, one partition: one query, one page. */
    @Benchmark
    public int scan1000Unbucketed() {
        return count(unbucketed, COMMON_VALUE);
    }

    /** The same finder, 8 buckets. */
    @Benchmark
    public int scan1000Buckets8() {
        return count(buckets8, COMMON_VALUE);
    }

    /** The same finder, 16 buckets. */
    @Benchmark
    public int scan1000Buckets16() {
        return count(buckets16, COMMON_VALUE);
    }

    /** A point read of one entry, one partition. */
    @Benchmark
    public byte[] getUnbucketed() {
        return unbucketed.get(entry("common", ThreadLocalRandom.current().nextInt(COMMON)));
    }

    /** The same point read, 8 buckets: still one query, to the entry's bucket. */
    @Benchmark
    public byte[] getBuckets8() {
        return buckets8.get(entry("common", ThreadLocalRandom.current().nextInt(COMMON)));
    }

    /** The commit of a new unique entry as a claim: a lightweight transaction, made at once. */
    @Benchmark
    public void claimNewEntry() {
        try (KvTransaction tx = buckets8.beginTransaction()) {
            tx.claim(Tuples.encode(List.of("User", "i", "email"), "e" + fresh.incrementAndGet()),
                    Tuples.encode(List.of("User", "r", 1L)));
            tx.commit();
        }
    }

    /** The commit of the same entry as a plain put: one batch of two statements. */
    @Benchmark
    public void putNewEntry() {
        try (KvTransaction tx = buckets8.beginTransaction()) {
            tx.put(Tuples.encode(List.of("User", "i", "plain"), "e" + fresh.incrementAndGet()),
                    Tuples.encode(List.of("User", "r", 1L)));
            tx.commit();
        }
    }

    private static int count(CassandraBackend backend, KeyRange range) {
        int count = 0;
        try (KvCursor cursor = backend.scan(range, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                cursor.next();
                count++;
            }
        }
        return count;
    }

    private static byte[] entry(String status, long id) {
        return Tuples.encode(List.of("User", "i", "status"), status, id);
    }
}
