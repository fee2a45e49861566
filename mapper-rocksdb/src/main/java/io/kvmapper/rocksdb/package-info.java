/**
 * The embedded default backend, on RocksDB's optimistic transactions. Open a store with
 * {@link io.kvmapper.rocksdb.RocksKvStore#open(java.nio.file.Path)}, or tune it first with
 * {@link io.kvmapper.rocksdb.RocksKvStore#options()}.
 */
package io.kvmapper.rocksdb;
