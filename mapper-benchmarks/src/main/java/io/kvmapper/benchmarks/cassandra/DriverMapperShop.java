package io.kvmapper.benchmarks.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import io.kvmapper.benchmarks.cassandra.dm.DmCounter;
import io.kvmapper.benchmarks.cassandra.dm.DmShopMapperBuilder;
import io.kvmapper.benchmarks.cassandra.dm.DmUser;
import io.kvmapper.benchmarks.cassandra.dm.DmUserByEmail;
import io.kvmapper.benchmarks.cassandra.dm.DmUserByStatus;
import io.kvmapper.benchmarks.cassandra.dm.DmUserDao;
import io.kvmapper.benchmarks.shop.User;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The workload on the driver's own object mapper ({@code @Mapper}, {@code @Dao}, {@code @Entity}), over the same
 * tables and with the same requests as {@link HandWrittenShop}: the DAO's methods make the statements, and those
 * that share a batch return theirs unexecuted.
 */
final class DriverMapperShop implements ShopOnCassandra {
    private final CqlSession session;
    private final DmUserDao dao;

    DriverMapperShop(CqlSession session, String keyspace) {
        this.session = session;
        HandWrittenShop.createTables(session, keyspace);
        this.dao = new DmShopMapperBuilder(session).build().users(CqlIdentifier.fromCql(keyspace));
    }

    @Override
    public void insertUser(User user) {
        String status = user.status().name();
        if (!dao.claimEmail(new DmUserByEmail(user.email(), user.id())).wasApplied()) {
            throw new IllegalStateException("email " + user.email() + " is taken");
        }
        if (!dao.insertIfAbsent(new DmUser(user.id(), user.email(), user.name(), status)).wasApplied()) {
            dao.releaseEmail(user.email(), user.id());
            throw new IllegalStateException("user " + user.id() + " exists");
        }
        dao.insertIntoStatus(new DmUserByStatus(status, user.id()));
        session.execute(BatchStatement.newInstance(BatchType.COUNTER, dao.increment("total", "", 1L),
                dao.increment("byStatus", status, 1L)));
    }

    @Override
    public User findUser(long id) {
        return user(dao.findById(id));
    }

    @Override
    public User findUserByEmail(String email) {
        DmUserByEmail entry = dao.findByEmail(email);
        if (entry == null) {
            return null;
        }
        User user = findUser(entry.getId());
        return user != null && user.email().equals(email) ? user : null;
    }

    @Override
    public List<User> firstByStatus(User.Status status, int n) {
        List<CompletionStage<DmUser>> reads = new ArrayList<>(n);
        for (DmUserByStatus entry : dao.findByStatus(status.name(), n)) {
            reads.add(dao.findByIdAsync(entry.getId()));
        }
        List<User> users = new ArrayList<>(reads.size());
        for (CompletionStage<DmUser> read : reads) {
            User user = user(read.toCompletableFuture().join());
            if (user != null && user.status() == status) {
                users.add(user);
            }
        }
        return users;
    }

    @Override
    public boolean updateStatus(long id, User.Status status) {
        while (true) {
            DmUser old = dao.findById(id);
            if (old == null) {
                return false;
            }
            String from = old.getStatus();
            String to = status.name();
            if (from.equals(to)) {
                return true;
            }
            if (!dao.updateIfStatus(new DmUser(id, old.getEmail(), old.getName(), to), from).wasApplied()) {
                continue; // changed meanwhile: read again
            }
            session.execute(BatchStatement.newInstance(BatchType.LOGGED,
                    dao.removeFromStatus(new DmUserByStatus(from, id)), dao.addToStatus(new DmUserByStatus(to, id))));
            session.execute(BatchStatement.newInstance(BatchType.COUNTER, dao.increment("byStatus", from, -1L),
                    dao.increment("byStatus", to, 1L)));
            return true;
        }
    }

    @Override
    public long countByStatus(User.Status status) {
        DmCounter counter = dao.counter("byStatus", status.name());
        return counter == null ? 0 : counter.getValue();
    }

    private static User user(DmUser row) {
        return row == null ? null
                : new User(row.getId(), row.getEmail(), row.getName(), User.Status.valueOf(row.getStatus()));
    }

    @Override
    public void close() {
    }
}
