/**
 * Secondary indexes and maintained counters kept in step with records, from one diff of an entity's old and
 * new state: one {@link io.kvmapper.internal.index.ComponentMaintainer} per kind of component (a non-unique index,
 * a unique index, a counter), built by {@link io.kvmapper.internal.index.MaintainerFactory}, which the write
 * path, online builds and integrity checks all go through; and the components' live states in a store.
 * Internal: may change in any release.
 */
package io.kvmapper.internal.index;
