package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.KvMapperException;
import io.kvmapper.StorageException;
import org.junit.jupiter.api.Test;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/** How RocksDB statuses become KV Mapper exceptions, and which are retryable. */
class RocksErrorsTest {
    @Test
    void aFailedCommitWriteIsAStorageFailureNamingTheStore() {
        KvMapperException e = RocksErrors.storage("/db", "commit", failure(Status.Code.IOError));
        StorageException storage = assertInstanceOf(StorageException.class, e);
        assertFalse(storage.isRetryable());
        assertEquals("RocksDB store at /db: commit failed: IOError: test", storage.getMessage());
    }

    @Test
    void onlyPassingConditionsAreRetryable() {
        for (Status.Code code : Status.Code.values()) {
            boolean passing = code == Status.Code.Busy || code == Status.Code.TryAgain || code == Status.Code.TimedOut;
            assertEquals(passing, RocksErrors.storage("/db", "get", failure(code)).isRetryable(), code.name());
        }
    }

    @Test
    void anExceptionWithoutStatusIsNotRetryable() {
        KvMapperException e = RocksErrors.storage("/db", "get", new RocksDBException("plain"));
        assertTrue(e instanceof StorageException, e.getClass().getName());
        assertFalse(e.isRetryable());
        assertEquals("RocksDB store at /db: get failed: plain", e.getMessage());
    }

    @Test
    void damagedDataIsCorruptDataNotAStorageFailure() {
        KvMapperException e = RocksErrors.storage("/db", "get", failure(Status.Code.Corruption));
        assertTrue(e instanceof CorruptDataException, e.getClass().getName());
        assertFalse(e.isRetryable());
        assertTrue(e.getMessage().contains("/db") && e.getMessage().contains("damaged"), e.getMessage());
    }

    private static RocksDBException failure(Status.Code code) {
        return new RocksDBException(code.name() + ": test", new Status(code, Status.SubCode.None, "test"));
    }
}
