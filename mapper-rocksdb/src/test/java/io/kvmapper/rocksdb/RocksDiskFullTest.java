package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Commits while the file system fills up, alone and in groups larger than one RocksDB write may join
 * ({@link RocksBackend#GROUP_WRITE_BYTES}), then a crash or a close, more space, and a reopen: no commit
 * told that it failed is in the store, every commit told that it committed is, intact.
 *
 * <p>The store's file system fills up in one of two ways, in a second JVM ({@link DiskFullMain}):
 * <ul>
 *   <li><b>a small tmpfs</b>, mounted in a private mount namespace of an unprivileged user namespace
 *       ({@code unshare --user --map-root-user --mount}), so no root is needed; a write past its size fails
 *       with {@code ENOSPC}. It is grown ({@code remount}) before the reopen. Skipped where user namespaces
 *       are not allowed (some CI sandboxes), and says so;
 *   <li><b>a file size limit</b> ({@code prlimit --fsize}, {@code RLIMIT_FSIZE}): a write that would take
 *       a file past it fails with {@code EFBIG} (the JVM ignores {@code SIGXFSZ}). RocksDB sees the same
 *       failed append of its write-ahead log as on a full disk; it does not cover other files filling the
 *       disk, such as a flush's table file. The reopen runs without the limit. Needs only util-linux.
 * </ul>
 *
 * <p>Each case prints its figures (commits that returned and that failed, keys after the reopen, the first
 * failure) to the test's output.
 */
@Timeout(180)
class RocksDiskFullTest {
    /** One writer with 4 MiB commits: groups of one. */
    private static final int SINGLE_VALUE = 4 << 20;
    /** Four writers with 12 MiB commits: three or four queue while one writes, over the 32 MiB a write joins. */
    private static final int GROUPED_VALUE = 12 << 20;
    private static final String SPACE = "42m";
    private static final long FILE_SIZE_LIMIT = 42L << 20;

    @TempDir
    Path scratch;

    /**
     * With 64 MiB memtables the write-ahead log is what fills the space; with 4 and 8 MiB ones, memtable
     * flushes write table files too, and a flush that runs out of space makes RocksDB refuse the commits
     * that follow.
     */
    @ParameterizedTest(name = "{0}, {1} writer(s), {3} MiB memtables, then {2}")
    @CsvSource({
        "tmpfs, 1, fill-then-crash, 64",
        "tmpfs, 4, fill-then-crash, 64",
        "tmpfs, 4, fill-then-close, 64",
        "tmpfs, 1, fill-then-crash, 4",
        "tmpfs, 4, fill-then-close, 8",
        "file-size-limit, 1, fill-then-crash, 64",
        "file-size-limit, 4, fill-then-crash, 64",
        "file-size-limit, 4, fill-then-close, 64",
    })
    void noCommitToldItFailedIsStoredAndEveryCommitToldItCommittedIs(String space, int writers, String fill,
            int memtableMiB) throws Exception {
        Path dir = Files.createDirectory(scratch.resolve("store"));
        String value = String.valueOf(writers == 1 ? SINGLE_VALUE : GROUPED_VALUE);
        List<String> fillCommand = ChildJvm.javaCommand("384m", DiskFullMain.class, dir.toString(),
                String.valueOf(writers), value, fill, String.valueOf(memtableMiB));
        List<String> checkCommand = ChildJvm.javaCommand("384m", DiskFullMain.class, dir.toString(), "-", "-",
                "check");
        List<String> command = switch (space) {
            case "tmpfs" -> onASmallTmpfs(dir, fillCommand, checkCommand);
            case "file-size-limit" -> underAFileSizeLimit(fillCommand, checkCommand);
            default -> throw new IllegalArgumentException(space);
        };
        try (ChildJvm child = ChildJvm.startCommand(command, scratch)) {
            List<String> printed = child.await();
            assertOutcomesMatchTheStore(printed, space + ", " + writers + " writer(s), " + memtableMiB
                    + " MiB memtables, " + fill, child.stderr());
        }
    }

    private static void assertOutcomesMatchTheStore(List<String> printed, String run, String stderr) {
        Map<String, String> told = new TreeMap<>();
        Map<String, Boolean> present = new TreeMap<>();
        List<String> other = new ArrayList<>();
        String failure = "";
        for (String line : printed) {
            String[] words = line.split(" ", 3);
            switch (words[0]) {
                case "OK" -> told.put(words[1], words[0]);
                case "FAILED" -> {
                    told.put(words[1], words[0]);
                    failure = failure.isEmpty() ? words[2] : failure;
                }
                case "PRESENT" -> present.put(words[1], Boolean.parseBoolean(words[2]));
                default -> other.add(line);
            }
        }
        String context = run + ": told " + told + ", present after reopen " + present + ", " + other
                + ", first failure: " + failure + "\nstderr:\n" + stderr;
        assertTrue(printed.contains("FILLED"), "the writers finished: " + context);
        assertTrue(printed.contains("CHECKED"), "the store reopened: " + context);
        assertTrue(told.containsValue("OK"), "some commits fit: " + context);
        assertTrue(told.containsValue("FAILED"), "the file system filled up: " + context);
        List<String> wrong = new ArrayList<>();
        told.forEach((key, outcome) -> {
            boolean stored = present.containsKey(key);
            if (outcome.equals("OK") && !(stored && present.get(key))) {
                wrong.add(key + " was told it committed but is " + (stored ? "damaged" : "missing"));
            }
            if (outcome.equals("FAILED") && stored) {
                wrong.add(key + " was told it failed but is stored");
            }
        });
        present.keySet().stream().filter(key -> !told.containsKey(key))
                .forEach(key -> wrong.add(key + " is stored but no commit of it returned"));
        assertEquals(List.of(), wrong, context);
        // The figures of the run, for the reliability report.
        System.out.println(run + ": " + told.values().stream().filter("OK"::equals).count() + " committed, "
                + told.values().stream().filter("FAILED"::equals).count() + " failed, " + present.size()
                + " present after the reopen; first failure: " + failure);
    }

    /**
     * Fill on a tmpfs of {@value #SPACE} in a private mount namespace, grow it, check: one shell in that
     * namespace, since the mount lives only as long as the namespace.
     */
    private List<String> onASmallTmpfs(Path dir, List<String> fill, List<String> check)
            throws IOException, InterruptedException {
        List<String> unshare = List.of("unshare", "--user", "--map-root-user", "--mount");
        List<String> probe = new ArrayList<>(unshare);
        probe.addAll(List.of("sh", "-c", "mount -t tmpfs -o size=1m kvmapper-probe \"$0\"", dir.toString()));
        String failure = run(probe);
        assumeTrue(failure.isEmpty(), "cannot mount a tmpfs in a user namespace here: " + failure);
        String mount = "mount -t tmpfs -o size=" + SPACE + " kvmapper-disk-full " + quote(dir.toString());
        String grow = "mount -t tmpfs -o remount,size=512m kvmapper-disk-full " + quote(dir.toString());
        List<String> command = new ArrayList<>(unshare);
        command.addAll(List.of("sh", script("set -e", mount, quote(fill) + " || true", grow, "exec " + quote(check))
                .toString()));
        return command;
    }

    /** Fill under a file size limit of {@value #FILE_SIZE_LIMIT} bytes, then check without it. */
    private List<String> underAFileSizeLimit(List<String> fill, List<String> check)
            throws IOException, InterruptedException {
        String failure = run(List.of("prlimit", "--fsize=1000000", "--", "true"));
        assumeTrue(failure.isEmpty(), "cannot limit the file size here (prlimit): " + failure);
        return List.of("sh", script("prlimit --fsize=" + FILE_SIZE_LIMIT + " -- " + quote(fill) + " || true",
                "exec " + quote(check)).toString());
    }

    private Path script(String... lines) throws IOException {
        return Files.writeString(Files.createTempFile(scratch, "disk-full-", ".sh"), String.join("\n", lines) + "\n");
    }

    /** The words as one shell command line, each single-quoted. */
    private static String quote(List<String> words) {
        return String.join(" ", words.stream().map(RocksDiskFullTest::quote).toList());
    }

    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** Runs {@code command}; returns "" if it succeeded, else what it printed and its exit code. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage();
        }
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return "timed out";
        }
        String output = new String(process.getInputStream().readAllBytes()).trim();
        return process.exitValue() == 0 ? "" : output + " (exit " + process.exitValue() + ")";
    }
}
