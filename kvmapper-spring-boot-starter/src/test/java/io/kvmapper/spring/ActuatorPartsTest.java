package io.kvmapper.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.Progress;
import io.kvmapper.memory.MemoryKvStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;

/** The health indicator, the meters and the configuration metadata, each on its own. */
class ActuatorPartsTest {
    @Test
    void aRunningBuildLeavesTheStoreUpAndAFailedOneTakesItDown() {
        SchemaBuilds builds = new SchemaBuilds();
        try (KvStore store = MemoryKvStore.open()) {
            KvStoreHealthIndicator indicator = new KvStoreHealthIndicator(store, builds);
            builds.onProgress(new Progress("User", "building index 'email'", 500, false, ""));
            Health running = indicator.health();
            assertEquals(Status.UP, running.getStatus());
            assertEquals(Map.of("User: building index 'email'", 500L), running.getDetails().get("buildsRunning"));
            builds.onProgress(new Progress("User", "building index 'email'", 900, true, "failed: duplicate value"));
            Health failed = indicator.health();
            assertEquals(Status.DOWN, failed.getStatus());
            assertEquals(Map.of("User: building index 'email'", "failed: duplicate value"),
                    failed.getDetails().get("buildsFailed"));
            store.close();
            assertEquals(Status.DOWN, indicator.health().getStatus(), "a closed store");
        }
    }

    @Test
    void conflictsAndBuildProgressAreMetered() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        SchemaBuilds builds = new SchemaBuilds();
        KvMapperMetrics metrics = new KvMapperMetrics(registry, builds);
        metrics.onConflict(1, true);
        metrics.onConflict(2, true);
        metrics.onConflict(3, false);
        assertEquals(2, registry.get("kvmapper.transactions.conflicts").tags("outcome", "retried").counter().count());
        assertEquals(1, registry.get("kvmapper.transactions.conflicts").tags("outcome", "failed").counter().count());
        Progress progress = new Progress("User", "building index 'email'", 1200, false, "");
        builds.onProgress(progress);
        metrics.onProgress(progress);
        assertEquals(1200, registry.get("kvmapper.schema.builds.processed").tags("entity", "User").gauge().value());
        assertEquals(1, registry.get("kvmapper.schema.builds.running").gauge().value());
        metrics.onOperation("User", "find", 1_000, null);
        metrics.onOperation("User", "find", 3_000, null);
        assertEquals(2, registry.get("kvmapper.operations").tags("outcome", "success").timer().count());
    }

    @Test
    void theConfigurationMetadataDescribesTheProperties() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            String metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (String property : new String[] {"kvmapper.rocksdb.path", "kvmapper.cassandra.contact-points",
                    "kvmapper.cassandra.keyspace", "kvmapper.cassandra.local-datacenter", "kvmapper.cassandra.username",
                    "kvmapper.cassandra.password", "kvmapper.cassandra.ssl.bundle",
                    "kvmapper.cassandra.request-timeout"}) {
                assertTrue(metadata.contains("\"name\": \"" + property + "\""), property + " in " + metadata);
            }
            assertTrue(metadata.contains("Directory of the embedded RocksDB store"), "descriptions from the javadoc");
        }
    }
}
