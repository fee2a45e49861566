package io.kvmapper.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A three-part key (stream, at descending, seq): point reads, prefix scans, ranges and paging, also
 * after the store is closed and reopened.
 */
class CompositeKeyTest {
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    static final List<String> STREAMS = List.of("a", "ab", "b", "");

    @TempDir
    Path dir;
    KvStore store;
    EventRepository events;
    List<Event> all = new ArrayList<>();

    @BeforeEach
    void fill() {
        store = Stores.open(dir);
        events = new EventRepository(store);
        for (String stream : STREAMS) {
            for (int minute = 0; minute < 6; minute++) {
                for (long seq = 0; seq < 3; seq++) {
                    Event e = new Event(stream, T0.plusSeconds(60L * minute), seq, stream + "/" + minute + "/" + seq);
                    events.save(e);
                    all.add(e);
                }
            }
        }
    }

    @AfterEach
    void close() {
        store.close();
    }

    /** Key order: stream ascending, time descending (newest first), seq ascending. */
    static final Comparator<Event> KEY_ORDER = Comparator.comparing(Event::stream)
            .thenComparing(Event::at, Comparator.reverseOrder()).thenComparingLong(Event::seq);

    List<Event> expected(java.util.function.Predicate<Event> filter) {
        return all.stream().filter(filter).sorted(KEY_ORDER).toList();
    }

    void reopen() {
        store.close();
        store = Stores.open(dir);
        events = new EventRepository(store);
    }

    @Test
    void pointReadsFindEachEvent() {
        for (Event e : all) {
            assertEquals(Optional.of(e), events.findById(e.stream(), e.at(), e.seq()));
        }
        assertEquals(Optional.empty(), events.findById("a", T0.minusSeconds(1), 0));
    }

    @Test
    void findAllIsInKeyOrderWithNewestFirstWithinAStream() {
        try (Stream<Event> stream = events.findAll()) {
            TestStores.assertInScanOrder(store, expected(e -> true), stream.toList(), Event_KvMapping.INSTANCE::keyOf,
                    "findAll, newest first within each stream (its partition)");
        }
    }

    @Test
    void prefixOfOneComponentStaysInsideItsPartitionEvenWhenAnotherStartsWithIt() {
        assertEquals(expected(e -> e.stream().equals("a")), events.findByStream("a"));
        assertEquals(expected(e -> e.stream().equals("")), events.findByStream(""));
        assertEquals(List.of(), events.findByStream("zz"));
    }

    @Test
    void prefixOfTwoComponents() {
        Instant at = T0.plusSeconds(120);
        assertEquals(expected(e -> e.stream().equals("ab") && e.at().equals(at)), events.findByStreamAndAt("ab", at));
    }

    @Test
    void betweenOverTheDescendingComponentIsFromInclusiveToExclusiveNewestFirst() {
        Instant from = T0.plusSeconds(60);
        Instant to = T0.plusSeconds(240);
        List<Event> found = events.findByStreamAndAtBetween("b", from, to);
        assertEquals(expected(e -> e.stream().equals("b") && !e.at().isBefore(from) && e.at().isBefore(to)), found);
        assertEquals(T0.plusSeconds(180), found.get(0).at());
        assertEquals(from, found.get(found.size() - 1).at());
        assertEquals(List.of(), events.findByStreamAndAtBetween("b", to, from));
    }

    @Test
    void betweenOverTheFirstComponent() {
        assertEquals(expected(e -> e.stream().compareTo("a") >= 0 && e.stream().compareTo("b") < 0),
                events.findByStreamBetween("a", "b"));
    }

    @Test
    void betweenOverTheLastComponentAfterAFullPrefix() {
        Instant at = T0.plusSeconds(300);
        assertEquals(expected(e -> e.stream().equals("a") && e.at().equals(at) && e.seq() >= 1 && e.seq() < 3),
                events.findByStreamAndAtAndSeqBetween("a", at, 1, 3));
    }

    @Test
    void pagesCoverAPrefixExactlyOnceAndResumeAfterReopening() {
        List<Event> collected = new ArrayList<>();
        Page<Event> page = events.findByStream("ab", PageRequest.ofSize(5));
        collected.addAll(page.items());
        int pages = 1;
        while (page.continuation().isPresent()) {
            String continuation = page.continuation().get();
            reopen();
            page = events.findByStream("ab", PageRequest.resume(continuation, 5));
            collected.addAll(page.items());
            pages++;
        }
        assertEquals(expected(e -> e.stream().equals("ab")), collected);
        assertEquals(4, pages);
        assertFalse(page.hasNext());
    }

    @Test
    void aPageThatEndsExactlyAtTheEndHasNoContinuation() {
        Page<Event> page = events.findByStreamAndAt("a", T0, PageRequest.ofSize(3));
        assertEquals(3, page.items().size());
        assertTrue(page.continuation().isEmpty());
    }

    @Test
    void pagedRangeAndPagedFindAll() {
        List<Event> collected = new ArrayList<>();
        PageRequest request = PageRequest.ofSize(7);
        while (true) {
            Page<Event> page = events.findByStreamAndAtBetween("a", T0.plusSeconds(60), T0.plusSeconds(300), request);
            collected.addAll(page.items());
            if (page.continuation().isEmpty()) {
                break;
            }
            request = PageRequest.resume(page.continuation().get(), 7);
        }
        assertEquals(events.findByStreamAndAtBetween("a", T0.plusSeconds(60), T0.plusSeconds(300)), collected);

        List<Event> all;
        try (Stream<Event> stream = events.findAll()) {
            all = stream.toList();
        }
        Page<Event> first = events.findAll(PageRequest.ofSize(10));
        assertEquals(all.subList(0, 10), first.items());
        List<Event> pagedAll = new ArrayList<>(first.items());
        for (Page<Event> page = first; page.continuation().isPresent(); ) {
            page = events.findAll(PageRequest.resume(page.continuation().get(), 10));
            pagedAll.addAll(page.items());
        }
        assertEquals(all, pagedAll, "the pages of findAll hold every entity once, in the order findAll streams them");
    }

    @Test
    void aContinuationOfAnotherQueryIsRejected() {
        String continuation = events.findByStream("a", PageRequest.ofSize(2)).continuation().orElseThrow();
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> events.findByStream("b", PageRequest.resume(continuation, 2)));
        assertTrue(e.getMessage().contains("Event"), e.getMessage());
        assertThrows(InvalidRequestException.class, () -> events.findByStream("b", PageRequest.resume("%%%", 2)));
    }

    /** Issue 20, defect 3: tokens are bound to their finder and its arguments, and tamper-evident. */
    @Test
    void aContinuationResumesOnlyItsOwnFinderWithItsOwnArguments() {
        Instant from = T0.plusSeconds(60);
        Instant to = T0.plusSeconds(300);
        String between = events.findByStreamAndAtBetween("a", from, to, PageRequest.ofSize(3)).continuation()
                .orElseThrow();
        assertEquals(3, events.findByStreamAndAtBetween("a", from, to, PageRequest.resume(between, 3)).items().size());
        assertThrows(InvalidRequestException.class,
                () -> events.findByStreamAndAtBetween("a", T0, to, PageRequest.resume(between, 3)));

        String fullScan = events.findAll(PageRequest.ofSize(20)).continuation().orElseThrow();
        assertThrows(InvalidRequestException.class,
                () -> events.findByStreamAndAtBetween("a", from, to, PageRequest.resume(fullScan, 3)));
        assertThrows(InvalidRequestException.class, () -> events.findByStream("a", PageRequest.resume(fullScan, 3)));

        String cut = fullScan.substring(0, fullScan.length() - 2);
        assertThrows(InvalidRequestException.class, () -> events.findAll(PageRequest.resume(cut, 10)));
    }

    @Test
    void everyFinderGivesTheSameAnswerAfterReopening() {
        List<Event> before = events.findByStreamAndAtBetween("", T0, T0.plusSeconds(200));
        reopen();
        assertEquals(before, events.findByStreamAndAtBetween("", T0, T0.plusSeconds(200)));
        assertEquals(expected(e -> e.stream().equals("b")), events.findByStream("b"));
        assertEquals(Optional.of(all.get(0)), events.findById(all.get(0).stream(), all.get(0).at(), all.get(0).seq()));
    }

    @Test
    void deleteByIdRemovesOneEventOnly() {
        Event victim = all.get(5);
        assertTrue(events.deleteById(victim.stream(), victim.at(), victim.seq()));
        assertEquals(expected(e -> e.stream().equals(victim.stream()) && !e.equals(victim)),
                events.findByStream(victim.stream()));
    }

    @Test
    void findAllByIdWithTheGeneratedKeyRecord() {
        Event a = all.get(0);
        Event b = all.get(all.size() - 1);
        assertEquals(List.of(b, a), events.findAllById(List.of(
                new EventRepository.Key(b.stream(), b.at(), b.seq()),
                new EventRepository.Key("nope", T0, 0),
                new EventRepository.Key(a.stream(), a.at(), a.seq()))));
    }

    @Test
    void aNullKeyComponentIsRejectedNamingTheEntityAndComponent() {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> events.findById("a", null, 0));
        assertTrue(e.getMessage().contains("Event") && e.getMessage().contains("'at'"), e.getMessage());
        assertThrows(InvalidRequestException.class, () -> events.save(new Event(null, T0, 0, "x")));
    }

    @Test
    void mappedKeyTypesWithATwoComponentPartitionSortByValue() {
        KeyTypesRepository repo = new KeyTypesRepository(store);
        LocalDate day = LocalDate.of(2026, 3, 1);
        List<KeyTypes> rows = new ArrayList<>();
        for (int rank = 0; rank < 3; rank++) {
            for (String amount : List.of("-1.5", "-1.25", "0", "2", "10.01", "1E+3")) {
                rows.add(new KeyTypes(new BigDecimal(amount), Color.GREEN, day, rank, amount));
            }
        }
        rows.add(new KeyTypes(BigDecimal.ONE, Color.BLUE, day, 0, "other color"));
        rows.add(new KeyTypes(BigDecimal.ONE, Color.GREEN, day.plusDays(1), 0, "other day"));
        rows.forEach(repo::save);
        List<KeyTypes> green = repo.findByColorAndDay(Color.GREEN, day);
        List<KeyTypes> sorted = rows.stream().filter(r -> r.color() == Color.GREEN && r.day().equals(day))
                .sorted(Comparator.comparing(KeyTypes::rank, Comparator.reverseOrder()).thenComparing(KeyTypes::amount))
                .toList();
        assertEquals(sorted, green);
        assertEquals(List.of(new BigDecimal("-1.25"), new BigDecimal("0"), new BigDecimal("2")),
                repo.findByColorAndDayAndRankAndAmountBetween(Color.GREEN, day, 1, new BigDecimal("-1.3"),
                        new BigDecimal("10")).stream().map(KeyTypes::amount).toList());
        assertEquals(List.of("other color"),
                repo.findByColorBetween(Color.BLUE, Color.GREEN).stream().map(KeyTypes::note).toList());
        assertEquals(rows.size(), repo.findByColorBetween(Color.BLUE, Color.RED).size());
    }
}
