package io.kvmapper.cassandra.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import io.kvmapper.cassandra.CassandraBackend;
import io.kvmapper.cassandra.CassandraKvStore;
import io.kvmapper.cassandra.CassandraTestServer;
import io.kvmapper.cassandra.CounterPartitions;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.tuple.Tuples;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
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
 * What consulting the counter table costs: the same point read and the same 8-byte put against one
 * store, once with counters confined to KV Mapper's counter partitions (the default; a record read is
 * one query, a put writes without reading) and once with every partition allowed to hold counters (a
 * read is two concurrent queries, a put of an 8-byte value or a delete first reads the counter it would
 * replace). Plus a counter add, for scale. One real node on loopback, launched by the benchmark;
 * run with {@code mapper-cassandra/bench.sh}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CassandraBackendBenchmark {
    private static final int RECORDS = 10_000;

    private CassandraTestServer server;
    private CqlSession session;
    private CassandraBackend kvMapperLayout;
    private CassandraBackend everyPartition;

    @Setup(Level.Trial)
    public void start() {
        server = CassandraTestServer.start();
        session = server.newSession();
        kvMapperLayout = CassandraKvStore.openBackend(session, "bench", CassandraKvStore.options()
                .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1")));
        everyPartition = CassandraKvStore.openBackend(session, "bench",
                CassandraKvStore.options().counterPartitions(CounterPartitions.all()));
        byte[] value = new byte[100];
        for (int first = 0; first < RECORDS; first += 1_000) {
            try (KvTransaction tx = kvMapperLayout.beginTransaction()) {
                for (int i = first; i < first + 1_000; i++) {
                    tx.put(record(i), value);
                }
                tx.commit();
            }
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        kvMapperLayout.close();
        everyPartition.close();
        session.close();
        server.close();
    }

    /** A record read where counters are confined to counter partitions: one query. */
    @Benchmark
    public byte[] getRecordOneTable() {
        return kvMapperLayout.get(randomRecord());
    }

    /** The same read where every partition may hold counters: two concurrent queries. */
    @Benchmark
    public byte[] getRecordBothTables() {
        return everyPartition.get(randomRecord());
    }

    /** A commit of one 8-byte put, no counter read: one batch of two statements. */
    @Benchmark
    public void putEightBytesWithoutCounterRead() {
        put(kvMapperLayout);
    }

    /** The same commit where every partition may hold counters: a counter read, then the batch. */
    @Benchmark
    public void putEightBytesWithCounterRead() {
        put(everyPartition);
    }

    /** A commit of one counter add: one counter update. */
    @Benchmark
    public void addToCounter() {
        try (KvTransaction tx = kvMapperLayout.beginTransaction()) {
            tx.add(Tuples.encode(List.of("User", "c", "total")), 1);
            tx.commit();
        }
    }

    private static void put(CassandraBackend backend) {
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.put(randomRecord(), Counters.encode(42));
            tx.commit();
        }
    }

    private static byte[] randomRecord() {
        return record(ThreadLocalRandom.current().nextInt(RECORDS));
    }

    private static byte[] record(int i) {
        return Tuples.encode(List.of("User", "r", (long) i));
    }
}
