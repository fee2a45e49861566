package io.kvmapper.cassandra;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Stops the shared Cassandra test nodes (the plain one and the secure one) when the JUnit session ends, whether
 * the tests passed or not.
 * Registered in {@code META-INF/services}, so it also runs for modules that use this test-jar.
 */
public final class CassandraTestServerListener implements LauncherSessionListener {
    /** Stops the nodes that tests started. */
    @Override
    public void launcherSessionClosed(LauncherSession session) {
        CassandraTestServer.stopShared();
        SecureCassandraTestServer.stopShared();
    }
}
