package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import java.nio.ByteBuffer;
import java.util.HexFormat;

/**
 * One statement of a commit's batch or counter batch, as data: which prepared statement ({@link Statements}) and
 * the values it binds, so that a commit can be planned and checked without a node ({@link CommitPlan}).
 * {@link #bind} makes the driver's statement. Byte values are compared by content; timestamps are microseconds.
 */
sealed interface CqlWrite {
    /** The statement, bound to its values. */
    BoundStatement bind(Statements statements);

    /**
     * {@code INSERT INTO kv ... USING TIMESTAMP}: a value, a counter's base, or, with a null value, the data row of
     * a value stored as chunks.
     */
    record InsertData(ByteBuffer stored, ByteBuffer sortKey, ByteBuffer value, long timestamp) implements CqlWrite {
        @Override
        public BoundStatement bind(Statements statements) {
            return statements.insertData.bind(stored, sortKey, value, timestamp);
        }

        @Override
        public String toString() {
            return "INSERT kv " + show(stored) + "/" + show(sortKey) + " = " + show(value) + " @" + timestamp;
        }
    }

    /** {@code DELETE FROM kv USING TIMESTAMP}: one key's data row. */
    record DeleteData(ByteBuffer stored, ByteBuffer sortKey, long timestamp) implements CqlWrite {
        @Override
        public BoundStatement bind(Statements statements) {
            return statements.deleteData.bind(timestamp, stored, sortKey);
        }

        @Override
        public String toString() {
            return "DELETE kv " + show(stored) + "/" + show(sortKey) + " @" + timestamp;
        }
    }

    /** {@code INSERT INTO kv_chunks ... USING TIMESTAMP}: chunk {@code chunk} of a value of {@code chunks}. */
    record InsertChunk(ByteBuffer stored, ByteBuffer sortKey, int chunk, int chunks, ByteBuffer value, long timestamp)
            implements CqlWrite {
        @Override
        public BoundStatement bind(Statements statements) {
            return statements.insertChunk.bind(stored, sortKey, chunk, chunks, value, timestamp);
        }

        @Override
        public String toString() {
            return "INSERT kv_chunks " + show(stored) + "/" + show(sortKey) + " chunk " + chunk + " of " + chunks
                    + " = " + show(value) + " @" + timestamp;
        }
    }

    /** {@code DELETE FROM kv_chunks USING TIMESTAMP}: every chunk of one key. */
    record DeleteChunks(ByteBuffer stored, ByteBuffer sortKey, long timestamp) implements CqlWrite {
        @Override
        public BoundStatement bind(Statements statements) {
            return statements.deleteChunks.bind(timestamp, stored, sortKey);
        }

        @Override
        public String toString() {
            return "DELETE kv_chunks " + show(stored) + "/" + show(sortKey) + " @" + timestamp;
        }
    }

    /**
     * {@code DELETE FROM kv} (or {@code kv_chunks}) {@code USING TIMESTAMP}: the keys from {@code from} up to
     * {@code to} (null: the stored partition's end) in one stored partition.
     */
    record DeleteRange(boolean chunkTable, ByteBuffer stored, ByteBuffer from, ByteBuffer to, long timestamp)
            implements CqlWrite {
        @Override
        public BoundStatement bind(Statements statements) {
            return to != null
                    ? statements.deleteRange(chunkTable, true).bind(timestamp, stored, from, to)
                    : statements.deleteRange(chunkTable, false).bind(timestamp, stored, from);
        }

        @Override
        public String toString() {
            return "DELETE " + (chunkTable ? "kv_chunks " : "kv ") + show(stored) + "/[" + show(from) + ", "
                    + (to == null ? "end" : show(to)) + ") @" + timestamp;
        }
    }

    /** {@code UPDATE kv_counters SET value = value + ?}: an add to one key's counter. */
    record AddCounter(ByteBuffer stored, ByteBuffer sortKey, long delta) implements CqlWrite {
        @Override
        public BoundStatement bind(Statements statements) {
            return statements.addCounter.bind(delta, stored, sortKey);
        }

        @Override
        public String toString() {
            return "ADD kv_counters " + show(stored) + "/" + show(sortKey) + " + " + delta;
        }
    }

    /**
     * {@code UPDATE kv_counters SET bases = bases + 1}: marks a key of a partition that may hold counters as having a
     * data row, sent before the row is written ({@link Statements#marksBases()}).
     */
    record MarkBase(ByteBuffer stored, ByteBuffer sortKey) implements CqlWrite {
        @Override
        public BoundStatement bind(Statements statements) {
            return statements.markBase.bind(stored, sortKey);
        }

        @Override
        public String toString() {
            return "MARK kv_counters " + show(stored) + "/" + show(sortKey);
        }
    }

    private static String show(ByteBuffer bytes) {
        return bytes == null ? "null" : HexFormat.of().formatHex(Statements.bytes(bytes));
    }
}
