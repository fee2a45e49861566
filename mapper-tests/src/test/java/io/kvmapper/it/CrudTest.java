package io.kvmapper.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.StoreClosedException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrudTest {
    @TempDir
    Path dir;
    KvStore store;
    PersonRepository people;

    @BeforeEach
    void open() {
        store = Stores.open(dir);
        people = new PersonRepository(store);
    }

    @AfterEach
    void close() {
        store.close();
    }

    static Person person(long id, String name) {
        Person p = new Person(id, name);
        p.setActive(true);
        p.setEmail(name.toLowerCase() + "@example.com");
        p.setHome(new Address("1 Main St", "Springfield", new Geo(39.78, -89.65)));
        p.setPrevious(List.of(new Address("2 Elm St", "Shelbyville", null)));
        p.setTags(Set.of("admin"));
        p.setScores(Map.of("chess", 1200));
        return p;
    }

    @Test
    void savedEntityIsFoundWithEveryField() {
        Person alice = person(1, "Alice");
        people.save(alice);
        assertEquals(Optional.of(alice), people.findById(1));
        assertTrue(people.existsById(1));
        assertFalse(people.existsById(2));
        assertEquals(Optional.empty(), people.findById(2));
    }

    @Test
    void transientFieldIsNotStored() {
        Person alice = person(1, "Alice");
        alice.setSessionNote("not for disk");
        people.save(alice);
        assertEquals(null, people.findById(1).orElseThrow().getSessionNote());
    }

    @Test
    void nullFieldsRoundTripAsNull() {
        people.save(new Person(7, null));
        Person found = people.findById(7).orElseThrow();
        assertEquals(null, found.getName());
        assertEquals(null, found.getHome());
        assertEquals(null, found.getTags());
    }

    @Test
    void saveReplacesTheEntityWithTheSameKey() {
        people.save(person(1, "Alice"));
        Person renamed = person(1, "Alicia");
        renamed.setTags(null);
        people.save(renamed);
        assertEquals(Optional.of(renamed), people.findById(1));
    }

    @Test
    void insertRejectsATakenKeyAndLeavesTheStoredEntity() {
        Person alice = person(1, "Alice");
        people.insert(alice);
        DuplicateKeyException e = assertThrows(DuplicateKeyException.class, () -> people.insert(person(1, "Mallory")));
        assertTrue(e.getMessage().contains("people"), e.getMessage());
        assertTrue(e.getMessage().contains("1"), e.getMessage());
        assertEquals(Optional.of(alice), people.findById(1));
    }

    @Test
    void deleteByIdRemovesAndSaysWhetherThereWasOne() {
        people.save(person(1, "Alice"));
        assertTrue(people.deleteById(1));
        assertFalse(people.deleteById(1));
        assertEquals(Optional.empty(), people.findById(1));
    }

    @Test
    void findAllByIdKeepsTheOrderGivenAndSkipsAbsentKeys() {
        for (long id = 1; id <= 5; id++) {
            people.save(person(id, "P" + id));
        }
        List<Person> found = people.findAllById(List.of(4L, 99L, 2L, 5L));
        assertEquals(List.of(4L, 2L, 5L), found.stream().map(Person::getId).toList());
        assertEquals(List.of(), people.findAllById(List.of()));
    }

    @Test
    void findAllByIdRejectsANullCollection() {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> people.findAllById(null));
        assertTrue(e.getMessage().contains("findAllById(null)"), e.getMessage());
    }

    @Test
    void findAllByIdRejectsANullId() {
        java.util.List<Long> ids = new java.util.ArrayList<>();
        ids.add(null);
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> people.findAllById(ids));
        assertTrue(e.getMessage().contains("'id'"), e.getMessage());
    }

    @Test
    void findAllStreamsEveryEntityInKeyOrder() {
        List<Long> ids = List.of(30L, -5L, 0L, 1L << 40, 7L, Long.MIN_VALUE, Long.MAX_VALUE);
        for (long id : ids) {
            people.save(person(id, "P" + id));
        }
        try (Stream<Person> all = people.findAll()) {
            TestStores.assertInScanOrder(store, ids.stream().sorted().toList(), all.map(Person::getId).toList(),
                    id -> Person_KvMapping.key(id), "findAll");
        }
    }

    @Test
    void findAllOverManyEntitiesIsStreamedInOrder() {
        LongStream.range(0, 5_000).forEach(id -> people.save(new Person(id, "P" + id)));
        try (Stream<Person> all = people.findAll()) {
            assertEquals(5_000, all.map(Person::getId).collect(Collectors.toList()).size());
        }
        try (Stream<Person> all = people.findAll()) {
            TestStores.assertInScanOrder(store, LongStream.range(0, 5_000).boxed().toList(),
                    all.map(Person::getId).toList(), id -> Person_KvMapping.key(id), "findAll of 5,000");
        }
    }

    @Test
    void entitiesSurviveClosingAndReopeningTheStore() {
        Person alice = person(1, "Alice");
        people.save(alice);
        store.close();
        store = Stores.open(dir);
        people = new PersonRepository(store);
        assertEquals(Optional.of(alice), people.findById(1));
    }

    @Test
    void aClosedStoreRefusesWithAClearException() {
        store.close();
        store.close();
        StoreClosedException e = assertThrows(StoreClosedException.class, () -> people.findById(1));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(StoreClosedException.class, () -> people.save(person(1, "Alice")));
    }
}
