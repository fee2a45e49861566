package io.kvmapper.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.benchmarks.shop.User;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQL and JE contenders are configured as issue 16's harness configured them (128 MiB caches), and the SQL
 * contenders serve the status list from their index in order, reading only the rows they return.
 */
class PeerContendersTest {
    private static final int USERS = 3_000;
    private static final int LIMIT = 100;

    @Test
    void h2HasA128MibCacheAndListsAStatusByReadingOnlyTheListsIndexEntries(@TempDir Path dir) throws SQLException {
        try (JdbcContender h2 = JdbcContender.h2(dir)) {
            Workload.load(h2, Workload.KeyOrder.RANDOM, USERS, 0);
            Connection connection = h2.connection();
            assertEquals("131072", oneString(connection,
                    "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'CACHE_SIZE'"));
            String plan = String.join("\n", explain(connection, "EXPLAIN ANALYZE "));
            // About 1,000 users have the status: a plan that reads them all and sorts says scanCount: 1000.
            assertTrue(plan.contains("PUBLIC.USERS_STATUS_ID: STATUS = ?1"), plan);
            assertTrue(plan.contains("/* scanCount: " + LIMIT + " */"), plan);
            assertTrue(plan.contains("/* index sorted */"), plan);
        }
    }

    @Test
    void sqliteHasA128MibCacheAndListsAStatusFromItsIndexWithoutASort(@TempDir Path dir) throws SQLException {
        try (JdbcContender sqlite = JdbcContender.sqlite(dir)) {
            Workload.load(sqlite, Workload.KeyOrder.RANDOM, USERS, 0);
            Connection connection = sqlite.connection();
            assertEquals("-131072", oneString(connection, "PRAGMA cache_size"));
            // EXPLAIN QUERY PLAN's rows: id, parent, notused, detail.
            List<String> plan = explain(connection, "EXPLAIN QUERY PLAN ");
            String details = String.join("\n", plan);
            assertTrue(details.contains("USING INDEX users_status (status=?)"), details);
            assertFalse(details.contains("TEMP B-TREE"), details);
        }
    }

    @Test
    void berkeleyJeHasA128MibCache(@TempDir Path dir) {
        try (BerkeleyJeContender je = new BerkeleyJeContender(dir)) {
            assertEquals(128L << 20, je.cacheBytes());
        }
    }

    @Test
    void theListQueryReturnsTheFirstUsersOfTheStatusInIdOrder(@TempDir Path dir) {
        try (JdbcContender h2 = JdbcContender.h2(dir)) {
            Workload.load(h2, Workload.KeyOrder.RANDOM, USERS, 0);
            for (User.Status status : User.Status.values()) {
                List<User> expected = LongStream.range(0, USERS)
                        .map(Workload.KeyOrder.RANDOM::id).sorted().mapToObj(Workload::user)
                        .filter(user -> user.status() == status).limit(LIMIT).toList();
                assertEquals(expected, h2.usersWithStatus(status, LIMIT), status.name());
            }
        }
    }

    /** The plan of the contender's status list for {@code SUSPENDED}, one string per row's last column. */
    private static List<String> explain(Connection connection, String explain) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(explain + JdbcContender.USERS_WITH_STATUS)) {
            query.setString(1, User.Status.SUSPENDED.name());
            query.setInt(2, LIMIT);
            try (ResultSet plan = query.executeQuery()) {
                int last = plan.getMetaData().getColumnCount();
                while (plan.next()) {
                    rows.add(plan.getString(last));
                }
            }
        }
        return rows;
    }

    private static String oneString(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(sql)) {
            assertTrue(row.next(), sql);
            return row.getString(1);
        }
    }
}
