package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import io.kvmapper.StorageException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The keyspace and the three tables of a store ({@link Statements}), found or created when the store opens.
 * What exists is read from {@code system_schema}, which every role may read, and only what is missing is created:
 * Cassandra checks the {@code CREATE} permission of a {@code CREATE ... IF NOT EXISTS} before it looks whether
 * the table exists, so a store that sent one on every open could never be opened by a role holding only
 * {@code SELECT} and {@code MODIFY}. When a creation is refused for want of that permission, the exception says
 * which permission, and how to create the tables once with a role that holds it.
 */
final class StoreSchema {
    /** How the data table's comment records the layout: the number of buckets of a bucketed partition. */
    private static final Pattern LAYOUT = Pattern.compile("kvmapper layout: partitionBuckets=(\\d+)");
    /**
     * How the data table's comment records that every data row under a counter key has a mark beside its counter
     * ({@code bases} in the counter table), so that a read of a counter key asks the data table only if it is
     * marked. Tables created without it (by an earlier version, or by hand) are read in both tables.
     */
    static final String MARKED_BASES = "counterBases=marked";
    /**
     * How the data table's comment records that the partitions {@link CassandraKvStore.Options#bucketsByValue} names
     * choose a key's bucket by its sort key's first element ({@link Placement}). Tables created without it (by an
     * earlier version, or by hand) choose every bucket by the whole sort key, as they were written.
     */
    static final String PLACED_BY_VALUE = "buckets=byValue";
    private static final String SECURITY = " (docs/security.md shows the CQL)";

    private final CqlSession session;
    private final String keyspace;
    private final String table;
    private final ConsistencyLevel writeConsistency;
    private final Duration timeout;

    StoreSchema(CqlSession session, String keyspace, String table, ConsistencyLevel writeConsistency,
            Duration timeout) {
        this.session = session;
        this.keyspace = keyspace;
        this.table = table;
        this.writeConsistency = writeConsistency;
        this.timeout = timeout;
    }

    /**
     * Finds the keyspace and tables, creates what is missing as the options allow, and checks that the tables
     * were created for the options' number of buckets.
     *
     * @return what the data table's comment records beyond the number of buckets
     * @throws StorageException if the keyspace or a table is missing and may not be created, or the layout differs
     */
    Recorded open(CassandraKvStore.Options options) {
        Map<String, String> tables = tables();
        if (tables.isEmpty() && !keyspaceExists()) {
            createKeyspace(options.keyspaceReplication());
        }
        List<String> missing = missing(tables);
        if (!missing.isEmpty()) {
            if (!options.createTables()) {
                throw new StorageException(names(missing) + " of the store do" + (missing.size() == 1 ? "es" : "")
                        + " not exist: let the store create " + (missing.size() == 1 ? "it" : "them")
                        + " (CassandraKvStore.Options.createTables)", null, false);
            }
            // a data table is created as marking bases only with its counter table, which then has the column
            createTables(missing, options.partitionBuckets(), missing.size() == 3);
            tables = tables();
        }
        String comment = tables.get(table.toLowerCase(Locale.ROOT));
        checkLayout(comment, options.partitionBuckets());
        return new Recorded(comment != null && comment.contains(MARKED_BASES),
                comment != null && comment.contains(PLACED_BY_VALUE));
    }

    /**
     * What a data table's comment records besides its number of buckets.
     *
     * @param marksBases whether the counter table marks the counter keys that have a data row ({@link #MARKED_BASES})
     * @param placesByValue whether buckets are chosen by value where the options say so ({@link #PLACED_BY_VALUE})
     */
    record Recorded(boolean marksBases, boolean placesByValue) {
    }

    /** The tables of the keyspace, by name, with their comments (empty if the keyspace does not exist). */
    private Map<String, String> tables() {
        Map<String, String> tables = new LinkedHashMap<>();
        for (Row row : execute(SimpleStatement.newInstance(
                "SELECT table_name, comment FROM system_schema.tables WHERE keyspace_name = ?", lower(keyspace)))) {
            tables.put(row.getString(0), row.getString(1) == null ? "" : row.getString(1));
        }
        return tables;
    }

    private boolean keyspaceExists() {
        return execute(SimpleStatement.newInstance(
                "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?", lower(keyspace)))
                .one() != null;
    }

    private void createKeyspace(Map<String, String> replication) {
        if (replication == null) {
            throw new StorageException("Cassandra keyspace " + keyspace + " does not exist: create it, or give"
                    + " CassandraKvStore.Options.keyspaceReplication to have it created", null, false);
        }
        String cql = "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = "
                + replication.entrySet().stream().map(e -> quote(e.getKey()) + ": " + quote(e.getValue()))
                        .collect(Collectors.joining(", ", "{", "}"));
        try {
            ddl(cql);
        } catch (UnauthorizedException e) {
            throw new StorageException("Cassandra keyspace " + keyspace + " does not exist, and this role may not"
                    + " create it: " + e.getMessage() + ". Creating a keyspace needs CREATE ON ALL KEYSPACES; have it"
                    + " created once by a role that holds that (an operator's choice of replication), then open the"
                    + " store" + SECURITY, e, false);
        }
    }

    private void createTables(List<String> missing, int buckets, boolean markBases) {
        try {
            for (String name : missing) {
                ddl(createTable(name, buckets, markBases));
            }
        } catch (UnauthorizedException e) {
            throw new StorageException(names(missing) + " of the store do" + (missing.size() == 1 ? "es" : "")
                    + " not exist, and this role may not create " + (missing.size() == 1 ? "it" : "them") + ": "
                    + e.getMessage() + ". Creating them needs CREATE ON KEYSPACE " + keyspace + ": open the store once"
                    + " with a role that holds it, which creates them; then this role needs only SELECT and MODIFY"
                    + " on the keyspace" + SECURITY, e, false);
        }
    }

    /** The store's tables that {@code tables} lacks, data table first. */
    private List<String> missing(Map<String, String> tables) {
        List<String> missing = new ArrayList<>();
        for (String name : List.of(table, table + "_chunks", table + "_counters")) {
            if (!tables.containsKey(lower(name))) {
                missing.add(name);
            }
        }
        return missing;
    }

    private String createTable(String name, int buckets, boolean markBases) {
        String qualified = keyspace + "." + name;
        if (name.equals(table)) {
            return "CREATE TABLE IF NOT EXISTS " + qualified + " (partition blob, key blob, value blob,"
                    + " PRIMARY KEY (partition, key)) WITH CLUSTERING ORDER BY (key ASC)"
                    + " AND comment = 'kvmapper layout: partitionBuckets=" + buckets
                    + ", " + PLACED_BY_VALUE + (markBases ? ", " + MARKED_BASES : "") + "'";
        }
        if (name.equals(table + "_chunks")) {
            return "CREATE TABLE IF NOT EXISTS " + qualified + " (partition blob, key blob, chunk int, chunks int,"
                    + " value blob, PRIMARY KEY (partition, key, chunk))";
        }
        return "CREATE TABLE IF NOT EXISTS " + qualified + " (partition blob, key blob, value counter,"
                + (markBases ? " bases counter," : "") + " PRIMARY KEY (partition, key))";
    }

    /**
     * Checks that the tables were created for {@code buckets} buckets, as the data table's comment records; tables
     * without the record (created by hand) count as unbucketed.
     */
    private void checkLayout(String comment, int buckets) {
        Matcher layout = LAYOUT.matcher(comment == null ? "" : comment);
        int recorded = layout.find() ? Integer.parseInt(layout.group(1)) : 1;
        if (recorded != buckets) {
            throw new StorageException("Cassandra table " + keyspace + "." + table + " was created for " + recorded
                    + " partition bucket(s) (its comment records the layout) and is opened with partitionBuckets("
                    + buckets + "); the number decides where data lies, so open the store with partitionBuckets("
                    + recorded + ")", null, false);
        }
    }

    private String names(List<String> tables) {
        return (tables.size() == 1 ? "Cassandra table " : "Cassandra tables ")
                + tables.stream().map(name -> keyspace + "." + name).collect(Collectors.joining(", "));
    }

    private ResultSet execute(SimpleStatement statement) {
        return session.execute(timeout == null ? statement : statement.setTimeout(timeout));
    }

    private void ddl(String cql) {
        execute(SimpleStatement.newInstance(cql).setConsistencyLevel(writeConsistency));
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    private static String quote(String literal) {
        return "'" + literal.replace("'", "''") + "'";
    }
}
