/**
 * What the processor generates to describe one entity to the runtime: its
 * {@link io.kvmapper.internal.mapping.EntityMapping} (name, key, codec, layout), its indexes, counters and
 * version field. Internal: may change in any release.
 */
package io.kvmapper.internal.mapping;
