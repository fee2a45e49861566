/**
 * An entity's schema document (key, layout, codec, fields with stored names, types and Protobuf numbers,
 * indexes, counters), its JSON forms, and the rules that decide which changes the data stored under it
 * survives. The processor uses it for schema files, the runtime for the schema a store recorded: one
 * document format and one set of rules for both. Depends on jackson-core only.
 */
package io.kvmapper.schema.document;
