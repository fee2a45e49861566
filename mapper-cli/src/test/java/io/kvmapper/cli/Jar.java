package io.kvmapper.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;

/** Runs {@code java -jar target/kvmapper.jar} as a real process, its output in files. */
final class Jar {
    private Jar() {
    }

    /** The runnable jar the build made. */
    static Path path() {
        Path jar = Path.of(System.getProperty("kvmapper.cli.jar", "target/kvmapper.jar"));
        Assertions.assertTrue(Files.isRegularFile(jar), "the build makes " + jar + " before these tests run");
        return jar;
    }

    /** The {@code java} command of this JVM. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static Cli.Result run(Path scratch, String... args) {
        return run(scratch, List.of(), Map.of(), args);
    }

    /** Runs the jar with these JVM options and extra environment variables, waiting at most three minutes. */
    static Cli.Result run(Path scratch, List<String> jvm, Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>(List.of(java(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        command.addAll(jvm);
        command.addAll(List.of("-jar", path().toString()));
        command.addAll(List.of(args));
        try {
            File out = Files.createTempFile(scratch, "out-", ".txt").toFile();
            File err = Files.createTempFile(scratch, "err-", ".txt").toFile();
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out).redirectError(err)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(3, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                Assertions.fail("kvmapper " + String.join(" ", args) + " did not end within three minutes");
            }
            return new Cli.Result(process.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                    Files.readString(err.toPath(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
