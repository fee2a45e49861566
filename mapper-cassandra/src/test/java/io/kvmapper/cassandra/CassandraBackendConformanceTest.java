package io.kvmapper.cassandra;

/**
 * Runs the storage SPI conformance suite against a real Cassandra node, every partition allowed to hold
 * counters (the suite adds to keys beside plain values). Cassandra transactions detect no conflicts and
 * its reads take no snapshots (the backend says so), so the suite skips the tests of those; its claims and
 * checked writes, lightweight transactions, run the same tests as everywhere.
 */
class CassandraBackendConformanceTest extends CassandraConformance {
    @Override
    String keyspace() {
        return "conformance";
    }

    @Override
    CassandraKvStore.Options options() {
        return CassandraKvStore.options().counterPartitions(CounterPartitions.all())
                .chunkPartitions(ChunkPartitions.all());
    }
}
