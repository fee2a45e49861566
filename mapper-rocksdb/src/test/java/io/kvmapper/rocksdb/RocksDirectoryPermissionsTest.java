package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who may read a store's directory, on POSIX file systems (skipped elsewhere): created owner-only unless the
 * options say otherwise, and a warning, once, for a directory others may read.
 */
class RocksDirectoryPermissionsTest {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
    private final Logger logger = Logger.getLogger(RocksBackend.class.getName());
    private final List<String> warnings = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            synchronized (warnings) {
                warnings.add(record.getLevel() + " " + record.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @TempDir
    Path dir;

    @BeforeAll
    static void onPosixOnly() {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"),
                "POSIX file permissions only");
    }

    @BeforeEach
    void captureWarnings() {
        logger.addHandler(handler);
    }

    @AfterEach
    void stopCapturing() {
        logger.removeHandler(handler);
    }

    @Test
    void aNewStoreDirectoryAndItsMissingParentsAreTheOwnersOnly() throws IOException {
        Path store = dir.resolve("parent").resolve("store");

        RocksKvStore.open(store).close();

        assertEquals(OWNER_ONLY, Files.getPosixFilePermissions(store));
        assertEquals(OWNER_ONLY, Files.getPosixFilePermissions(store.getParent()));
        assertEquals(List.of(), warnings());
    }

    @Test
    void theOptionsChooseOtherPermissionsWhichTheUmaskMayOnlyNarrow() throws IOException {
        Set<PosixFilePermission> groupMayRead = PosixFilePermissions.fromString("rwxr-x---");
        Path store = dir.resolve("store");

        RocksKvStore.options().directoryPermissions(groupMayRead).open(store).close();

        Set<PosixFilePermission> expected = new HashSet<>(groupMayRead);
        expected.retainAll(allTheUmaskAllows());
        assertEquals(expected, Files.getPosixFilePermissions(store));
    }

    @Test
    void anExistingDirectoryKeepsItsPermissionsAndOneOthersMayReadIsWarnedAboutOnce() throws IOException {
        Path store = Files.createDirectory(dir.resolve("store"));
        Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rwxr-xr-x"));

        RocksKvStore.open(store).close();
        RocksKvStore.open(store).close();

        assertEquals(PosixFilePermissions.fromString("rwxr-xr-x"), Files.getPosixFilePermissions(store));
        assertEquals(List.of("WARNING RocksDB store at " + store.toAbsolutePath() + " can be read by other users: its"
                + " directory's permissions are rwxr-xr-x. Make it owner-only (chmod 700 " + store.toAbsolutePath()
                + "), or, if others should read it, open it with RocksKvStore.Options.directoryPermissions granting"
                + " that"), warnings(), "once, though opened twice");
    }

    @Test
    void aDirectoryOthersMayOnlyEnterIsWarnedAboutTooSinceRocksDbsFileNamesCanBeGuessed() throws IOException {
        Path store = Files.createDirectory(dir.resolve("store"));
        Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rwx-----x"));

        RocksKvStore.open(store).close();

        assertEquals(1, warnings().size(), warnings().toString());
    }

    @Test
    void noWarningWhenTheOptionsGrantOthersWhatTheDirectoryGrants() throws IOException {
        Path store = Files.createDirectory(dir.resolve("store"));
        Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rwxr-xr-x"));

        RocksKvStore.options().directoryPermissions(PosixFilePermissions.fromString("rwxr-xr-x")).open(store).close();

        assertEquals(List.of(), warnings());
    }

    @Test
    void theOptionsRefusePermissionsRocksDbCannotWorkWith() {
        assertEquals(OWNER_ONLY, RocksKvStore.options().directoryPermissions());
        assertEquals(OWNER_ONLY, RocksKvStore.Options.DEFAULT_DIRECTORY_PERMISSIONS);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RocksKvStore.options().directoryPermissions(PosixFilePermissions.fromString("r-x------")));
        assertEquals("directoryPermissions must let the owner read, write and enter the directory (rwx------ at"
                + " least), was r-x------", e.getMessage());
        assertThrows(NullPointerException.class, () -> RocksKvStore.options().directoryPermissions(null));
        assertTrue(RocksKvStore.options().toString().contains(", directoryPermissions=rwx------,"),
                RocksKvStore.options().toString());
    }

    /** What the process's umask lets a new directory have: a probe created with every permission. */
    private Set<PosixFilePermission> allTheUmaskAllows() throws IOException {
        Path probe = Files.createDirectory(dir.resolve("probe"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxrwxrwx")));
        return Files.getPosixFilePermissions(probe);
    }

    private List<String> warnings() {
        synchronized (warnings) {
            return List.copyOf(warnings);
        }
    }
}
