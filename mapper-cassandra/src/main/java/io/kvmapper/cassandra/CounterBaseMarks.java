package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.kvmapper.StorageException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Brings tables created before data rows under counter keys were marked ({@link Statements#marksBases()}) to the
 * marked layout: adds the {@code bases} column to the counter table, marks every data row in a partition that may
 * hold counters (those of counter keys among them), and then records the layout in the data table's comment, so that stores opened afterwards read a
 * counter with one request. Every step may be run again: a mark only grows, and one too many costs a reader one
 * read. No process may have the store open meanwhile, since one that opened it before would go on writing data rows
 * beside counters without marking them.
 */
final class CounterBaseMarks {
    /** The most marks one counter batch sends. */
    private static final int BATCH = 100;

    private final CqlSession session;
    private final String keyspace;
    private final String table;
    private final CassandraKvStore.Options options;

    CounterBaseMarks(CqlSession session, String keyspace, CassandraKvStore.Options options) {
        this.session = session;
        this.keyspace = Statements.checkName("keyspace", keyspace);
        this.table = Statements.checkName("table", options.table());
        this.options = options;
    }

    /**
     * Marks the store's data rows beside counters, unless its tables already mark them.
     *
     * @return how many data rows were marked; 0 for tables that already mark them
     * @throws StorageException if the data table does not exist, or Cassandra fails (run it again)
     */
    long run() {
        String data = keyspace + "." + table;
        String counters = data + "_counters";
        try {
            Row described = execute(SimpleStatement.newInstance("SELECT comment FROM system_schema.tables"
                    + " WHERE keyspace_name = ? AND table_name = ?", lower(keyspace), lower(table))).one();
            if (described == null) {
                throw new StorageException("Cassandra table " + data + " does not exist: there are no data rows to"
                        + " mark (a store created now marks them from the start)", null, false);
            }
            String comment = described.getString(0) == null ? "" : described.getString(0);
            if (comment.contains(StoreSchema.MARKED_BASES)) {
                return 0;
            }
            boolean hasColumn = execute(SimpleStatement.newInstance("SELECT column_name FROM system_schema.columns"
                    + " WHERE keyspace_name = ? AND table_name = ? AND column_name = 'bases'", lower(keyspace),
                    lower(table + "_counters"))).one() != null;
            if (!hasColumn) {
                ddl("ALTER TABLE " + counters + " ADD bases counter");
            }
            long marked = markRows(data, counters);
            String layout = comment.isEmpty() ? StoreSchema.MARKED_BASES : comment + ", " + StoreSchema.MARKED_BASES;
            ddl("ALTER TABLE " + data + " WITH comment = '" + layout.replace("'", "''") + "'");
            return marked;
        } catch (DriverException e) {
            throw CassandraErrors.storage("Cassandra table " + data, "marking the data rows beside counters (it may"
                    + " be run again)", e);
        }
    }

    /** Marks every data row of every stored partition that may hold counters, a counter batch per 100 rows. */
    private long markRows(String data, String counters) {
        Predicate<byte[]> counterPartitions = options.counterPartitions();
        PreparedStatement rows = session.prepare("SELECT key FROM " + data + " WHERE partition = ?");
        PreparedStatement mark = session.prepare("UPDATE " + counters + " SET bases = bases + 1"
                + " WHERE partition = ? AND key = ?");
        long marked = 0;
        for (Row partition : execute(read(SimpleStatement.newInstance("SELECT DISTINCT partition FROM " + data)))) {
            ByteBuffer stored = partition.getByteBuffer(0);
            if (!counterPartitions.test(Placement.partitionOf(Statements.bytes(stored)))) {
                continue;
            }
            List<BatchableStatement<?>> batch = new ArrayList<>();
            for (Row row : execute(read(rows.bind(stored)))) {
                batch.add(mark.bind(stored, row.getByteBuffer(0)));
                if (batch.size() == BATCH) {
                    marked += send(batch);
                }
            }
            marked += send(batch);
        }
        return marked;
    }

    private int send(List<BatchableStatement<?>> batch) {
        int size = batch.size();
        if (size > 0) {
            execute(BatchStatement.newInstance(BatchType.COUNTER, batch)
                    .setConsistencyLevel(options.writeConsistency()).setIdempotent(true));
            batch.clear();
        }
        return size;
    }

    private <S extends Statement<S>> S read(S statement) {
        return statement.setConsistencyLevel(options.readConsistency()).setPageSize(options.pageSize());
    }

    private void ddl(String cql) {
        execute(SimpleStatement.newInstance(cql).setConsistencyLevel(options.writeConsistency()));
    }

    private com.datastax.oss.driver.api.core.cql.ResultSet execute(Statement<?> statement) {
        return session.execute(options.requestTimeout() == null ? statement
                : statement.setTimeout(options.requestTimeout()));
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
