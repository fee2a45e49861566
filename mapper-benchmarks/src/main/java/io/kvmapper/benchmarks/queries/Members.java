package io.kvmapper.benchmarks.queries;

import io.kvmapper.CrudRepository;
import io.kvmapper.annotation.Repository;
import java.util.Collection;
import java.util.List;

/** The two derived queries {@code QueryBenchmark} measures. */
@Repository
public interface Members extends CrudRepository<Member, Long> {
    /** A range of index 'age', then the records in one multi-get. */
    List<Member> findByAgeBetween(int from, int to);

    /** One scan of index 'city' per city, merged by key, then the records in one multi-get. */
    List<Member> findByCityIn(Collection<String> cities);
}
