/**
 * Tuple keys: the FoundationDB tuple layer encoding, bit for bit, extended with the mapped types the
 * tuple layer lacks (instants and dates as integers, enums by name, order-preserving decimals) and a
 * descending form ({@link io.kvmapper.tuple.Descending}). {@link io.kvmapper.tuple.Tuples} encodes and decodes
 * whole tuples and prints keys for people; {@link io.kvmapper.tuple.Subspace} is an immutable key prefix. The
 * byte layout is documented in {@code docs/key-encoding.md}.
 */
package io.kvmapper.tuple;
