package io.kvmapper.benchmarks;

import io.kvmapper.KvStore;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import io.kvmapper.benchmarks.shop.ApkOrder;
import io.kvmapper.benchmarks.shop.ApkOrderRepository;
import io.kvmapper.benchmarks.shop.ApkUser;
import io.kvmapper.benchmarks.shop.ApkUserRepository;
import io.kvmapper.benchmarks.shop.Order;
import io.kvmapper.benchmarks.shop.OrderRepository;
import io.kvmapper.benchmarks.shop.ProtoOrder;
import io.kvmapper.benchmarks.shop.ProtoOrderRepository;
import io.kvmapper.benchmarks.shop.ProtoUser;
import io.kvmapper.benchmarks.shop.ProtoUserRepository;
import io.kvmapper.benchmarks.shop.User;
import io.kvmapper.benchmarks.shop.UserRepository;
import java.util.List;

/**
 * The workload's operations on one variant of the shop's entities, through their generated
 * repositories: the same fields, stored as JSON values, as Protobuf values, or one key per attribute.
 * Generated repositories share no interface, so each variant maps the workload's {@link User} and
 * {@link Order} onto its own entities (a record copy, a few nanoseconds, next to microseconds of store
 * work).
 */
interface MapperShop {
    void insert(Transaction tx, User user);

    void insert(User user);

    void insert(Order order);

    User find(long id);

    User findByEmail(String email);

    List<Order> ordersOf(long userId);

    /** The first {@code limit} users with this status: the generated paged finder of the status index. */
    List<User> usersWithStatus(User.Status status, int limit);

    boolean updateStatus(long id, User.Status status);

    long countByStatus(User.Status status);

    /** The entities of the seed article's workload as they are: JSON values. */
    static MapperShop json(KvStore store) {
        UserRepository users = new UserRepository(store);
        OrderRepository orders = new OrderRepository(store);
        return new MapperShop() {
            public void insert(Transaction tx, User user) {
                users.with(tx).insert(user);
            }

            public void insert(User user) {
                users.insert(user);
            }

            public void insert(Order order) {
                orders.insert(order);
            }

            public User find(long id) {
                return users.findById(id).orElse(null);
            }

            public User findByEmail(String email) {
                return users.findByEmail(email).orElse(null);
            }

            public List<Order> ordersOf(long userId) {
                return orders.findByUserId(userId);
            }

            public List<User> usersWithStatus(User.Status status, int limit) {
                return users.findByStatus(status, PageRequest.ofSize(limit)).items();
            }

            public boolean updateStatus(long id, User.Status status) {
                return users.updateStatus(id, status);
            }

            public long countByStatus(User.Status status) {
                return users.countByStatus(status);
            }
        };
    }

    /** The same entities with the Protobuf codec. */
    static MapperShop protobuf(KvStore store) {
        ProtoUserRepository users = new ProtoUserRepository(store);
        ProtoOrderRepository orders = new ProtoOrderRepository(store);
        return new MapperShop() {
            public void insert(Transaction tx, User user) {
                users.with(tx).insert(new ProtoUser(user.id(), user.email(), user.name(), user.status()));
            }

            public void insert(User user) {
                users.insert(new ProtoUser(user.id(), user.email(), user.name(), user.status()));
            }

            public void insert(Order order) {
                orders.insert(new ProtoOrder(order.userId(), order.orderId(), order.day(), order.totalCents()));
            }

            public User find(long id) {
                return users.findById(id).map(u -> new User(u.id(), u.email(), u.name(), u.status())).orElse(null);
            }

            public User findByEmail(String email) {
                return users.findByEmail(email).map(u -> new User(u.id(), u.email(), u.name(), u.status()))
                        .orElse(null);
            }

            public List<Order> ordersOf(long userId) {
                return orders.findByUserId(userId).stream()
                        .map(o -> new Order(o.userId(), o.orderId(), o.day(), o.totalCents())).toList();
            }

            public List<User> usersWithStatus(User.Status status, int limit) {
                return users.findByStatus(status, PageRequest.ofSize(limit)).items().stream()
                        .map(u -> new User(u.id(), u.email(), u.name(), u.status())).toList();
            }

            public boolean updateStatus(long id, User.Status status) {
                return users.updateStatus(id, status);
            }

            public long countByStatus(User.Status status) {
                return users.countByStatus(status);
            }
        };
    }

    /** The same entities in the attribute-per-key layout. */
    static MapperShop attributePerKey(KvStore store) {
        ApkUserRepository users = new ApkUserRepository(store);
        ApkOrderRepository orders = new ApkOrderRepository(store);
        return new MapperShop() {
            public void insert(Transaction tx, User user) {
                users.with(tx).insert(new ApkUser(user.id(), user.email(), user.name(), user.status()));
            }

            public void insert(User user) {
                users.insert(new ApkUser(user.id(), user.email(), user.name(), user.status()));
            }

            public void insert(Order order) {
                orders.insert(new ApkOrder(order.userId(), order.orderId(), order.day(), order.totalCents()));
            }

            public User find(long id) {
                return users.findById(id).map(u -> new User(u.id(), u.email(), u.name(), u.status())).orElse(null);
            }

            public User findByEmail(String email) {
                return users.findByEmail(email).map(u -> new User(u.id(), u.email(), u.name(), u.status()))
                        .orElse(null);
            }

            public List<Order> ordersOf(long userId) {
                return orders.findByUserId(userId).stream()
                        .map(o -> new Order(o.userId(), o.orderId(), o.day(), o.totalCents())).toList();
            }

            public List<User> usersWithStatus(User.Status status, int limit) {
                return users.findByStatus(status, PageRequest.ofSize(limit)).items().stream()
                        .map(u -> new User(u.id(), u.email(), u.name(), u.status())).toList();
            }

            public boolean updateStatus(long id, User.Status status) {
                return users.updateStatus(id, status);
            }

            public long countByStatus(User.Status status) {
                return users.countByStatus(status);
            }
        };
    }
}
