package io.kvmapper.benchmarks.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.kvmapper.benchmarks.shop.User;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The workload written by hand on the driver: one table per query ({@code users}, {@code users_by_email},
 * {@code users_by_status} with one partition per status, {@code counters}), prepared statements, lightweight
 * transactions where the guarantee needs them, a logged batch where a write spans partitions, and a counter
 * batch.
 */
final class HandWrittenShop implements ShopOnCassandra {
    private final CqlSession session;
    private final PreparedStatement claimEmail;
    private final PreparedStatement releaseEmail;
    private final PreparedStatement insertUser;
    private final PreparedStatement insertStatus;
    private final PreparedStatement deleteStatus;
    private final PreparedStatement addCounter;
    private final PreparedStatement selectUser;
    private final PreparedStatement selectEmail;
    private final PreparedStatement selectByStatus;
    private final PreparedStatement updateStatusIf;
    private final PreparedStatement selectCounter;

    HandWrittenShop(CqlSession session, String keyspace) {
        this.session = session;
        createTables(session, keyspace);
        claimEmail = session.prepare("INSERT INTO " + keyspace + ".users_by_email (email, id) VALUES (?, ?) IF NOT EXISTS");
        releaseEmail = session.prepare("DELETE FROM " + keyspace + ".users_by_email WHERE email = ? IF id = ?");
        insertUser = session.prepare("INSERT INTO " + keyspace + ".users (id, email, name, status) VALUES (?, ?, ?, ?)"
                + " IF NOT EXISTS");
        insertStatus = session.prepare("INSERT INTO " + keyspace + ".users_by_status (status, id) VALUES (?, ?)");
        deleteStatus = session.prepare("DELETE FROM " + keyspace + ".users_by_status WHERE status = ? AND id = ?");
        addCounter = session.prepare("UPDATE " + keyspace + ".counters SET value = value + ? WHERE counter = ?"
                + " AND grp = ?");
        selectUser = session.prepare("SELECT id, email, name, status FROM " + keyspace + ".users WHERE id = ?");
        selectEmail = session.prepare("SELECT id FROM " + keyspace + ".users_by_email WHERE email = ?");
        selectByStatus = session.prepare("SELECT id FROM " + keyspace + ".users_by_status WHERE status = ? LIMIT ?");
        updateStatusIf = session.prepare("UPDATE " + keyspace + ".users SET status = ? WHERE id = ? IF status = ?");
        selectCounter = session.prepare("SELECT value FROM " + keyspace + ".counters WHERE counter = ? AND grp = ?");
    }

    /** The four tables, the same for the driver mapper's contender. */
    static void createTables(CqlSession session, String keyspace) {
        for (String ddl : List.of(
                "CREATE TABLE IF NOT EXISTS %s.users (id bigint PRIMARY KEY, email text, name text, status text)",
                "CREATE TABLE IF NOT EXISTS %s.users_by_email (email text PRIMARY KEY, id bigint)",
                "CREATE TABLE IF NOT EXISTS %s.users_by_status (status text, id bigint, PRIMARY KEY (status, id))",
                "CREATE TABLE IF NOT EXISTS %s.counters (counter text, grp text, value counter,"
                        + " PRIMARY KEY ((counter, grp)))")) {
            session.execute(SimpleStatement.newInstance(ddl.formatted(keyspace)));
        }
    }

    @Override
    public void insertUser(User user) {
        String status = user.status().name();
        if (!session.execute(claimEmail.bind(user.email(), user.id())).wasApplied()) {
            throw new IllegalStateException("email " + user.email() + " is taken");
        }
        if (!session.execute(insertUser.bind(user.id(), user.email(), user.name(), status)).wasApplied()) {
            session.execute(releaseEmail.bind(user.email(), user.id()));
            throw new IllegalStateException("user " + user.id() + " exists");
        }
        session.execute(insertStatus.bind(status, user.id()));
        session.execute(BatchStatement.newInstance(BatchType.COUNTER,
                addCounter.bind(1L, "total", ""), addCounter.bind(1L, "byStatus", status)));
    }

    @Override
    public User findUser(long id) {
        return user(session.execute(selectUser.bind(id)).one());
    }

    @Override
    public User findUserByEmail(String email) {
        Row entry = session.execute(selectEmail.bind(email)).one();
        if (entry == null) {
            return null;
        }
        User user = findUser(entry.getLong(0));
        return user != null && user.email().equals(email) ? user : null;
    }

    @Override
    public List<User> firstByStatus(User.Status status, int n) {
        List<CompletionStage<AsyncResultSet>> reads = new ArrayList<>(n);
        for (Row entry : session.execute(selectByStatus.bind(status.name(), n))) {
            reads.add(session.executeAsync(selectUser.bind(entry.getLong(0))));
        }
        List<User> users = new ArrayList<>(reads.size());
        for (CompletionStage<AsyncResultSet> read : reads) {
            User user = user(read.toCompletableFuture().join().one());
            if (user != null && user.status() == status) {
                users.add(user);
            }
        }
        return users;
    }

    @Override
    public boolean updateStatus(long id, User.Status status) {
        while (true) {
            User old = findUser(id);
            if (old == null) {
                return false;
            }
            if (old.status() == status) {
                return true;
            }
            String from = old.status().name();
            String to = status.name();
            ResultSet update = session.execute(updateStatusIf.bind(to, id, from));
            if (!update.wasApplied()) {
                continue; // changed meanwhile: read again
            }
            session.execute(BatchStatement.newInstance(BatchType.LOGGED, deleteStatus.bind(from, id),
                    insertStatus.bind(to, id)));
            session.execute(BatchStatement.newInstance(BatchType.COUNTER, addCounter.bind(-1L, "byStatus", from),
                    addCounter.bind(1L, "byStatus", to)));
            return true;
        }
    }

    @Override
    public long countByStatus(User.Status status) {
        Row row = session.execute(selectCounter.bind("byStatus", status.name())).one();
        return row == null ? 0 : row.getLong(0);
    }

    private static User user(Row row) {
        return row == null ? null
                : new User(row.getLong(0), row.getString(1), row.getString(2), User.Status.valueOf(row.getString(3)));
    }

    @Override
    public void close() {
    }
}
