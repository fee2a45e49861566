package io.kvmapper.benchmarks.cassandra.dm;

import com.datastax.oss.driver.api.core.PagingIterable;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.mapper.annotations.CqlName;
import com.datastax.oss.driver.api.mapper.annotations.Dao;
import com.datastax.oss.driver.api.mapper.annotations.Delete;
import com.datastax.oss.driver.api.mapper.annotations.Insert;
import com.datastax.oss.driver.api.mapper.annotations.Query;
import com.datastax.oss.driver.api.mapper.annotations.Select;
import com.datastax.oss.driver.api.mapper.annotations.Update;
import java.util.concurrent.CompletionStage;

/**
 * The driver mapper's DAO for the workload. Writes that go into one batch return their {@link BoundStatement}
 * unexecuted, as the mapper's documentation shows for batches.
 */
@Dao
public interface DmUserDao {
    @Insert(ifNotExists = true)
    ResultSet claimEmail(DmUserByEmail entry);

    @Delete(entityClass = DmUserByEmail.class, customIfClause = "id = :id")
    ResultSet releaseEmail(String email, @CqlName("id") long id);

    @Insert(ifNotExists = true)
    ResultSet insertIfAbsent(DmUser user);

    @Select
    DmUser findById(long id);

    @Select
    CompletionStage<DmUser> findByIdAsync(long id);

    @Select
    DmUserByEmail findByEmail(String email);

    @Select(limit = ":n")
    PagingIterable<DmUserByStatus> findByStatus(String status, @CqlName("n") int n);

    @Update(customIfClause = "status = :old")
    ResultSet updateIfStatus(DmUser user, @CqlName("old") String old);

    @Insert
    BoundStatement addToStatus(DmUserByStatus entry);

    @Insert
    void insertIntoStatus(DmUserByStatus entry);

    @Delete
    BoundStatement removeFromStatus(DmUserByStatus entry);

    /**
     * An add to a counter group, unexecuted so that the adds of one write share a counter batch ({@code @Increment}
     * methods can only execute theirs, one request each).
     */
    @Query("UPDATE ${keyspaceId}.counters SET value = value + :delta WHERE counter = :counter AND grp = :grp")
    BoundStatement increment(String counter, String grp, long delta);

    @Select
    DmCounter counter(String counter, String grp);
}
