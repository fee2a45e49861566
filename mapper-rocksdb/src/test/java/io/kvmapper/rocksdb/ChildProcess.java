package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** A second JVM running {@link ChildProcessMain}, on this JVM's class path, with its stdout collected. */
final class ChildProcess implements AutoCloseable {
    private final Process process;
    private final Path stderr;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Thread reader;

    private ChildProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        this.reader = new Thread(this::readLines, "child-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code ChildProcessMain <mode> <dir>}; its stderr goes to a file in {@code scratch}. */
    static ChildProcess start(String mode, Path dir, Path scratch) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path stderr = Files.createTempFile(scratch, "child-", ".err");
        Process process = new ProcessBuilder(java.toString(), "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), ChildProcessMain.class.getName(), mode, dir.toString())
                .redirectError(stderr.toFile())
                .start();
        return new ChildProcess(process, stderr);
    }

    /** Waits until the child has printed at least {@code count} lines, or fails after {@code seconds}. */
    void awaitLines(int count, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (lines.size() < count) {
            if (!process.isAlive() && !reader.isAlive() && lines.size() < count) {
                fail("child exited with " + process.exitValue() + " after " + lines.size() + " lines; stderr:\n"
                        + stderr());
            }
            if (System.nanoTime() > deadline) {
                fail("child printed " + lines.size() + " lines in " + seconds + " s, expected " + count
                        + "; stderr:\n" + stderr());
            }
            Thread.sleep(5);
        }
    }

    /** Kills the child with SIGKILL and returns every line it printed before dying. */
    List<String> kill() throws InterruptedException {
        // Through the handle: Process.destroyForcibly() would also close our end of its stdout and lose
        // the lines still in the pipe.
        process.toHandle().destroyForcibly();
        finish();
        return List.copyOf(lines);
    }

    /** Waits for the child to exit by itself and returns what it printed. */
    List<String> await() throws InterruptedException {
        finish();
        return List.copyOf(lines);
    }

    String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** Kills the child if it still runs. */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.toHandle().destroyForcibly();
        }
        try {
            finish();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void finish() throws InterruptedException {
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            fail("child did not exit");
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
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
