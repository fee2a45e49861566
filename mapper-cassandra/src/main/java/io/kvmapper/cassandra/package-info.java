/**
 * The distributed backend, on Apache Cassandra through its Java driver. Open a store with
 * {@link io.kvmapper.cassandra.CassandraKvStore#open(com.datastax.oss.driver.api.core.CqlSession, String)}, or
 * tune it first with {@link io.kvmapper.cassandra.CassandraKvStore#options()}. What holds on Cassandra, and
 * what does not, is stated on {@link io.kvmapper.cassandra.CassandraBackend} and in {@code docs/cassandra.md}.
 *
 * <p>Opening: the options' credentials and TLS context reach the driver session ({@code ConnectFailures} says why
 * one could not open, without the password); {@code StoreSchema} finds the keyspace and tables in
 * {@code system_schema} and creates only what is missing, so that a role holding only {@code SELECT} and
 * {@code MODIFY} opens a store whose tables exist ({@code docs/security.md}).
 *
 * <p>A transaction ({@code CassandraTransaction}, whose class comment states what it guarantees) is made of parts
 * that can each be tested without a node: {@code WriteSet}, the buffered writes and the reads through them
 * ({@code OverlayCursor} for scans); {@code Claims}, made at once and withdrawn unless the transaction commits;
 * {@code Commit}, the order in which a commit sends what {@code CommitPlan} builds and what it undoes when a step
 * fails; and {@code ReplacedCounters}, the counters a put or delete replaces. They reach Cassandra only through
 * {@code LightweightWrites} and {@code CommitStore}, which {@code CqlRequests} implements on the driver.
 */
package io.kvmapper.cassandra;
