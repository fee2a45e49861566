package io.kvmapper.internal.operations;

import static io.kvmapper.internal.fixtures.MemberMapping.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.fixtures.Raw;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.internal.layout.RecordRange;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A record that cannot be decoded (issue 20, "Smaller" and defect 5's part for scans): scans go on past it,
 * deleteById removes it, and repair() neither lowers the counters it counts in nor touches its entries.
 */
class CorruptRecordTest {
    private static final RecordRange ALL = RecordRange.prefix(new TupleWriter(16).beginNested()
            .appendRaw(RecordKeys.partitionHead(MemberMapping.ENTITY)).toPrefixBytes());
    private static final byte[] GARBAGE = {'J', 1, 0x7f};

    private final KvStore store = MemoryKvStore.open();
    private final Raw raw = new Raw(store);
    private final EntityOperations<Member> members = new EntityOperations<>(store, MemberMapping.full());

    @BeforeEach
    void writeMembers() {
        for (int id = 0; id < 12; id++) {
            members.save(Member.of(id, "h" + id, "m" + id + "@x", "t" + id % 3, id));
        }
    }

    @AfterEach
    void closeStore() {
        store.close();
    }

    private void damage(long... ids) {
        raw.write(kv -> {
            for (long id : ids) {
                kv.put(key(id), GARBAGE);
            }
        });
    }

    private static List<Long> ids(List<Member> found) {
        return found.stream().map(Member::id).toList();
    }

    @Test
    void scansGoOnPastARecordThatCannotBeDecoded() {
        damage(4);
        List<Long> expected = List.of(0L, 1L, 2L, 3L, 5L, 6L, 7L, 8L, 9L, 10L, 11L);
        try (Stream<Member> all = members.stream(ALL)) {
            assertEquals(expected, ids(all.toList()));
        }
        assertEquals(expected, ids(members.list(ALL)));
        assertThrows(CorruptDataException.class, () -> members.find(key(4)), "a point read still says so");
    }

    @Test
    void pagesGoOnPastRecordsThatCannotBeDecodedEvenWhereTheyFillAPage() {
        damage(2, 3, 4, 5, 6);
        List<Long> collected = new ArrayList<>();
        PageRequest request = PageRequest.ofSize(2);
        for (int pages = 0; pages < 20; pages++) {
            Page<Member> page = members.page(ALL, request);
            collected.addAll(ids(page.items()));
            if (page.continuation().isEmpty()) {
                break;
            }
            request = PageRequest.resume(page.continuation().get(), 2);
        }
        assertEquals(List.of(0L, 1L, 7L, 8L, 9L, 10L, 11L), collected);
    }

    @Test
    void deleteByIdRemovesARecordThatCannotBeDecodedAndOneRepairMendsWhatItLeft() {
        damage(4);
        assertTrue(members.delete(key(4)));
        assertNull(raw.get(key(4)));
        assertFalse(members.delete(key(4)));
        IntegrityReport left = members.verify(progress -> { });
        assertFalse(left.isClean(), "its entries and counter contributions are left over");
        members.repair(progress -> { });
        IntegrityReport after = members.verify(progress -> { });
        assertTrue(after.isClean(), after.problems().toString());
        assertEquals(3, members.counter("byTeam", Tuples.encode("t1")), "members 1, 7 and 10");
        assertEquals(Optional.empty(), members.findByUniqueIndex("email", Tuples.encode("m4@x")));
        members.save(Member.of(4, "h4", "m4@x", "t1", 4));
        assertTrue(members.verify(progress -> { }).isClean());
    }

    @Test
    void repairNeitherLowersTheCountersOfARecordItCannotDecodeNorTouchesItsEntries() {
        damage(4);
        IntegrityReport report = members.repair(progress -> { });
        assertTrue(report.problems().stream().anyMatch(p -> p.contains("leaves this record and its index entries alone")),
                report.problems().toString());
        assertTrue(report.problems().stream().anyMatch(p -> p.contains("counter 'byTeam' is not exact")),
                report.problems().toString());
        assertEquals(4, raw.counter(Raw.group("byTeam", "t1")), "member 4 still counts");
        assertEquals(22, raw.counter(Raw.group("pointsByTeam", "t1")), "1 + 4 + 7 + 10");
        assertEquals(12, raw.counter(Raw.group("total")));
        assertTrue(raw.get(Raw.uniqueEntry("email", "m4@x")) != null, "its unique entry stays");
    }
}
