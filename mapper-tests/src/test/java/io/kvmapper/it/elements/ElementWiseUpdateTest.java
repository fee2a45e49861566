package io.kvmapper.it.elements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.it.Address;
import io.kvmapper.it.Customer;
import io.kvmapper.it.CustomerRepository;
import io.kvmapper.it.Person;
import io.kvmapper.it.PersonRepository;
import io.kvmapper.it.TestStores;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** appendX / insertX / removeXAt, addX / removeX and putX / removeX on monolithic entities. */
class ElementWiseUpdateTest {
    @TempDir
    Path dir;
    KvStore store;
    CustomerRepository customers;
    PersonRepository people;

    @BeforeEach
    void open() {
        store = TestStores.open(dir);
        customers = new CustomerRepository(store);
        people = new PersonRepository(store);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void listOperationsAppendInsertAndRemoveByPositionAndTheIndexFollows() {
        customers.save(Customer.of(1, "a@x", "a", Customer.Status.ACTIVE, 30, "Oslo", List.of("b")));
        assertTrue(customers.appendTags(1, "d"));
        assertTrue(customers.insertTags(1, 0, "a"));
        assertTrue(customers.insertTags(1, 2, "c"));
        assertEquals(List.of("a", "b", "c", "d"), customers.findById(1).orElseThrow().tags());
        assertEquals(List.of(1L), customers.findByTags("c").stream().map(Customer::id).toList());
        assertTrue(customers.removeTagsAt(1, 2));
        assertEquals(List.of("a", "b", "d"), customers.findById(1).orElseThrow().tags());
        assertEquals(List.of(), customers.findByTags("c"), "the removed element's index entry is gone");
        assertEquals(5, customers.findById(1).orElseThrow().version(), "the save and each of the four changes is a version");
        assertTrue(customers.verify().isClean());
    }

    @Test
    void aPositionOutOfRangeIsRefusedNamingEntityAndFieldAndChangesNothing() {
        customers.save(Customer.of(1, "a@x", "a", Customer.Status.ACTIVE, 30, null, List.of("x")));
        InvalidRequestException insert = assertThrows(InvalidRequestException.class,
                () -> customers.insertTags(1, 5, "y"));
        assertTrue(insert.getMessage().contains("Customer") && insert.getMessage().contains("'tags'"),
                insert.getMessage());
        assertThrows(InvalidRequestException.class, () -> customers.removeTagsAt(1, 1));
        assertThrows(InvalidRequestException.class, () -> customers.removeTagsAt(1, -1));
        assertEquals(List.of("x"), customers.findById(1).orElseThrow().tags());
        assertEquals(1, customers.findById(1).orElseThrow().version());
    }

    @Test
    void aNullCollectionCountsAsEmpty() {
        customers.save(Customer.of(1, "a@x", "a", Customer.Status.ACTIVE, 30, null, null));
        assertTrue(customers.appendTags(1, "first"));
        assertEquals(List.of("first"), customers.findById(1).orElseThrow().tags());
    }

    @Test
    void setAndMapOperations() {
        Person p = new Person(7, "Pat");
        people.save(p);
        assertTrue(people.addTags(7, "x"));
        assertTrue(people.addTags(7, "x"));
        assertTrue(people.addTags(7, "y"));
        assertEquals(Set.of("x", "y"), people.findById(7).orElseThrow().getTags());
        assertTrue(people.removeTags(7, "x"));
        assertTrue(people.removeTags(7, "absent"));
        assertEquals(Set.of("y"), people.findById(7).orElseThrow().getTags());
        assertTrue(people.putScores(7, "chess", 1200));
        assertTrue(people.putScores(7, "go", 3));
        assertTrue(people.putScores(7, "chess", 1250));
        assertEquals(Map.of("chess", 1250, "go", 3), people.findById(7).orElseThrow().getScores());
        assertTrue(people.removeScores(7, "go"));
        assertEquals(Map.of("chess", 1250), people.findById(7).orElseThrow().getScores());
        assertTrue(people.appendPrevious(7, new Address("1 Old Rd", "Oldtown", null)));
        assertEquals(List.of(new Address("1 Old Rd", "Oldtown", null)), people.findById(7).orElseThrow().getPrevious());
    }

    @Test
    void anAbsentEntityGivesFalseAndNothingIsWritten() {
        assertFalse(people.addTags(99, "x"));
        assertFalse(people.putScores(99, "k", 1));
        assertFalse(customers.appendTags(99, "x"));
        assertEquals(Optional.empty(), people.findById(99));
    }

    /**
     * Four threads append to one record at once. Every acknowledged append is there, in its thread's order;
     * an append that lost every retry (a busy machine, or Cassandra's lightweight transactions contending)
     * threw TransactionConflictException and wrote nothing.
     */
    @Test
    void concurrentAppendsLoseNoElement() throws Exception {
        customers.save(Customer.of(1, "a@x", "a", Customer.Status.ACTIVE, 30, null, List.of()));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<List<String>> acknowledged = new ArrayList<>();
        try {
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    List<String> mine = new ArrayList<>();
                    for (int i = 0; i < 25; i++) {
                        try {
                            assertTrue(customers.appendTags(1, thread + "-" + i));
                            mine.add(thread + "-" + i);
                        } catch (TransactionConflictException lostEveryRetry) {
                            // applied nothing
                        }
                    }
                    return mine;
                }));
            }
            for (Future<List<String>> future : futures) {
                acknowledged.add(future.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        List<String> tags = customers.findById(1).orElseThrow().tags();
        for (int t = 0; t < 4; t++) {
            String prefix = t + "-";
            assertEquals(acknowledged.get(t), tags.stream().filter(tag -> tag.startsWith(prefix)).toList(),
                    "thread " + t + ": its acknowledged appends, in its order");
        }
        assertEquals(acknowledged.stream().mapToInt(List::size).sum(), tags.size(), "nothing else");
        assertTrue(tags.size() >= 25, "appends got through: " + tags.size());
        assertTrue(customers.verify().isClean());
    }
}
