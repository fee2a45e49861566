package io.kvmapper.samples.shop;

import io.kvmapper.CrudRepository;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import io.kvmapper.annotation.Repository;
import java.util.Collection;
import java.util.List;

/**
 * The shop's users, queried by derived methods the processor implements ({@code UserQueries_Impl}) and checks at
 * compile time: each is served by an index of {@link User}, and the build notes which.
 */
@Repository
public interface UserQueries extends CrudRepository<User, Long> {
    /** Users aged {@code from} (inclusive) to {@code to} (exclusive), youngest first: a range of index 'age'. */
    List<User> findByAgeBetween(int from, int to);

    /** Users whose name starts with {@code prefix}, by name: a range of index 'name'. */
    List<User> findByNameStartingWith(String prefix);

    /** Users of any of {@code statuses}: one scan of index 'status' per status, merged by id. */
    List<User> findByStatusIn(Collection<Status> statuses);

    /** A page of them. */
    Page<User> findByStatusIn(Collection<Status> statuses, PageRequest page);

    /** How many users have {@code status}: the counter 'byStatus', one read. */
    long countByStatus(Status status);

    /** Whether a user has this email: the first entry of the unique index 'email'. */
    boolean existsByEmail(String email);

    /** Deletes the users from {@code id} on, with their index entries and counts. */
    long deleteByIdGreaterThanEqual(long id);

    /** These queries inside a unit of work. */
    UserQueries with(Transaction tx);
}
