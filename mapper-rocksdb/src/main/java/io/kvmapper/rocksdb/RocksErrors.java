package io.kvmapper.rocksdb;

import io.kvmapper.CorruptDataException;
import io.kvmapper.KvMapperException;
import io.kvmapper.StorageException;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/** Turns RocksDB's checked exceptions into KV Mapper's unchecked hierarchy, with context. */
final class RocksErrors {
    private RocksErrors() {
    }

    /**
     * A failure of {@code operation} on the store at {@code path}: a {@link CorruptDataException} when
     * RocksDB's checksums found damaged data, else a {@link StorageException}, retryable only for the
     * statuses that describe a passing condition (busy, try again, timed out).
     */
    static KvMapperException storage(String path, String operation, RocksDBException e) {
        if (code(e) == Status.Code.Corruption) {
            return new CorruptDataException("RocksDB store at " + path + ": " + operation + " found damaged data: "
                    + describe(e) + "; restore the store from a backup", e);
        }
        return new StorageException("RocksDB store at " + path + ": " + operation + " failed: " + describe(e), e,
                isTransient(code(e)));
    }

    /** Whether opening failed because another instance holds the directory's LOCK file. */
    static boolean isLockHeld(RocksDBException e) {
        return code(e) == Status.Code.IOError && describe(e).toLowerCase(java.util.Locale.ROOT).contains("lock");
    }

    private static boolean isTransient(Status.Code code) {
        return code == Status.Code.Busy || code == Status.Code.TryAgain || code == Status.Code.TimedOut;
    }

    private static Status.Code code(RocksDBException e) {
        Status status = e.getStatus();
        return status == null ? Status.Code.Undefined : status.getCode();
    }

    private static String describe(RocksDBException e) {
        String message = e.getMessage();
        return message == null || message.isEmpty() ? String.valueOf(code(e)) : message;
    }
}
