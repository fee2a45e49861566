package io.kvmapper.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress bar in a real terminal: the jar run in a tmux pane, whose screen is then read back. Skipped where
 * tmux is not installed.
 */
class TerminalProgressJarTest {
    @TempDir
    Path scratch;

    @Test
    void onATerminalTheProgressIsABarRedrawnInPlace() throws Exception {
        Assumptions.assumeTrue(tmux("-V").startsWith("tmux"), "tmux is not installed");
        String store = TestStores.rocksdb(scratch.resolve("store")).toString();
        String session = "kvmapper-test-" + ProcessHandle.current().pid();
        String command = Jar.java() + " -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -jar " + Jar.path().toAbsolutePath()
                + " verify Order Gadget --rocksdb " + store + "; echo EXIT=$?; sleep 120";
        tmux("new-session", "-d", "-s", session, "-x", "150", "-y", "40", command);
        try {
            String screen = "";
            for (int i = 0; i < 240 && !screen.contains("EXIT="); i++) {
                Thread.sleep(500);
                screen = tmux("capture-pane", "-p", "-t", session);
            }
            assertTrue(screen.contains("EXIT=0"), screen);
            assertTrue(screen.matches("(?s).*\\[=+] verify Order: 12/12 records \\(100%\\).*"), screen);
            assertTrue(screen.contains("Order: clean, 12 records checked"), screen);
            assertFalse(screen.contains("records in 0:"), "no plain lines on a terminal: " + screen);
        } finally {
            tmux("kill-session", "-t", session);
        }
    }

    private static String tmux(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux"));
        command.addAll(List.of(args));
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return "";
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor(30, TimeUnit.SECONDS);
        return output;
    }
}
