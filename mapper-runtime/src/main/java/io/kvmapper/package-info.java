/**
 * The KV Mapper API: {@link io.kvmapper.KvStore}, transactions, paging, and the exception hierarchy
 * rooted at {@link io.kvmapper.KvMapperException}.
 */
package io.kvmapper;
