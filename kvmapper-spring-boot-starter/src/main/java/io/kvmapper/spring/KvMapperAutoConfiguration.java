package io.kvmapper.spring;

import io.kvmapper.KvStore;
import io.kvmapper.OperationListener;
import io.kvmapper.ProgressListener;
import io.kvmapper.cassandra.CassandraKvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * KV Mapper in a Spring Boot application: a {@link KvStore} bean from the {@code kvmapper.*} properties
 * (closed with the context), and every generated repository and {@code @Repository} implementation in the
 * application's auto-configuration packages as a bean ({@link RepositoriesRegistrar}).
 *
 * <p>The store the starter opens gets every {@link OperationListener} and {@link ProgressListener} bean added
 * before any repository uses it (the metrics and the health indicator are such beans). A {@code KvStore} bean
 * of the application's own replaces it; add listeners to that one yourself.
 */
@AutoConfiguration
@ConditionalOnClass(KvStore.class)
@EnableConfigurationProperties(KvMapperProperties.class)
@Import(RepositoriesRegistrar.class)
public class KvMapperAutoConfiguration {
    /** The progress of the store's online builds, for the health indicator and the metrics. */
    @Bean
    @ConditionalOnMissingBean
    public SchemaBuilds kvMapperSchemaBuilds() {
        return new SchemaBuilds();
    }

    /** An embedded RocksDB store at {@code kvmapper.rocksdb.path}. */
    @Configuration(proxyBeanMethods = false)
    @Conditional(StoreConfigured.Rocksdb.class)
    @ConditionalOnMissingBean(KvStore.class)
    static class RocksdbStore {
        @Bean(destroyMethod = "close")
        KvStore kvStore(KvMapperProperties properties, ObjectProvider<OperationListener> operationListeners,
                ObjectProvider<ProgressListener> progressListeners) {
            StoreConfigured.requireOne(properties);
            KvStore store = RocksKvStore.open(properties.getRocksdb().getPath());
            return withListeners(store, operationListeners, progressListeners);
        }
    }

    /** A store on Apache Cassandra, when mapper-cassandra is on the class path and contact points are set. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(CassandraKvStore.class)
    @Conditional(StoreConfigured.Cassandra.class)
    @ConditionalOnMissingBean(KvStore.class)
    static class CassandraStore {
        @Bean(destroyMethod = "close")
        KvStore kvStore(KvMapperProperties properties, ObjectProvider<SslBundles> sslBundles,
                ObjectProvider<OperationListener> operationListeners,
                ObjectProvider<ProgressListener> progressListeners) {
            StoreConfigured.requireOne(properties);
            KvStore store = CassandraStores.open(properties.getCassandra(), sslBundles.getIfAvailable());
            return withListeners(store, operationListeners, progressListeners);
        }
    }

    private static KvStore withListeners(KvStore store, ObjectProvider<OperationListener> operationListeners,
            ObjectProvider<ProgressListener> progressListeners) {
        try {
            operationListeners.orderedStream().forEach(store::addOperationListener);
            progressListeners.orderedStream().forEach(store::addProgressListener);
            return store;
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }
}
