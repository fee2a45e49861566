package io.kvmapper.it.queries.design;

import io.kvmapper.CrudRepository;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import io.kvmapper.annotation.Repository;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** DESIGN.md's query interface example, word for word. */
@Repository
public interface Users extends CrudRepository<User, Long> {
    List<User> findByAgeBetween(int from, int to);             // index on age: range
    List<User> findByCityOrderByAgeDesc(String city);          // composite index (city, age)
    List<User> findByCityAndAgeGreaterThanEqual(String city, int age);
    Optional<User> findFirstByStatusOrderByJoinedAtDesc(Status s); // composite index (status, joinedAt)
    List<User> findTop10ByStatus(Status s);
    List<User> findByStatusIn(Collection<Status> statuses);    // union of index scans
    List<User> findByNameStartingWith(String prefix);          // index (or key component) prefix
    List<User> findByEmailOrUsername(String email, String username);
    Stream<User> streamByCity(String city);                     // must be closed
    Page<User> findByCity(String city, PageRequest page);
    long countByStatus(Status s);                               // served by a @Counter if one matches
    boolean existsByEmail(String email);
    long deleteByStatus(Status s);                              // deletes with index/counter upkeep
    Users with(Transaction tx);                                 // the same queries inside a unit of work
    default List<User> adults(String city) { return findByCityAndAgeGreaterThanEqual(city, 18); }
}
