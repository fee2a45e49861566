package io.kvmapper.it.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import io.kvmapper.it.TestStores;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scans over attribute-per-key records, each of which is dozens of items: findAll, prefix and between
 * finders, paged finders with continuations over a composite key with a descending component, index
 * finders and batched reads all hand out whole records, in key order.
 */
class AttributeScansTest {
    /** Authors whose keys continue one another: "a", then "a" and a NUL character, then "b". */
    private static final List<String> AUTHORS = List.of("a", "a\u0000", "b");
    private static final int POSTS = 30;

    @TempDir
    Path dir;
    KvStore store;
    PostRepository posts;
    List<Post> all;
    /** {@link #all} in the order a scan across authors returns them (token order on Cassandra). */
    List<Post> allInScanOrder;

    @BeforeEach
    void open() {
        store = TestStores.open(dir);
        posts = new PostRepository(store);
        List<Post> saved = new ArrayList<>();
        store.transact(tx -> {
            for (String author : AUTHORS) {
                for (long seq = 0; seq < POSTS; seq++) {
                    saved.add(posts.with(tx).save(post(author, seq)));
                }
            }
        });
        all = saved.stream().sorted(Comparator.comparingInt((Post p) -> AUTHORS.indexOf(p.author()))
                .thenComparing(Comparator.comparingLong(Post::seq).reversed())).toList();
        allInScanOrder = TestStores.inScanOrder(store, all, Post_KvMapping.INSTANCE::keyOf);
    }

    @AfterEach
    void close() {
        try {
            assertTrue(posts.verify().isClean(), posts.verify().toString());
        } finally {
            store.close();
        }
    }

    /** A post of about forty items: twenty lines, ten votes, an embedded place. */
    static Post post(String author, long seq) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            lines.add(author + "/" + seq + " line " + i);
        }
        Map<String, Integer> votes = new LinkedHashMap<>();
        for (int i = 0; i < 10; i++) {
            votes.put("voter" + i, (int) (seq * i));
        }
        return new Post(author, seq, "slug-" + author + "-" + seq, "topic" + (seq % 3), lines, votes,
                Fixtures.home("City" + seq, (int) seq, seq));
    }

    private List<Post> of(String author) {
        return all.stream().filter(p -> p.author().equals(author)).toList();
    }

    @Test
    void findAllStreamsEveryRecordWholeInKeyOrder() {
        try (Stream<Post> stream = posts.findAll()) {
            assertEquals(allInScanOrder, stream.toList());
        }
        try (Stream<Post> stream = posts.findAll()) {
            assertEquals(allInScanOrder.subList(0, 3), stream.limit(3).toList(), "a stream can stop early");
        }
    }

    @Test
    void prefixAndBetweenFindersReturnWholeRecordsNewestFirst() {
        for (String author : AUTHORS) {
            assertEquals(of(author), posts.findByAuthor(author), author);
        }
        assertEquals(List.of(), posts.findByAuthor("a\u0000\u0000"));
        List<Post> tenToTwenty = posts.findByAuthorAndSeqBetween("a", 10, 20);
        assertEquals(of("a").stream().filter(p -> p.seq() >= 10 && p.seq() < 20).toList(), tenToTwenty);
        assertEquals(19, tenToTwenty.get(0).seq(), "descending: from the newest in the range");
        assertEquals(of("a\u0000"), posts.findByAuthorBetween("a\u0000", "b"));
        assertEquals(allInScanOrder, posts.findByAuthorBetween("", "c"));
    }

    @Test
    void everyPagedFinderResumesAfterWholeRecordsAtEveryPageSize() {
        for (int size : new int[] {1, 2, 7, 29, 30, 31, 200}) {
            assertPagesAdd(allInScanOrder, page -> posts.findAll(page), size);
            assertPagesAdd(of("a"), page -> posts.findByAuthor("a", page), size);
            assertPagesAdd(of("a\u0000"), page -> posts.findByAuthor("a\u0000", page), size);
            assertPagesAdd(of("b").stream().filter(p -> p.seq() >= 3 && p.seq() < 27).toList(),
                    page -> posts.findByAuthorAndSeqBetween("b", 3, 27, page), size);
            List<Post> topic1 = all.stream().filter(p -> p.topic().equals("topic1"))
                    .sorted(Comparator.comparing(Post::author).thenComparing(Comparator.comparingLong(Post::seq)
                            .reversed())).toList();
            assertPagesAdd(topic1, page -> posts.findByTopic("topic1", page), size);
        }
    }

    /** Reads every page of {@code finder} at {@code size} and checks that they add up to {@code expected}. */
    private static void assertPagesAdd(List<Post> expected, Function<PageRequest, Page<Post>> finder, int size) {
        List<Post> read = new ArrayList<>();
        Page<Post> page = finder.apply(PageRequest.ofSize(size));
        int pages = 1;
        while (true) {
            read.addAll(page.items());
            if (page.continuation().isEmpty()) {
                break;
            }
            assertEquals(size, page.items().size(), "only the last page may be short");
            page = finder.apply(PageRequest.resume(page.continuation().get(), size));
            pages++;
            assertTrue(pages <= expected.size() + 1, "the pages never end");
        }
        assertEquals(expected, read, "pages of " + size);
    }

    @Test
    void aContinuationResumesInAnotherStoreInstanceAndSeesChangesMadeMeanwhile() {
        Page<Post> first = posts.findByAuthor("a", PageRequest.ofSize(10));
        String continuation = first.continuation().orElseThrow();
        store.close();
        store = TestStores.open(dir);
        posts = new PostRepository(store);
        assertTrue(posts.appendLines("a", 15, "added between pages"));
        assertTrue(posts.removeLinesAt("a", 14, 0));
        Page<Post> second = posts.findByAuthor("a", PageRequest.resume(continuation, 10));
        List<Post> expected = new ArrayList<>(posts.findByAuthor("a").subList(10, 20));
        assertEquals(expected, second.items());
        assertEquals(List.of(19L, 18L, 17L, 16L, 15L, 14L, 13L, 12L, 11L, 10L),
                second.items().stream().map(Post::seq).toList());
        assertEquals("added between pages", second.items().get(4).lines().get(20));
        assertEquals(19, second.items().get(5).lines().size());

        InvalidRequestException foreign = assertThrows(InvalidRequestException.class,
                () -> posts.findByAuthor("b", PageRequest.resume(continuation, 10)));
        assertTrue(foreign.getMessage().contains("another query"), foreign.getMessage());
    }

    @Test
    void indexFindersAndBatchedReadsReturnWholeRecords() {
        Post one = post("a\u0000", 7);
        assertEquals(Optional.of(one), posts.findBySlug("slug-a\u0000-7"));
        assertEquals(Optional.empty(), posts.findBySlug("slug-none"));
        List<Post> topic2 = all.stream().filter(p -> p.topic().equals("topic2")).sorted(Comparator
                .comparing(Post::author).thenComparing(Comparator.comparingLong(Post::seq).reversed())).toList();
        assertEquals(topic2, posts.findByTopic("topic2"));
        assertEquals(topic2.size(), posts.countByTopic("topic2"));
        assertEquals(all.size(), posts.countByTopic("topic0") + posts.countByTopic("topic1") + topic2.size());
        assertEquals(List.of(post("b", 0), post("a", 29), one), posts.findAllById(List.of(
                new PostRepository.Key("b", 0), new PostRepository.Key("a", 29), new PostRepository.Key("c", 1),
                new PostRepository.Key("a\u0000", 7))));

        assertTrue(posts.updateTopic("a", 2, "moved"));
        assertTrue(posts.putVotes("a", 2, "late", 1));
        assertTrue(posts.updateSlug("a", 3, "renamed"));
        Post moved = posts.findById("a", 2).orElseThrow();
        assertEquals(List.of(moved), posts.findByTopic("moved"));
        assertEquals(Integer.valueOf(1), moved.votes().get("late"));
        assertFalse(posts.findByTopic("topic2").contains(moved));
        assertEquals(Optional.empty(), posts.findBySlug("slug-a-3"));
        assertEquals(3, posts.findBySlug("renamed").orElseThrow().seq());
        assertEquals(1, posts.countByTopic("moved"));
    }

    @Test
    void aUnitOfWorkSeesItsOwnWritesInScansAndPages() {
        store.transact(tx -> {
            PostRepository inTx = posts.with(tx);
            assertTrue(inTx.deleteById("a", 29));
            inTx.save(post("a", 30));
            assertTrue(inTx.appendLines("a", 28, "in tx"));
            List<Post> mine = inTx.findByAuthor("a");
            assertEquals(List.of(30L, 28L, 27L), mine.subList(0, 3).stream().map(Post::seq).toList());
            assertEquals("in tx", mine.get(1).lines().get(20));
            Page<Post> page = inTx.findByAuthor("a", PageRequest.ofSize(2));
            Page<Post> next = inTx.findByAuthor("a", PageRequest.resume(page.continuation().orElseThrow(), 2));
            assertEquals(List.of(27L, 26L), next.items().stream().map(Post::seq).toList());
            assertEquals(Optional.of(post("a", 30)), inTx.findBySlug("slug-a-30"));
        });
        assertEquals(Optional.empty(), posts.findById("a", 29));
        assertEquals(POSTS, posts.findByAuthor("a").size());
    }

    @Test
    void recordKeysThatContinueOneAnotherHoldSeparateRecords() {
        LabelRepository labels = new LabelRepository(store);
        List<Label> saved = List.of(new Label("g", "x", List.of("1", "2")), new Label("g", "x\u0000", List.of("3")),
                new Label("g", "x\u0000y", List.of("4", "5", "6")), new Label("g", "x\u0001", List.of()));
        saved.forEach(labels::save);
        try (Stream<Label> stream = labels.findAll()) {
            assertEquals(saved, stream.toList());
        }
        assertEquals(saved, labels.findByGroup("g"));
        for (Label label : saved) {
            assertEquals(Optional.of(label), labels.findById("g", label.name()));
        }
        List<Label> paged = new ArrayList<>();
        Page<Label> page = labels.findByGroup("g", PageRequest.ofSize(1));
        paged.addAll(page.items());
        while (page.continuation().isPresent()) {
            page = labels.findByGroup("g", PageRequest.resume(page.continuation().get(), 1));
            paged.addAll(page.items());
        }
        assertEquals(saved, paged);
        assertTrue(labels.appendValues("g", "x", "7"));
        assertTrue(labels.deleteById("g", "x\u0000"));
        assertEquals(List.of(new Label("g", "x", List.of("1", "2", "7")), saved.get(2), saved.get(3)),
                labels.findByGroup("g"));
        assertTrue(labels.deleteById("g", "x"));
        assertEquals(List.of(saved.get(2), saved.get(3)), labels.findByGroup("g"));
        assertTrue(labels.verify().isClean());
    }
}
