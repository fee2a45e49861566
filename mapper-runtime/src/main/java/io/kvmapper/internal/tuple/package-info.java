/**
 * The allocation-light tuple encoder ({@link io.kvmapper.internal.tuple.TupleWriter}) and decoder
 * ({@link io.kvmapper.internal.tuple.TupleReader}) that generated code writes and reads keys with, and the
 * encodings of the types the FoundationDB tuple layer lacks. The public face of the encoding is
 * {@link io.kvmapper.tuple.Tuples}. Internal: may change in any release.
 */
package io.kvmapper.internal.tuple;
