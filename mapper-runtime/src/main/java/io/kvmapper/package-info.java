/**
 * The KV Mapper API: {@link io.kvmapper.KvStore} and its units of work ({@link io.kvmapper.Transaction}),
 * {@link io.kvmapper.CrudRepository}, which every generated repository implements, paging
 * ({@link io.kvmapper.PageRequest}, {@link io.kvmapper.Page}), {@link io.kvmapper.Multimap},
 * {@link io.kvmapper.StoreCopy}, integrity reports, and the exception hierarchy rooted at
 * {@link io.kvmapper.KvMapperException}. It depends on no other package of KV Mapper.
 */
package io.kvmapper;
