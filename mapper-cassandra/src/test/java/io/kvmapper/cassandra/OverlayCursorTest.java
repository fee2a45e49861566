package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A transaction's scan without a node: the store's items merged with the buffer, which wins. */
class OverlayCursorTest {
    private static final byte[] PARTITION = Tuples.encode("p");

    private final Claims claims = new Claims(FakeCassandra.WHERE, new FakeCassandra(), FakeCassandra.FAILURES);
    private final WriteSet writes = new WriteSet(FakeCassandra.WHERE, WriteSetTest.layout(), claims);

    @Test
    void theBufferedWritesAreMergedInKeyOrderAndWinOverTheStore() {
        writes.put(key("b"), value("b'"));
        writes.delete(key("c"));
        writes.put(key("e"), value("e'"));
        writes.deleteRange(new KeyRange(key("f"), key("h")));
        writes.put(key("g"), value("g'"));

        assertEquals(List.of("a=a", "b=b'", "d=d", "e=e'", "g=g'", "h=h"),
                scan(ScanOptions.FORWARD, stored("a", "c", "d", "e", "f", "h")));
        assertEquals(List.of("h=h", "g=g'", "e=e'", "d=d", "b=b'", "a=a"),
                scan(ScanOptions.REVERSE, stored("h", "f", "e", "d", "c", "a")));
    }

    @Test
    void theLimitCountsTheMergedItems() {
        writes.put(key("a"), value("a'"));
        writes.delete(key("b"));

        assertEquals(List.of("a=a'", "c=c"), scan(ScanOptions.FORWARD.withLimit(2), stored("b", "c", "d")));
    }

    @Test
    void writesOutsideTheRangeAreLeftOut() {
        writes.put(Tuples.encode("o", "a"), value("x"));
        writes.put(key("b"), value("b'"));
        writes.put(Tuples.encode("q", "a"), value("x"));

        assertEquals(List.of("b=b'"), scan(ScanOptions.FORWARD, stored()));
        assertEquals(List.of("b=b'"), scan(ScanOptions.REVERSE, stored()));
    }

    @Test
    void aWriteMadeWhileTheCursorIsOpenShowsIfItLiesAheadOfIt() {
        ListCursor store = new ListCursor(stored("a", "c", "e"));
        List<String> items = new ArrayList<>();
        try (OverlayCursor cursor = new OverlayCursor(writes, store, KeyRange.startingWith(PARTITION),
                ScanOptions.FORWARD, FakeCassandra.FAILURES)) {
            items.add(show(cursor.next()));
            items.add(show(cursor.next()));
            writes.put(key("b"), value("behind"));
            writes.put(key("d"), value("ahead"));
            writes.delete(key("e"));
            cursor.forEachRemaining(item -> items.add(show(item)));
        }

        assertEquals(List.of("a=a", "c=c", "d=ahead"), items);
        assertTrue(store.isClosed(), "closing the overlay closes the store's cursor");
    }

    private List<String> scan(ScanOptions options, List<KeyValue> storedItems) {
        List<String> items = new ArrayList<>();
        try (OverlayCursor cursor = new OverlayCursor(writes, new ListCursor(storedItems),
                KeyRange.startingWith(PARTITION), options, FakeCassandra.FAILURES)) {
            cursor.forEachRemaining(item -> items.add(show(item)));
        }
        return items;
    }

    /** Items as the store holds them: each key's value is its own name. */
    private static List<KeyValue> stored(String... keys) {
        List<KeyValue> items = new ArrayList<>();
        for (String k : keys) {
            items.add(new KeyValue(key(k), value(k)));
        }
        return items;
    }

    private static String show(KeyValue item) {
        return Tuples.decode(item.key()).get(1) + "=" + Tuples.decode(item.value()).get(0);
    }

    private static byte[] key(String sortKey) {
        return Tuples.encode("p", sortKey);
    }

    private static byte[] value(String name) {
        return Tuples.encode(name);
    }
}
