package io.kvmapper.it.cache;

import io.kvmapper.CrudRepository;
import io.kvmapper.annotation.Repository;

/** Deletes by index, which writes through the query path's units of work. */
@Repository
public interface MemberQueries extends CrudRepository<Member, Long> {
    long deleteByStatus(Member.Status status);
}
