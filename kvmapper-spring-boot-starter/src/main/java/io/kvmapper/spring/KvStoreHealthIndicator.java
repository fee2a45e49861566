package io.kvmapper.spring;

import io.kvmapper.KvStore;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.tuple.Tuples;
import java.util.Map;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * The store's health: up when a read reaches the store and no online index or counter build has failed;
 * down when the store is closed or unreachable, or a build failed (its index or counter cannot serve reads
 * until the cause is fixed and the application restarted). Running builds are listed, and leave it up.
 */
public class KvStoreHealthIndicator extends AbstractHealthIndicator {
    /** A key no entity writes, whose point read costs one lookup on every backend. */
    private static final byte[] PROBE = Tuples.encode("kvmapper-health");

    private final KvStore store;
    private final SchemaBuilds builds;

    /** A health indicator of {@code store}, whose builds {@code builds} follows. */
    public KvStoreHealthIndicator(KvStore store, SchemaBuilds builds) {
        super("KV Mapper store health check failed");
        this.store = store;
        this.builds = builds;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        KvBackend backend = store.unwrap(KvBackend.class);
        backend.get(PROBE);
        builder.withDetail("backend", backend.getClass().getSimpleName());
        Map<String, Long> running = builds.running();
        Map<String, String> failed = builds.failed();
        if (!running.isEmpty()) {
            builder.withDetail("buildsRunning", running);
        }
        if (!failed.isEmpty()) {
            builder.down().withDetail("buildsFailed", failed);
        } else {
            builder.up();
        }
    }
}
