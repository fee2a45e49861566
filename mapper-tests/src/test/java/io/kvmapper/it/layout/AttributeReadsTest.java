package io.kvmapper.it.layout;

import io.kvmapper.spi.KvBackend;
import static io.kvmapper.it.layout.Fixtures.list;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import io.kvmapper.it.ReadCountingBackend;
import io.kvmapper.it.ReadCountingBackend.Reads;
import io.kvmapper.it.TestStores;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What reading attribute-per-key entities asks of the store, counted at the storage SPI: an entity is
 * read with one range scan of its record key's prefix, which returns its items and nothing else, and a
 * scan over many entities is one scan for all of them; no read is ever made per element, so the counts
 * stay the same for an entity of five elements and one of thousands (docs/layouts.md, "What each
 * operation costs").
 */
class AttributeReadsTest {
    private static final int MANY = 5_000;

    @TempDir
    Path dir;
    KvStore store;
    ReadCountingBackend backend;
    ApkProfileRepository profiles;
    PostRepository posts;

    @BeforeEach
    void open() {
        store = TestStores.open(dir, ReadCountingBackend::new);
        backend = (ReadCountingBackend) store.unwrap(KvBackend.class);
        profiles = new ApkProfileRepository(store);
        posts = new PostRepository(store);
    }

    @AfterEach
    void close() {
        try {
            assertTrue(profiles.verify().isClean(), profiles.verify().toString());
            assertTrue(posts.verify().isClean(), posts.verify().toString());
        } finally {
            store.close();
        }
    }

    /** A profile whose list, set and map hold {@code elements} elements each. */
    static ApkProfile profile(long id, int elements) {
        ApkProfile profile = new ApkProfile();
        profile.id = id;
        profile.email = "p" + id + "@x";
        profile.tags = list("t" + id);
        profile.notes = new ArrayList<>();
        profile.badges = new LinkedHashSet<>();
        profile.ratings = new LinkedHashMap<>();
        for (int i = 0; i < elements; i++) {
            profile.notes.add("note-" + i);
            profile.badges.add(i);
            profile.ratings.put("key-" + i, (long) i);
        }
        return profile;
    }

    /** A post whose lines are {@code lines} elements. */
    static Post post(String author, long seq, int lines) {
        List<String> text = new ArrayList<>();
        for (int i = 0; i < lines; i++) {
            text.add("line " + i);
        }
        return new Post(author, seq, author + "-" + seq, "topic", text, null, null);
    }

    /** How many items the profile is stored as (read behind the counter's back: the count is reset). */
    long itemsOf(ApkProfile profile) {
        long items = Raw.record(store, ApkProfile_KvMapping.INSTANCE.keyOf(profile)).size();
        backend.takeReads();
        return items;
    }

    long itemsOf(Post post) {
        long items = Raw.record(store, Post_KvMapping.INSTANCE.keyOf(post)).size();
        backend.takeReads();
        return items;
    }

    @Test
    void findByIdIsOneRangeScanOfTheEntitysItemsHoweverManyElementsItHolds() {
        ApkProfile small = profiles.save(profile(1, 5));
        ApkProfile large = profiles.save(profile(2, MANY));
        long smallItems = itemsOf(small);
        long largeItems = itemsOf(large);
        assertTrue(largeItems > 3 * MANY, "the large profile is stored as " + largeItems + " items");

        assertEquals(Optional.of(small), profiles.findById(1));
        assertEquals(Reads.scans(1, smallItems), backend.takeReads(), "findById of a profile of 5 elements each");
        assertEquals(Optional.of(large), profiles.findById(2));
        assertEquals(Reads.scans(1, largeItems), backend.takeReads(), "findById of a profile of " + MANY
                + " elements each");
        assertEquals(Optional.empty(), profiles.findById(3));
        assertEquals(Reads.scans(1, 0), backend.takeReads(), "findById of an absent profile");

        assertTrue(profiles.existsById(2));
        assertEquals(new Reads(1, 0, 0, 0), backend.takeReads(), "existsById reads the head alone");
        assertEquals(List.of(large, small), profiles.findAllById(List.of(2L, 3L, 1L)));
        assertEquals(Reads.scans(3, largeItems + smallItems), backend.takeReads(), "findAllById: a scan per id");
        assertEquals(Optional.of(large), profiles.findByEmail("p2@x"));
        assertEquals(new Reads(1, 0, 1, largeItems), backend.takeReads(),
                "a unique finder: a get of the index entry, then the entity's scan");
    }

    @Test
    void findAllIsOneScanOverEveryEntityAndEachPageOneMore() {
        List<ApkProfile> saved = new ArrayList<>();
        store.transact(tx -> {
            for (long id = 1; id <= 3; id++) {
                saved.add(profiles.with(tx).save(profile(id, MANY / 2)));
            }
        });
        long perProfile = itemsOf(saved.get(0));
        for (ApkProfile profile : saved) {
            assertEquals(perProfile, itemsOf(profile), "every profile is stored as as many items");
        }
        List<ApkProfile> inScanOrder = TestStores.inScanOrder(store, saved, ApkProfile_KvMapping.INSTANCE::keyOf);

        try (Stream<ApkProfile> all = profiles.findAll()) {
            assertEquals(inScanOrder, all.toList());
        }
        assertEquals(Reads.scans(1, 3 * perProfile), backend.takeReads(), "findAll of three profiles");

        Page<ApkProfile> first = profiles.findAll(PageRequest.ofSize(2));
        assertEquals(inScanOrder.subList(0, 2), first.items());
        assertEquals(Reads.scans(1, 2 * perProfile + 1), backend.takeReads(),
                "a page of two: their items, and the next profile's first item to know there is more");
        Page<ApkProfile> second = profiles.findAll(PageRequest.resume(first.continuation().orElseThrow(), 2));
        assertEquals(inScanOrder.subList(2, 3), second.items());
        assertEquals(Reads.scans(1, perProfile), backend.takeReads(), "the last page");
    }

    @Test
    void aPrefixFinderIsOneScanAndAnIndexFinderOneMorePerEntityFound() {
        List<Post> byA = List.of(post("a", 3, MANY), post("a", 2, 5), post("a", 1, MANY));
        store.transact(tx -> {
            byA.forEach(posts.with(tx)::save);
            posts.with(tx).save(post("b", 1, MANY));
        });
        long itemsByA = 0;
        for (Post post : byA) {
            itemsByA += itemsOf(post);
        }
        assertEquals(byA, posts.findByAuthor("a"));
        assertEquals(Reads.scans(1, itemsByA), backend.takeReads(), "findByAuthor: one scan of the author's posts");

        ApkProfile one = profiles.save(profile(1, MANY));
        ApkProfile two = profile(2, 5);
        two.tags = list("t1", "t2");
        profiles.save(two);
        profiles.save(profile(3, MANY));
        long items = itemsOf(one) + itemsOf(two);
        assertEquals(List.of(one, two), profiles.findByTags("t1"));
        assertEquals(Reads.scans(1 + 2, 2 + items), backend.takeReads(),
                "findByTags: a scan of the two index entries, then a scan per profile");
    }
}
