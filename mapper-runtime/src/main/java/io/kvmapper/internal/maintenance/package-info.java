/**
 * Work over a whole entity, apart from the write path: {@link io.kvmapper.internal.maintenance.SchemaReconciler}
 * reconciles the stored schema with the code's when an entity is opened and decides each index's and counter's
 * state; {@link io.kvmapper.internal.maintenance.OnlineBuilder} builds and drops indexes and counters online;
 * {@link io.kvmapper.internal.maintenance.IntegrityChecker} checks and repairs them. The builder and the checker
 * work through the same per-kind maintainers as every write ({@link io.kvmapper.internal.index.ComponentMaintainer}).
 * Internal: may change in any release.
 */
package io.kvmapper.internal.maintenance;
