package io.kvmapper.cassandra;

/**
 * The storage SPI conformance suite again, with every partition spread over four buckets chosen by value (the
 * first element of each sort key): a range inside one value reads its one bucket, any other range every bucket,
 * and the suite's order, limit, reverse, resumption, range deletion, counter, claim and checked-write tests must
 * still hold.
 */
class CassandraValueBucketedConformanceTest extends CassandraConformance {
    @Override
    String keyspace() {
        return "conformance_value_buckets";
    }

    @Override
    CassandraKvStore.Options options() {
        return CassandraKvStore.options().counterPartitions(CounterPartitions.all())
                .chunkPartitions(ChunkPartitions.all())
                .bucketedPartitions(BucketedPartitions.all()).bucketsByValue(BucketedPartitions.all())
                .partitionBuckets(4);
    }
}
