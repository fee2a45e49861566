/**
 * What generated code and the backends call, and users do not: everything under {@code io.kvmapper.internal}
 * may change in any release. The packages form layers, each importing only those below it (a test fails the
 * build otherwise), from the bottom:
 * <ol>
 *   <li>{@link io.kvmapper.internal.tuple}: the streaming tuple encoder and decoder (below the public
 *       {@code io.kvmapper.spi} and {@code io.kvmapper.tuple}, which use it);</li>
 *   <li>{@link io.kvmapper.internal.layout}: the key layout, the one owner of every area tag;</li>
 *   <li>{@link io.kvmapper.internal.store}: the store, its units of work, multimaps and copies;</li>
 *   <li>{@link io.kvmapper.internal.codec}: value codecs;</li>
 *   <li>{@link io.kvmapper.internal.mapping}: what the processor generates to describe an entity;</li>
 *   <li>{@link io.kvmapper.internal.schemaless}: the same description built at run time from the schema a store
 *       recorded, for tools without the application's classes;</li>
 *   <li>{@link io.kvmapper.internal.record}: how an entity's records lie in the store (its record layout);</li>
 *   <li>{@link io.kvmapper.internal.index}: index and counter maintenance, one maintainer per kind;</li>
 *   <li>{@link io.kvmapper.internal.maintenance}: schema reconciliation, online builds and drops, integrity
 *       checks;</li>
 *   <li>{@link io.kvmapper.internal.operations}: every repository operation, which generated repositories
 *       delegate to.</li>
 * </ol>
 * See {@code docs/architecture.md}.
 */
package io.kvmapper.internal;
