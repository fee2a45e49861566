package io.kvmapper.it.schema;

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

/** A second JVM on this JVM's class path, with its stdout collected line by line and its stderr in a file. */
final class ChildJvm implements AutoCloseable {
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
    static ChildJvm start(Class<?> mainClass, Path scratch, String... args) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path stderr = Files.createTempFile(scratch, "child-", ".err");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx128m", "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        return new ChildJvm(process, stderr);
    }

    /** Waits until the child has printed {@code line}, or fails after {@code seconds}. */
    void awaitLine(String line, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!lines.contains(line)) {
            if (!process.isAlive() && !reader.isAlive() && !lines.contains(line)) {
                fail("child exited with " + process.exitValue() + " before printing " + line + "; stderr:\n"
                        + stderr());
            }
            if (System.nanoTime() > deadline) {
                fail("child did not print " + line + " within " + seconds + " s; stderr:\n" + stderr());
            }
            Thread.sleep(5);
        }
    }

    /** Kills the child with SIGKILL (through its handle, so that our end of its stdout stays open). */
    void kill() throws InterruptedException {
        if (!process.isAlive()) {
            fail("the child died before it was killed, with " + process.exitValue() + "; stderr:\n" + stderr());
        }
        process.toHandle().destroyForcibly();
        finish();
    }

    String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

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
