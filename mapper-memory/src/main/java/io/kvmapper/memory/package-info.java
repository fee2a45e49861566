/**
 * An in-memory backend for fast unit tests, with real transactions: snapshot reads, conflict detection and
 * atomic counter adds, as the storage SPI describes. Open a store with
 * {@link io.kvmapper.memory.MemoryKvStore#open()}; nothing is persisted.
 */
package io.kvmapper.memory;
