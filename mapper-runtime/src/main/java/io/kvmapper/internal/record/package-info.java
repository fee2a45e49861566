/**
 * How one entity's records lie in the store, and the reads and writes of whole records:
 * {@link io.kvmapper.internal.record.RecordLayout}, monolithic (one value per record) or attribute-per-key
 * (a head item and one item per attribute and collection element). Nothing above this package depends on the
 * layout. Internal: may change in any release.
 */
package io.kvmapper.internal.record;
