/**
 * The key layout of a store: the areas every key belongs to ({@link io.kvmapper.internal.layout.Area}, the one
 * place the area tags are spelled), one entity's keys ({@link io.kvmapper.internal.layout.KeyLayout},
 * {@link io.kvmapper.internal.layout.RecordKeys}), the metadata area's kinds and stored components, and the
 * ranges finders scan. Backends and tools that need to tell areas apart ask here. Internal: may change in any
 * release.
 */
package io.kvmapper.internal.layout;
