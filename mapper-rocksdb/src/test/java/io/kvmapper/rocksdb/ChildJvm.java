package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A second JVM on this JVM's class path, with its stdout collected line by line and its stderr in a
 * file, for crash tests that kill a writing process. Shared with other modules through this module's
 * test-jar.
 */
public final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final Path stderr;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Thread reader;

    private ChildJvm(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        this.reader = new Thread(this::readLines, "child-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code mainClass} with {@code args}; its stderr goes to a file in {@code scratch}. */
    public static ChildJvm start(Class<?> mainClass, Path scratch, String... args) throws IOException {
        return startCommand(javaCommand("128m", mainClass, args), scratch);
    }

    /**
     * Starts {@code command}, for example a {@link #javaCommand} behind a program that limits it; its stderr
     * goes to a file in {@code scratch}.
     */
    public static ChildJvm startCommand(List<String> command, Path scratch) throws IOException {
        Path stderr = Files.createTempFile(scratch, "child-", ".err");
        Process process = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        return new ChildJvm(process, stderr);
    }

    /** The command that runs {@code mainClass} with {@code args} on this JVM's class path, with that heap. */
    public static List<String> javaCommand(String maxHeap, Class<?> mainClass, String... args) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx" + maxHeap, "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /** Waits until the child has printed at least {@code count} lines, or fails after {@code seconds}. */
    public void awaitLines(int count, long seconds) throws InterruptedException {
        await(printed -> printed.size() >= count, count + " lines", seconds);
    }

    /** Waits until the child has printed {@code line}, or fails after {@code seconds}. */
    public void awaitLine(String line, long seconds) throws InterruptedException {
        await(printed -> printed.contains(line), "\"" + line + "\"", seconds);
    }

    private void await(Predicate<List<String>> done, String what, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!done.test(lines)) {
            if (!process.isAlive() && !reader.isAlive() && !done.test(lines)) {
                fail("child exited with " + process.exitValue() + " after " + lines.size() + " lines, before printing "
                        + what + "; stderr:\n" + stderr());
            }
            if (System.nanoTime() > deadline) {
                fail("child printed " + lines.size() + " lines in " + seconds + " s, not " + what + "; stderr:\n"
                        + stderr());
            }
            Thread.sleep(5);
        }
    }

    /**
     * Kills the child with SIGKILL and returns every line it printed before dying. Through its handle:
     * {@code Process.destroyForcibly()} would also close our end of its stdout and lose lines still in
     * the pipe.
     */
    public List<String> kill() throws InterruptedException {
        if (!process.isAlive()) {
            fail("the child died before it was killed, with " + process.exitValue() + "; stderr:\n" + stderr());
        }
        process.toHandle().destroyForcibly();
        finish();
        return List.copyOf(lines);
    }

    /** Waits for the child to exit by itself and returns what it printed. */
    public List<String> await() throws InterruptedException {
        finish();
        return List.copyOf(lines);
    }

    /** What the child wrote to stderr so far. */
    public String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** Kills the child if it still runs, and whatever it started (a command's JVM). */
    @Override
    public void close() {
        if (process.isAlive()) {
            destroy();
        }
        try {
            finish();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** How long a child may take to exit once it is expected to; only a hang should ever reach it. */
    private static final long EXIT_SECONDS = 120;

    private void finish() throws InterruptedException {
        // generous: a child JVM that fills a disk took over 30 s on a 2-core machine at a load average of 15
        if (!process.waitFor(EXIT_SECONDS, TimeUnit.SECONDS)) {
            destroy();
            fail("child did not exit within " + EXIT_SECONDS + " s; stderr:\n" + stderr());
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
    }

    private void destroy() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.toHandle().destroyForcibly();
    }

    private void readLines() {
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            lines.add("(stdout unreadable: " + e + ")");
        }
    }
}
