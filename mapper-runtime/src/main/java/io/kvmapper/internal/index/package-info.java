/**
 * Secondary indexes and maintained counters kept in step with records, from one diff of an entity's old and
 * new state, and their live states in a store. Internal: may change in any release.
 */
package io.kvmapper.internal.index;
