package io.kvmapper.it.queries.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.it.TestStores;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN.md's example interface, as a new user would write it against an entity with the matching indexes: every
 * method answers as its comment says, on every backend, also inside a unit of work and across a reopened store.
 */
class DesignExampleTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @TempDir
    Path dir;
    private KvStore store;
    private Users users;

    @BeforeEach
    void fill() {
        store = TestStores.open(dir);
        users = new Users_Impl(store);
        users.save(user(1, "ada", "Ada", 36, "London", Status.ACTIVE, 10));
        users.save(user(2, "alan", "Alan", 41, "London", Status.ACTIVE, 20));
        users.save(user(3, "grace", "Grace", 17, "Arlington", Status.SUSPENDED, 30));
        users.save(user(4, "linus", "Linus", 29, "London", Status.CLOSED, 40));
        users.save(user(5, "barbara", "Barbara", 18, "London", Status.ACTIVE, 50));
        users.save(user(6, "ken", "Ken", 80, "Berkeley", Status.SUSPENDED, 5));
    }

    @AfterEach
    void close() {
        store.close();
    }

    private static User user(long id, String username, String name, int age, String city, Status status, int joined) {
        return new User(id, username + "@example.com", username, name, age, city, status, T0.plusSeconds(joined));
    }

    private static List<Long> ids(List<User> found) {
        return found.stream().map(User::id).toList();
    }

    @Test
    void everyMethodAnswersAsItsCommentSays() {
        assertEquals(List.of(3L, 5L, 4L), ids(users.findByAgeBetween(17, 30)), "by age, from inclusive, to exclusive");
        assertEquals(List.of(2L, 1L, 4L, 5L), ids(users.findByCityOrderByAgeDesc("London")));
        assertEquals(List.of(5L, 4L, 1L, 2L), ids(users.findByCityAndAgeGreaterThanEqual("London", 18)));
        assertEquals(Optional.of(5L), users.findFirstByStatusOrderByJoinedAtDesc(Status.ACTIVE).map(User::id));
        assertEquals(Optional.empty(), users.findFirstByStatusOrderByJoinedAtDesc(null));
        assertEquals(List.of(1L, 2L), ids(users.findTop10ByStatus(Status.ACTIVE)).subList(0, 2));
        assertEquals(Set.of(1L, 2L, 5L), Set.copyOf(ids(users.findTop10ByStatus(Status.ACTIVE))));
        // two statuses: one scan each, merged in the order both share (joinedAt, then the key), no duplicates
        assertEquals(List.of(6L, 1L, 2L, 3L, 5L),
                ids(users.findByStatusIn(List.of(Status.ACTIVE, Status.SUSPENDED, Status.ACTIVE))));
        assertEquals(List.of(), users.findByStatusIn(List.of()));
        assertEquals(List.of(1L, 2L), ids(users.findByNameStartingWith("A")));
        assertEquals(List.of(1L, 3L), ids(users.findByEmailOrUsername("ada@example.com", "grace")));
        assertEquals(List.of(1L), ids(users.findByEmailOrUsername("ada@example.com", "ada")), "once, not twice");
        try (Stream<User> london = users.streamByCity("London")) {
            assertEquals(List.of(5L, 4L, 1L, 2L), london.map(User::id).toList());
        }
        assertEquals(3, users.countByStatus(Status.ACTIVE));
        assertTrue(users.existsByEmail("ken@example.com"));
        assertFalse(users.existsByEmail("nobody@example.com"));
        assertEquals(List.of(5L, 4L), ids(users.adults("London").subList(0, 2)));
        assertEquals(2, users.deleteByStatus(Status.SUSPENDED));
        assertEquals(0, users.countByStatus(Status.SUSPENDED));
        assertEquals(List.of(), users.findByStatusIn(List.of(Status.SUSPENDED)));
        assertEquals(4, users.count());
    }

    @Test
    void pagesResumeInAnotherProcessAndOnlyTheirOwnQuery() {
        Page<User> first = users.findByCity("London", PageRequest.ofSize(3));
        assertEquals(List.of(5L, 4L, 1L), ids(first.items()));
        String token = first.continuation().orElseThrow();
        store.close();
        store = TestStores.open(dir);
        users = new Users_Impl(store);
        Page<User> second = users.findByCity("London", PageRequest.resume(token, 3));
        assertEquals(List.of(2L), ids(second.items()));
        assertTrue(second.continuation().isEmpty());
        assertThrows(InvalidRequestException.class, () -> users.findByCity("Berkeley", PageRequest.resume(token, 3)),
                "another argument");
        char[] altered = token.toCharArray();
        altered[altered.length / 2] = altered[altered.length / 2] == 'A' ? 'B' : 'A';
        assertThrows(InvalidRequestException.class,
                () -> users.findByCity("London", PageRequest.resume(new String(altered), 3)), "an altered token");
    }

    @Test
    void everyMethodWorksInsideAUnitOfWork() {
        List<Long> seen = store.transactResult(tx -> {
            Users inTx = users.with(tx);
            inTx.save(user(7, "edsger", "Edsger", 72, "Austin", Status.ACTIVE, 60));
            assertTrue(inTx.existsByEmail("edsger@example.com"));
            assertEquals(1, inTx.deleteByStatus(Status.CLOSED));
            List<Long> found = new ArrayList<>(ids(inTx.findByAgeBetween(70, 90)));
            found.addAll(ids(inTx.findByStatusIn(List.of(Status.CLOSED))));
            return found;
        });
        assertEquals(List.of(7L, 6L), seen);
        assertEquals(List.of(), users.findByStatusIn(List.of(Status.CLOSED)));
        assertTrue(users.existsByEmail("edsger@example.com"));
    }

    @Test
    void aUnitOfWorkThatFailsLeavesNothingDeleted() {
        assertThrows(IllegalStateException.class, () -> store.transact(tx -> {
            users.with(tx).deleteByStatus(Status.ACTIVE);
            throw new IllegalStateException("changed my mind");
        }));
        assertEquals(3, users.countByStatus(Status.ACTIVE));
        assertEquals(3, users.findTop10ByStatus(Status.ACTIVE).size());
    }

    @Test
    void argumentsThatCannotBeServedAreRefused() {
        assertThrows(InvalidRequestException.class, () -> users.findByStatusIn(null));
        assertThrows(InvalidRequestException.class, () -> users.findByNameStartingWith(null));
        assertThrows(InvalidRequestException.class, () -> users.findByCity("London", null));
        assertEquals(List.of(), users.findByEmailOrUsername(null, null), "a unique index holds no null");
    }
}
