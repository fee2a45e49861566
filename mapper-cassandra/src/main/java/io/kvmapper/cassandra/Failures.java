package io.kvmapper.cassandra;

import io.kvmapper.KvMapperException;

/** Turns a failed request into KV Mapper's exception, saying what was being done ({@link CassandraBackend#failure}). */
@FunctionalInterface
interface Failures {
    KvMapperException of(String what, RuntimeException e);
}
