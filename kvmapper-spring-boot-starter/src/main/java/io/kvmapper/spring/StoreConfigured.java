package io.kvmapper.spring;

import java.util.List;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Which store the properties ask for. Read through the {@link Binder}, so that a list of contact points given
 * as {@code contact-points[0]} (YAML) counts as much as a comma-separated one.
 */
final class StoreConfigured {
    private StoreConfigured() {
    }

    /** {@code kvmapper.rocksdb.path} is set. */
    static final class Rocksdb implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return Binder.get(context.getEnvironment()).bind("kvmapper.rocksdb.path", String.class)
                    .map(path -> !path.isBlank()).orElse(false);
        }
    }

    /** {@code kvmapper.cassandra.contact-points} is set. */
    static final class Cassandra implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return Binder.get(context.getEnvironment())
                    .bind("kvmapper.cassandra.contact-points", Bindable.listOf(String.class))
                    .map(points -> !points.isEmpty()).orElse(false);
        }
    }

    /** Fails when both stores are configured: the application would not get the store it expects. */
    static void requireOne(KvMapperProperties properties) {
        List<String> contactPoints = properties.getCassandra().getContactPoints();
        if (properties.getRocksdb().getPath() != null && contactPoints != null && !contactPoints.isEmpty()) {
            throw new IllegalStateException("both kvmapper.rocksdb.path and kvmapper.cassandra.contact-points are"
                    + " set; set the one of the store to open");
        }
    }
}
