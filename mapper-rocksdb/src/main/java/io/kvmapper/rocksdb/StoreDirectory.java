package io.kvmapper.rocksdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who may read a store's directory: it is created with the options' permissions ({@code rwx------} by default,
 * set at creation, so there is no moment when it is open to others), and opening one that others may list or
 * enter logs a warning, once per directory in this JVM. RocksDB creates its files with the process's umask
 * (usually readable by all), so the directory's mode is what keeps them private. On a file system without POSIX
 * permissions (Windows) the directory takes its parent's access rules and nothing is checked.
 */
final class StoreDirectory {
    private static final System.Logger LOG = System.getLogger(RocksBackend.class.getName());
    /** The directories warned about, so that a store opened again and again warns once. */
    private static final Set<Path> WARNED = ConcurrentHashMap.newKeySet();

    private StoreDirectory() {
    }

    /**
     * Creates {@code directory} and its missing parents with {@code permissions} (narrowed by the umask, as any
     * new file's); one that exists keeps its own.
     */
    static void create(Path directory, Set<PosixFilePermission> permissions) throws IOException {
        if (Files.isDirectory(directory)) {
            return;
        }
        if (isPosix(directory)) {
            Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(permissions));
        } else {
            Files.createDirectories(directory);
        }
    }

    /**
     * Logs a warning, once per directory, if others (neither the owner nor the group) may list or enter
     * {@code directory} and so read the store's files, unless {@code chosen} grants them that: then the options
     * asked for it.
     */
    static void warnIfOthersMayRead(Path directory, Set<PosixFilePermission> chosen) throws IOException {
        if (!isPosix(directory) || grantsOthers(chosen)) {
            return;
        }
        Set<PosixFilePermission> actual = Files.getPosixFilePermissions(directory);
        if (grantsOthers(actual) && WARNED.add(directory)) {
            LOG.log(System.Logger.Level.WARNING, "RocksDB store at " + directory + " can be read by other users: its"
                    + " directory's permissions are " + PosixFilePermissions.toString(actual) + ". Make it"
                    + " owner-only (chmod 700 " + directory + "), or, if others should read it, open it with"
                    + " RocksKvStore.Options.directoryPermissions granting that");
        }
    }

    private static boolean grantsOthers(Set<PosixFilePermission> permissions) {
        return permissions.contains(PosixFilePermission.OTHERS_READ)
                || permissions.contains(PosixFilePermission.OTHERS_EXECUTE);
    }

    private static boolean isPosix(Path directory) {
        return directory.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
