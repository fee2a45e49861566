package io.kvmapper.benchmarks;

import io.kvmapper.benchmarks.shop.Order;
import io.kvmapper.benchmarks.shop.User;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * An embedded SQL database through JDBC, the way most users would do it instead: a {@code users} table
 * with a primary key, a unique email and an index on status, an {@code orders} table keyed by
 * (user, order), and the counters as rows of a {@code counters} table kept in the same transaction as the
 * rows they count (so a count is one primary-key read, as with the other contenders). Prepared statements
 * on one connection; each write is one transaction, each read one auto-committed statement. Both databases
 * get a 128 MiB page cache, as issue 16's harness gave every store (and the JE and RocksDB contenders have).
 */
final class JdbcContender implements Contender {
    /**
     * The status list. {@code ORDER BY status, id} rather than {@code ORDER BY id}: the same rows in the same
     * order (the status is fixed by the equality), but H2 2.5 takes an index as sorted for an {@code ORDER BY}
     * only when the sort's columns are a prefix of the index's, so with {@code ORDER BY id} it reads every row
     * of the status (about 33,000 of 100,000) and sorts them; written this way it reads 100 entries of the
     * {@code (status, id)} index in order and stops. SQLite's index on status is ordered by (status, rowid) and
     * serves either form without a sort.
     */
    static final String USERS_WITH_STATUS =
            "SELECT id, email, name, status FROM users WHERE status = ? ORDER BY status, id LIMIT ?";

    /** H2's {@code CACHE_SIZE} in KiB: 128 MiB. */
    static final int H2_CACHE_KIB = 128 * 1024;

    /** SQLite's {@code cache_size}: negative means KiB, so 128 MiB (SQLite's default is 2 MiB, -2000). */
    static final int SQLITE_CACHE_SIZE = -128 * 1024;

    private static final String TOTAL = "total";
    private static final String BY_STATUS = "byStatus";
    private static final String REVENUE_BY_DAY = "revenueByDay";

    private final Connection connection;
    private final PreparedStatement insertUser;
    private final PreparedStatement insertOrder;
    private final PreparedStatement addToCounter;
    private final PreparedStatement selectUser;
    private final PreparedStatement selectUserByEmail;
    private final PreparedStatement selectOrders;
    private final PreparedStatement selectStatusForUpdate;
    private final PreparedStatement updateStatus;
    private final PreparedStatement selectCounter;
    private final PreparedStatement selectUsersWithStatus;

    private JdbcContender(Connection connection, List<String> schema, String addToCounter,
            String selectStatusForUpdate) throws SQLException {
        this.connection = connection;
        try (Statement ddl = connection.createStatement()) {
            for (String statement : schema) {
                ddl.execute(statement);
            }
        }
        this.insertUser = connection.prepareStatement(
                "INSERT INTO users (id, email, name, status) VALUES (?, ?, ?, ?)");
        this.insertOrder = connection.prepareStatement(
                "INSERT INTO orders (user_id, order_id, order_day, total_cents) VALUES (?, ?, ?, ?)");
        this.addToCounter = connection.prepareStatement(addToCounter);
        this.selectUser = connection.prepareStatement("SELECT id, email, name, status FROM users WHERE id = ?");
        this.selectUserByEmail = connection.prepareStatement(
                "SELECT id, email, name, status FROM users WHERE email = ?");
        this.selectOrders = connection.prepareStatement(
                "SELECT user_id, order_id, order_day, total_cents FROM orders WHERE user_id = ? ORDER BY order_id");
        this.selectStatusForUpdate = connection.prepareStatement(selectStatusForUpdate);
        this.updateStatus = connection.prepareStatement("UPDATE users SET status = ? WHERE id = ?");
        this.selectCounter = connection.prepareStatement("SELECT n FROM counters WHERE name = ? AND grp = ?");
        this.selectUsersWithStatus = connection.prepareStatement(USERS_WITH_STATUS);
    }

    /**
     * H2 in embedded mode (MVStore), {@code WRITE_DELAY=0}: a commit is written to the database file before
     * it returns rather than up to 500 ms later (H2's default), without an fsync; {@code CACHE_SIZE} 128 MiB
     * (H2's default is 16 MiB here). The status index is declared on {@code (status, id)}, as an H2 user
     * listing a status's users in id order would declare it: with an index on {@code status} alone H2 does not
     * know that its entries of one status are in id order, reads them all and sorts them (see
     * {@link #USERS_WITH_STATUS}); next to one on {@code (status, id)}, an index on {@code status} alone would
     * be picked instead by H2's planner, so there is only the composite one.
     */
    static JdbcContender h2(Path dir) {
        try {
            Connection connection = DriverManager.getConnection(h2Url(dir), "sa", "");
            return new JdbcContender(connection, List.of(
                    "CREATE TABLE IF NOT EXISTS users (id BIGINT PRIMARY KEY, email VARCHAR(255) NOT NULL UNIQUE,"
                            + " name VARCHAR(255), status VARCHAR(16) NOT NULL)",
                    "CREATE INDEX IF NOT EXISTS users_status_id ON users (status, id)",
                    "CREATE TABLE IF NOT EXISTS orders (user_id BIGINT NOT NULL, order_id BIGINT NOT NULL,"
                            + " order_day BIGINT NOT NULL, total_cents BIGINT NOT NULL,"
                            + " PRIMARY KEY (user_id, order_id))",
                    "CREATE TABLE IF NOT EXISTS counters (name VARCHAR(32) NOT NULL, grp VARCHAR(32) NOT NULL,"
                            + " n BIGINT NOT NULL, PRIMARY KEY (name, grp))"),
                    "MERGE INTO counters c USING (VALUES (CAST(? AS VARCHAR(32)), CAST(? AS VARCHAR(32)),"
                            + " CAST(? AS BIGINT))) s (name, grp, d) ON c.name = s.name AND c.grp = s.grp"
                            + " WHEN MATCHED THEN UPDATE SET n = c.n + s.d"
                            + " WHEN NOT MATCHED THEN INSERT (name, grp, n) VALUES (s.name, s.grp, s.d)",
                    "SELECT status FROM users WHERE id = ? FOR UPDATE");
        } catch (SQLException e) {
            throw new IllegalStateException("could not open H2 in " + dir, e);
        }
    }

    /** The JDBC URL of the H2 contender's database in {@code dir}, with its settings. */
    static String h2Url(Path dir) {
        return "jdbc:h2:file:" + dir.resolve("shop") + ";WRITE_DELAY=0;CACHE_SIZE=" + H2_CACHE_KIB;
    }

    /**
     * SQLite: {@code journal_mode=WAL}, {@code synchronous=NORMAL} (a commit is appended to the write-ahead
     * log without an fsync; the log is fsynced at checkpoints), {@code cache_size} 128 MiB. Tables as a
     * SQLite user would declare them: the user id is the rowid, the orders table is clustered by its key
     * ({@code WITHOUT ROWID}); the index on status holds (status, rowid), so it lists a status in id order.
     */
    static JdbcContender sqlite(Path dir) {
        try {
            Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("shop.db"));
            try (Statement pragma = connection.createStatement()) {
                pragma.execute("PRAGMA journal_mode=WAL");
                pragma.execute("PRAGMA synchronous=NORMAL");
                pragma.execute("PRAGMA cache_size=" + SQLITE_CACHE_SIZE);
            }
            return new JdbcContender(connection, List.of(
                    "CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE,"
                            + " name TEXT, status TEXT NOT NULL)",
                    "CREATE INDEX IF NOT EXISTS users_status ON users (status)",
                    "CREATE TABLE IF NOT EXISTS orders (user_id INTEGER NOT NULL, order_id INTEGER NOT NULL,"
                            + " order_day INTEGER NOT NULL, total_cents INTEGER NOT NULL,"
                            + " PRIMARY KEY (user_id, order_id))"
                            + " WITHOUT ROWID",
                    "CREATE TABLE IF NOT EXISTS counters (name TEXT NOT NULL, grp TEXT NOT NULL, n INTEGER NOT NULL,"
                            + " PRIMARY KEY (name, grp)) WITHOUT ROWID"),
                    "INSERT INTO counters (name, grp, n) VALUES (?, ?, ?)"
                            + " ON CONFLICT (name, grp) DO UPDATE SET n = n + excluded.n",
                    // SQLite has one writer at a time: a transaction that read and then writes fails if another
                    // wrote in between, so the read needs no lock clause.
                    "SELECT status FROM users WHERE id = ?");
        } catch (SQLException e) {
            throw new IllegalStateException("could not open SQLite in " + dir, e);
        }
    }

    @Override
    public void insertUser(User user) {
        inTransaction(() -> {
            insertUserRow(user);
            return null;
        });
    }

    @Override
    public void insertUsers(List<User> batch) {
        inTransaction(() -> {
            for (User user : batch) {
                insertUserRow(user);
            }
            return null;
        });
    }

    private void insertUserRow(User user) throws SQLException {
        insertUser.setLong(1, user.id());
        insertUser.setString(2, user.email());
        insertUser.setString(3, user.name());
        insertUser.setString(4, user.status().name());
        insertUser.executeUpdate();
        add(TOTAL, "", 1);
        add(BY_STATUS, user.status().name(), 1);
    }

    @Override
    public void insertOrder(Order order) {
        inTransaction(() -> {
            insertOrder.setLong(1, order.userId());
            insertOrder.setLong(2, order.orderId());
            insertOrder.setLong(3, order.day().toEpochDay());
            insertOrder.setLong(4, order.totalCents());
            insertOrder.executeUpdate();
            add(REVENUE_BY_DAY, Long.toString(order.day().toEpochDay()), order.totalCents());
            return null;
        });
    }

    @Override
    public User findUser(long id) {
        try {
            selectUser.setLong(1, id);
            return oneUser(selectUser);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public User findUserByEmail(String email) {
        try {
            selectUserByEmail.setString(1, email);
            return oneUser(selectUserByEmail);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public List<Order> ordersOf(long userId) {
        List<Order> orders = new ArrayList<>();
        try {
            selectOrders.setLong(1, userId);
            try (ResultSet rows = selectOrders.executeQuery()) {
                while (rows.next()) {
                    orders.add(new Order(rows.getLong(1), rows.getLong(2), LocalDate.ofEpochDay(rows.getLong(3)),
                            rows.getLong(4)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return orders;
    }

    /** {@inheritDoc} {@link #USERS_WITH_STATUS}, which reads {@code limit} entries of the status index in order. */
    @Override
    public List<User> usersWithStatus(User.Status status, int limit) {
        List<User> found = new ArrayList<>(limit);
        try {
            selectUsersWithStatus.setString(1, status.name());
            selectUsersWithStatus.setInt(2, limit);
            try (ResultSet rows = selectUsersWithStatus.executeQuery()) {
                while (rows.next()) {
                    found.add(new User(rows.getLong(1), rows.getString(2), rows.getString(3),
                            User.Status.valueOf(rows.getString(4))));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return found;
    }

    @Override
    public boolean updateStatus(long id, User.Status status) {
        return inTransaction(() -> {
            selectStatusForUpdate.setLong(1, id);
            String old;
            try (ResultSet row = selectStatusForUpdate.executeQuery()) {
                if (!row.next()) {
                    return false;
                }
                old = row.getString(1);
            }
            updateStatus.setString(1, status.name());
            updateStatus.setLong(2, id);
            updateStatus.executeUpdate();
            if (!old.equals(status.name())) {
                add(BY_STATUS, old, -1);
                add(BY_STATUS, status.name(), 1);
            }
            return true;
        });
    }

    @Override
    public long countByStatus(User.Status status) {
        try {
            selectCounter.setString(1, BY_STATUS);
            selectCounter.setString(2, status.name());
            try (ResultSet row = selectCounter.executeQuery()) {
                return row.next() ? row.getLong(1) : 0;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The contender's connection, for tests that check its settings and query plans. */
    Connection connection() {
        return connection;
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private void add(String counter, String group, long delta) throws SQLException {
        addToCounter.setString(1, counter);
        addToCounter.setString(2, group);
        addToCounter.setLong(3, delta);
        addToCounter.executeUpdate();
    }

    private static User oneUser(PreparedStatement query) throws SQLException {
        try (ResultSet row = query.executeQuery()) {
            return row.next()
                    ? new User(row.getLong(1), row.getString(2), row.getString(3),
                            User.Status.valueOf(row.getString(4)))
                    : null;
        }
    }

    /** A unit of work that may throw {@link SQLException}. */
    private interface Work<T> {
        T run() throws SQLException;
    }

    /**
     * Runs {@code work} as one transaction: committed if it returns, rolled back if it throws. Switching
     * auto-commit back on commits (JDBC says so), which spares SQLite's driver the {@code begin} that its
     * {@code commit()} issues for the next transaction.
     */
    private <T> T inTransaction(Work<T> work) {
        try {
            connection.setAutoCommit(false);
            T result;
            try {
                result = work.run();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                connection.setAutoCommit(true);
                throw e;
            }
            connection.setAutoCommit(true);
            return result;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
