package io.kvmapper.internal.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.fixtures.Raw;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.spi.Counters;
import io.kvmapper.tuple.Tuples;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The map form of a counter lists only the keys the counter writes: a foreign key inside the counter's range
 * (issue 20, defect 6) is neither listed as a group nor lets it shadow the real one.
 */
class CounterGroupsTest {
    private final KvStore store = MemoryKvStore.open();
    private final Raw raw = new Raw(store);
    private final EntityOperations<Member> members = new EntityOperations<>(store, MemberMapping.full());

    @BeforeEach
    void writeMembers() {
        for (int id = 0; id < 9; id++) {
            members.save(Member.of(id, "h" + id, "m" + id + "@x", "t" + id % 3, 1));
        }
    }

    @AfterEach
    void closeStore() {
        store.close();
    }

    private Map<String, Long> byTeam() {
        return members.counterGroups("byTeam", TupleReader::readString);
    }

    @Test
    void aKeyWithAnExtraElementIsNotAGroup() {
        raw.write(kv -> kv.put(Raw.group("byTeam", "t1", 1L), Counters.encode(40)));
        assertEquals(Map.of("t0", 3L, "t1", 3L, "t2", 3L), byTeam());
        assertEquals(members.counter("byTeam", Tuples.encode("t1")), byTeam().get("t1"));
    }

    @Test
    void theGroupOfANullFieldIsAGroup() {
        members.save(Member.of(100, "h100", "m100@x", null, 1));
        Map<String, Long> groups = members.counterGroups("byTeam", reader -> {
            if (reader.nextIsNull()) {
                reader.readNull();
                return null;
            }
            return reader.readString();
        });
        assertEquals(1L, groups.get(null));
        assertEquals(4, groups.size());
    }

    @Test
    void aKeyOfAnotherTypeIsNotAGroup() {
        raw.write(kv -> kv.put(Raw.group("byTeam", 7L), Counters.encode(2)));
        assertEquals(Map.of("t0", 3L, "t1", 3L, "t2", 3L), byTeam());
    }

    @Test
    void verifyReportsTheForeignKeyAndRepairRemovesIt() {
        byte[] foreign = Raw.group("byTeam", "t1", 1L);
        raw.write(kv -> kv.put(foreign, Counters.encode(40)));
        IntegrityReport report = members.verify(progress -> { });
        assertEquals(1, report.problems().size(), report.problems().toString());
        assertEquals(1, members.repair(progress -> { }).repaired());
        assertNull(raw.get(foreign));
        assertTrue(members.verify(progress -> { }).isClean());
    }
}
