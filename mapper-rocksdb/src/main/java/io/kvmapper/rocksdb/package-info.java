/**
 * The embedded default backend, on RocksDB, with optimistic transactions checked in Java. Open a store with
 * {@link io.kvmapper.rocksdb.RocksKvStore#open(java.nio.file.Path)}, or tune it first with
 * {@link io.kvmapper.rocksdb.RocksKvStore#options()}.
 */
package io.kvmapper.rocksdb;
