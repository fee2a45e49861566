/**
 * Work over a whole entity: reconciling the stored schema with the code's when an entity is opened, online
 * builds and drops of indexes and counters, and integrity checks and repairs. Internal: may change in any
 * release.
 */
package io.kvmapper.internal.maintenance;
