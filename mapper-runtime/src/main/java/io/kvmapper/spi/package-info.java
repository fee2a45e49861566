/**
 * The storage SPI: the two-level map of partitions and sorted byte keys that every backend implements.
 * The contract is stated on {@link io.kvmapper.spi.KvBackend}, {@link io.kvmapper.spi.KvReader},
 * {@link io.kvmapper.spi.KvWriter} and {@link io.kvmapper.spi.KvTransaction}; the conformance suite in
 * this module's test-jar checks it.
 */
package io.kvmapper.spi;
