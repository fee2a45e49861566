/**
 * KV Mapper in Spring Boot 3: {@link io.kvmapper.spring.KvMapperAutoConfiguration} opens a
 * {@link io.kvmapper.KvStore} from the {@code kvmapper.*} properties ({@link io.kvmapper.spring.KvMapperProperties})
 * and registers every generated repository as a bean ({@link io.kvmapper.spring.RepositoriesRegistrar});
 * {@link io.kvmapper.spring.KvMapperActuatorAutoConfiguration} adds a health indicator and Micrometer meters.
 */
package io.kvmapper.spring;
