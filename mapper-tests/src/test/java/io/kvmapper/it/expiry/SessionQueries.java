package io.kvmapper.it.expiry;

import io.kvmapper.CrudRepository;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.annotation.Repository;
import java.util.List;
import java.util.Optional;

/** Derived queries over {@link Session}, which expires: they must hide an expired session as the finders do. */
@Repository
public interface SessionQueries extends CrudRepository<Session, SessionRepository.Key> {
    /** By the device index. */
    List<Session> findByDevice(String device);

    /** By the key's first component, paged. */
    Page<Session> findByUser(String user, PageRequest page);

    /** By the unique token. */
    Optional<Session> findByToken(String token);

    /** Whether a session holds the token. */
    boolean existsByToken(String token);

    /** Deletes the device's sessions; how many. */
    long deleteByDevice(String device);
}
