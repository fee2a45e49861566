/**
 * The distributed backend, on Apache Cassandra through its Java driver. Open a store with
 * {@link io.kvmapper.cassandra.CassandraKvStore#open(com.datastax.oss.driver.api.core.CqlSession, String)}, or
 * tune it first with {@link io.kvmapper.cassandra.CassandraKvStore#options()}. What holds on Cassandra, and
 * what does not, is stated on {@link io.kvmapper.cassandra.CassandraBackend} and in {@code docs/cassandra.md}.
 */
package io.kvmapper.cassandra;
