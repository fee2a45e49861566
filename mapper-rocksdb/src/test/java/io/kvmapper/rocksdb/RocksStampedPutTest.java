package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.RocksDBException;
import org.rocksdb.TransactionLogIterator;
import org.rocksdb.WriteBatch;

/**
 * The stamp of a stamped put on RocksDB is the sequence number RocksDB gives the put's own record: read back from
 * RocksDB's write-ahead log, every stamped record sits at exactly the sequence number its key holds, also when
 * concurrent commits are written together in one group.
 */
class RocksStampedPutTest {
    private static final byte[] LOG = Tuples.encode("log");

    @TempDir
    Path dir;

    @Test
    void everyStampIsTheSequenceNumberOfItsOwnRecordInRocksDbsLog() throws Exception {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            long before = backend.db().getLatestSequenceNumber();
            ExecutorService threads = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    int thread = t;
                    done.add(threads.submit(() -> {
                        for (int i = 0; i < 50; i++) {
                            try (KvTransaction tx = backend.beginTransaction()) {
                                tx.put(Tuples.encode("record", thread, i), new byte[] {1});
                                tx.put(Tuples.encode("index", thread, i), new byte[0]);
                                tx.putStamped(LOG, Tuples.encode(thread, i, "first"), null);
                                tx.put(Tuples.encode("record", thread, i), new byte[] {2}); // a key written twice
                                tx.putStamped(LOG, Tuples.encode(thread, i, "second"), null);
                                tx.commit();
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> future : done) {
                    future.get(60, TimeUnit.SECONDS);
                }
            } finally {
                threads.shutdownNow();
            }

            Map<Long, byte[]> stamped = new HashMap<>();
            try (KvCursor cursor = backend.scan(KeyRange.startingWith(LOG), ScanOptions.FORWARD)) {
                while (cursor.hasNext()) {
                    KeyValue item = cursor.next();
                    long stamp = (Long) Tuples.decode(item.key()).get(1);
                    stamped.put(stamp, item.key());
                }
            }
            assertEquals(400, stamped.size(), "every stamp is unique");
            Map<Long, byte[]> logged = stampedRecordsInTheLog(backend, before + 1);
            assertEquals(stamped.keySet(), logged.keySet(), "the stamps are the sequence numbers of the records");
            for (Map.Entry<Long, byte[]> entry : stamped.entrySet()) {
                assertTrue(Arrays.equals(entry.getValue(), logged.get(entry.getKey())), "record at " + entry.getKey());
            }
            assertEquals(backend.db().getLatestSequenceNumber(),
                    stamped.keySet().stream().mapToLong(Long::longValue).max().orElseThrow(),
                    "the last record written is the last commit's last stamped put");
        }
    }

    /** The keys under {@code LOG} that RocksDB's write-ahead log holds from {@code since} on, by sequence number. */
    private static Map<Long, byte[]> stampedRecordsInTheLog(RocksBackend backend, long since) throws RocksDBException {
        Map<Long, byte[]> logged = new HashMap<>();
        try (TransactionLogIterator log = backend.db().getUpdatesSince(since)) {
            for (; log.isValid(); log.next()) {
                TransactionLogIterator.BatchResult result = log.getBatch();
                long[] sequence = {result.sequenceNumber()};
                try (WriteBatch batch = result.writeBatch()) {
                    batch.iterate(new WriteBatch.Handler() {
                        @Override
                        public void put(byte[] key, byte[] value) {
                            if (KeyRange.startingWith(LOG).contains(key)) {
                                logged.put(sequence[0], key);
                            }
                            sequence[0]++;
                        }

                        @Override
                        public void put(int columnFamilyId, byte[] key, byte[] value) {
                            put(key, value);
                        }

                        @Override
                        public void merge(byte[] key, byte[] value) {
                            sequence[0]++;
                        }

                        @Override
                        public void merge(int columnFamilyId, byte[] key, byte[] value) {
                            sequence[0]++;
                        }

                        @Override
                        public void delete(byte[] key) {
                            sequence[0]++;
                        }

                        @Override
                        public void delete(int columnFamilyId, byte[] key) {
                            sequence[0]++;
                        }

                        @Override
                        public void singleDelete(byte[] key) {
                            sequence[0]++;
                        }

                        @Override
                        public void singleDelete(int columnFamilyId, byte[] key) {
                            sequence[0]++;
                        }

                        @Override
                        public void deleteRange(byte[] beginKey, byte[] endKey) {
                            sequence[0]++;
                        }

                        @Override
                        public void deleteRange(int columnFamilyId, byte[] beginKey, byte[] endKey) {
                            sequence[0]++;
                        }

                        @Override
                        public void logData(byte[] blob) {
                        }

                        @Override
                        public void putBlobIndex(int columnFamilyId, byte[] key, byte[] value) {
                            sequence[0]++;
                        }

                        @Override
                        public void markBeginPrepare() {
                        }

                        @Override
                        public void markEndPrepare(byte[] xid) {
                        }

                        @Override
                        public void markNoop(boolean emptyBatch) {
                        }

                        @Override
                        public void markRollback(byte[] xid) {
                        }

                        @Override
                        public void markCommit(byte[] xid) {
                        }

                        @Override
                        public void markCommitWithTimestamp(byte[] xid, byte[] ts) {
                        }
                    });
                }
            }
        }
        return logged;
    }
}
