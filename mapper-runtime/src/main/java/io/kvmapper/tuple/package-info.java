/**
 * Tuple keys: the FoundationDB tuple layer encoding, bit for bit, extended with the mapped types the
 * tuple layer lacks (instants and dates as integers, enums by name, order-preserving decimals) and a
 * descending form. {@link io.kvmapper.tuple.TupleWriter} and {@link io.kvmapper.tuple.TupleReader} are the
 * allocation-light paths generated code uses; {@link io.kvmapper.tuple.Tuples} encodes and decodes whole
 * tuples; {@link io.kvmapper.tuple.Subspace} is an immutable key prefix. The byte layout is documented
 * in {@code docs/key-encoding.md}.
 */
package io.kvmapper.tuple;
