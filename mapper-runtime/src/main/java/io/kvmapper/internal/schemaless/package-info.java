/**
 * An entity's mapping built at run time from the schema a store recorded, for tools that have none of the
 * application's classes (the {@code kvmapper} command-line tool): records as {@link
 * io.kvmapper.internal.schemaless.GenericObject}s, keys decoded with the tuple layer, values with the recorded
 * schema (JSON by stored field names, Protobuf by field numbers, attribute-per-key items), and index values and
 * counter groups computed from decoded records exactly as the processor's generated code computes them, byte for
 * byte. {@link io.kvmapper.internal.schemaless.SchemaMapping} is an ordinary {@link
 * io.kvmapper.internal.mapping.EntityMapping}, so the runtime's record layouts, maintainers, integrity checks and
 * operations work on it unchanged. It sits just above {@link io.kvmapper.internal.mapping}, below the record
 * layouts. Internal: may change in any release.
 */
package io.kvmapper.internal.schemaless;
