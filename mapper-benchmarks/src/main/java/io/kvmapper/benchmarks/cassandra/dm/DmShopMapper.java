package io.kvmapper.benchmarks.cassandra.dm;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.mapper.annotations.DaoFactory;
import com.datastax.oss.driver.api.mapper.annotations.DaoKeyspace;
import com.datastax.oss.driver.api.mapper.annotations.Mapper;

/** The driver mapper's entry point: {@code new DmShopMapperBuilder(session).build().users(keyspace)}. */
@Mapper
public interface DmShopMapper {
    @DaoFactory
    DmUserDao users(@DaoKeyspace CqlIdentifier keyspace);
}
