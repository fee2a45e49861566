package io.kvmapper.cassandra;

import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * The entry point of a test Cassandra node: exits the node when the test JVM that launched it ends, however
 * it ends (even killed, when no shutdown hook runs), then starts the real main class. {@code System.exit}
 * runs Cassandra's own shutdown hooks, so the node drains as on SIGTERM. Loaded reflectively so that
 * this class needs nothing of Cassandra's to compile.
 *
 * <p>Arguments: the parent's process id, the main class, then that class's arguments.
 */
public final class ParentWatchingMain {
    private ParentWatchingMain() {
    }

    /** Watches the parent, then runs the main class. */
    public static void main(String[] args) throws Exception {
        long parent = Long.parseLong(args[0]);
        ProcessHandle.of(parent).ifPresentOrElse(
                handle -> handle.onExit().thenRun(() -> {
                    System.err.println("test JVM " + parent + " ended; stopping this Cassandra node");
                    System.exit(0);
                }),
                () -> System.exit(0));
        Method main = Class.forName(args[1]).getMethod("main", String[].class);
        main.invoke(null, (Object) Arrays.copyOfRange(args, 2, args.length));
    }
}
