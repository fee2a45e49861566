package io.kvmapper.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** Runs the tool in this JVM, as {@code main} would, collecting what it prints. */
final class Cli {
    /**
     * What a run did.
     *
     * @param exit the exit code
     * @param out what it wrote to standard output
     * @param err what it wrote to standard error
     */
    record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- out:\n" + out + "--- err:\n" + err;
        }
    }

    private Cli() {
    }

    static Result run(String... args) {
        return run(Map.of(), args);
    }

    /** Runs with these environment variables added to this process's. */
    static Result run(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.putAll(env);
        int exit;
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exit = KvMapperCli.run(new Console(outStream, errStream, environment, false, false), args);
        }
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
