package io.kvmapper.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the tool writes and what it knows of its surroundings: standard output (results), standard error
 * (messages and progress), the environment, and whether each stream is a terminal. In-process tests pass their
 * own.
 *
 * @param out where results go
 * @param err where messages and progress go
 * @param env the environment variables
 * @param outIsTerminal whether {@code out} is a terminal
 * @param errIsTerminal whether {@code err} is a terminal (the progress bar is drawn only there)
 */
record Console(PrintStream out, PrintStream err, Map<String, String> env, boolean outIsTerminal,
        boolean errIsTerminal) {

    /** This process's own streams and environment. */
    static Console system(PrintStream out, PrintStream err) {
        Map<String, String> env = System.getenv();
        boolean dumb = "dumb".equals(env.get("TERM"));
        return new Console(out, err, env, !dumb && isTerminal(1), !dumb && isTerminal(2));
    }

    /**
     * Whether file descriptor {@code fd} of this process is a terminal. Java 17 cannot ask (System.console()
     * speaks for standard input and output together), so on Linux the descriptor's link under /proc tells; where
     * there is no /proc, a console means both streams are terminals.
     */
    private static boolean isTerminal(int fd) {
        Path link = Path.of("/proc/self/fd/" + fd);
        try {
            if (Files.isSymbolicLink(link)) {
                String target = Files.readSymbolicLink(link).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            }
        } catch (java.io.IOException | SecurityException | UnsupportedOperationException e) {
            // fall through to the console
        }
        return System.console() != null;
    }
}
