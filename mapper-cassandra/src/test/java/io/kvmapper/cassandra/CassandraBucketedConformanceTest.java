package io.kvmapper.cassandra;

/**
 * The storage SPI conformance suite again, with every partition spread over four buckets chosen by each key's
 * whole sort key: point reads and writes go to one bucket, scans merge every bucket's rows, and the suite's order,
 * limit, reverse, resumption, range deletion, counter, claim and checked-write tests must still hold.
 */
class CassandraBucketedConformanceTest extends CassandraConformance {
    @Override
    String keyspace() {
        return "conformance_buckets";
    }

    @Override
    CassandraKvStore.Options options() {
        return CassandraKvStore.options().counterPartitions(CounterPartitions.all())
                .chunkPartitions(ChunkPartitions.all())
                .bucketedPartitions(BucketedPartitions.all()).bucketsByValue(BucketedPartitions.none())
                .partitionBuckets(4);
    }
}
