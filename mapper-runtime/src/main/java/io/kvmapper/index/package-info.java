/**
 * Secondary indexes and maintained counters: their definitions (generated per entity), their key
 * layout, their maintenance from the diff of an entity's old and new state, and integrity checks.
 * Public because generated code uses it; not meant to be called directly.
 */
package io.kvmapper.index;
