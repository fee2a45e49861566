package io.kvmapper.spring;

import io.kvmapper.KvStore;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With Spring Boot Actuator: the store's health indicator ({@code management.health.kvmapper.enabled}) and,
 * with a Micrometer registry, KV Mapper's meters ({@link KvMapperMetrics}).
 */
@AutoConfiguration(after = {KvMapperAutoConfiguration.class, MetricsAutoConfiguration.class,
        CompositeMeterRegistryAutoConfiguration.class})
@ConditionalOnClass({KvStore.class, HealthIndicator.class})
public class KvMapperActuatorAutoConfiguration {
    /** The health indicator, named {@code kvmapper} in {@code /actuator/health}. */
    @Bean(name = "kvmapperHealthIndicator")
    @ConditionalOnBean(KvStore.class)
    @ConditionalOnMissingBean(name = "kvmapperHealthIndicator")
    @ConditionalOnEnabledHealthIndicator("kvmapper")
    public KvStoreHealthIndicator kvmapperHealthIndicator(KvStore store, SchemaBuilds builds) {
        return new KvStoreHealthIndicator(store, builds);
    }

    /** The meters, when the application has a Micrometer registry. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    @ConditionalOnBean(MeterRegistry.class)
    static class Metrics {
        @Bean
        @ConditionalOnMissingBean
        KvMapperMetrics kvMapperMetrics(MeterRegistry registry, SchemaBuilds builds) {
            return new KvMapperMetrics(registry, builds);
        }
    }
}
