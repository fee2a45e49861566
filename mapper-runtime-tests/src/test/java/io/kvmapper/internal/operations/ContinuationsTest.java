package io.kvmapper.internal.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.internal.layout.RecordRange;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Continuations resume only the query that made them: a token of another range, another kind of scan, or one
 * that was cut or altered is an {@link InvalidRequestException}, never a page from somewhere else.
 */
class ContinuationsTest {
    private static final byte[] RECORD_PREFIX = new TupleWriter(16).beginNested()
            .appendRaw(RecordKeys.partitionHead(MemberMapping.ENTITY)).toPrefixBytes();
    private static final RecordRange ALL = RecordRange.prefix(new TupleWriter(16).beginNested()
            .appendRaw(RecordKeys.partitionHead(MemberMapping.ENTITY)).toPrefixBytes());

    private final KvStore store = MemoryKvStore.open();
    private final EntityOperations<Member> members = new EntityOperations<>(store, MemberMapping.full());

    @BeforeEach
    void writeMembers() {
        for (int id = 0; id < 400; id++) {
            members.save(Member.of(id, "h" + id, "m" + id + "@x", "t" + id % 4, id));
        }
    }

    @AfterEach
    void closeStore() {
        store.close();
    }

    /** The members with ids in [from, to), as a between finder over the key scans them. */
    private static RecordRange ids(long from, long to) {
        return RecordRange.between(RECORD_PREFIX, Tuples.encode(from), Tuples.encode(to), false);
    }

    private static byte[] team(String team) {
        return Tuples.encode(team);
    }

    @Test
    void aTokenResumesItsOwnQueryToTheEnd() {
        List<Long> seen = new ArrayList<>();
        PageRequest request = PageRequest.ofSize(30);
        while (true) {
            Page<Member> page = members.page(ids(100, 300), request);
            page.items().forEach(m -> seen.add(m.id()));
            if (page.continuation().isEmpty()) {
                break;
            }
            request = PageRequest.resume(page.continuation().get(), 30);
        }
        assertEquals(200, seen.size());
        assertEquals(100, seen.get(0));
        assertEquals(299, seen.get(199));
    }

    @Test
    void aTokenOfOneRangeIsRefusedByTheSameFinderWithOtherArguments() {
        String token = members.page(ids(100, 300), PageRequest.ofSize(10)).continuation().orElseThrow();
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> members.page(ids(0, 300), PageRequest.resume(token, 10)));
        assertTrue(e.getMessage().contains("another query"), e.getMessage());
    }

    @Test
    void aTokenOfAFullScanIsRefusedByABetweenFinderThatContainsItsKey() {
        String token = members.page(ALL, PageRequest.ofSize(150)).continuation().orElseThrow();
        assertThrows(InvalidRequestException.class, () -> members.page(ids(100, 300), PageRequest.resume(token, 10)));
        assertThrows(InvalidRequestException.class,
                () -> members.findByIndexBetween("team", new byte[0], team("t0"), team("t3"), PageRequest.resume(token, 10)));
    }

    @Test
    void anIndexTokenIsBoundToItsIndexAndItsArguments() {
        String token = members.findByIndexBetween("team", new byte[0], team("t1"), team("t3"), PageRequest.ofSize(20))
                .continuation().orElseThrow();
        assertEquals(20, members.findByIndexBetween("team", new byte[0], team("t1"), team("t3"),
                PageRequest.resume(token, 20)).items().size());
        assertThrows(InvalidRequestException.class, () -> members.findByIndexBetween("team", new byte[0], team("t0"),
                team("t3"), PageRequest.resume(token, 20)));
        assertThrows(InvalidRequestException.class, () -> members.findByIndex("team", team("t1"),
                PageRequest.resume(token, 20)));
        assertThrows(InvalidRequestException.class, () -> members.page(ALL, PageRequest.resume(token, 20)));
    }

    @Test
    void aCutTokenIsRefused() {
        String token = members.page(ALL, PageRequest.ofSize(150)).continuation().orElseThrow();
        for (int cut = 1; cut < token.length(); cut++) {
            String shorter = token.substring(0, token.length() - cut);
            assertThrows(InvalidRequestException.class, () -> members.page(ALL, PageRequest.resume(shorter, 10)),
                    "cut by " + cut);
        }
    }

    @Test
    void everyAlteredCharacterIsRefused() {
        String token = members.page(ids(100, 300), PageRequest.ofSize(10)).continuation().orElseThrow();
        byte[] original = Base64.getUrlDecoder().decode(token);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for (int at = 0; at < token.length(); at++) {
            for (int c = 0; c < alphabet.length(); c += 7) {
                String altered = token.substring(0, at) + alphabet.charAt(c) + token.substring(at + 1);
                if (Arrays.equals(original, Base64.getUrlDecoder().decode(altered))) {
                    continue; // the unused low bits of the last character: the same token
                }
                assertThrows(InvalidRequestException.class,
                        () -> members.page(ids(100, 300), PageRequest.resume(altered, 10)), "altered at " + at);
            }
        }
    }

    @Test
    void aTokenThatIsNotOneIsRefused() {
        for (String bad : List.of("%%%", "", "AQ", "AQID", Base64.getUrlEncoder().encodeToString(new byte[40]))) {
            assertThrows(InvalidRequestException.class, () -> members.page(ALL, PageRequest.resume(bad, 10)), bad);
        }
    }

    @Test
    void anEmptyRangeStillRefusesAForeignToken() {
        String token = members.page(ALL, PageRequest.ofSize(10)).continuation().orElseThrow();
        assertThrows(InvalidRequestException.class, () -> members.page(ids(300, 100), PageRequest.resume(token, 10)));
    }

    @Test
    void badPageRequestsAreInvalidRequests() {
        assertThrows(InvalidRequestException.class, () -> PageRequest.ofSize(0));
        assertThrows(InvalidRequestException.class, () -> PageRequest.ofSize(PageRequest.MAX_SIZE + 1));
        assertThrows(InvalidRequestException.class, () -> PageRequest.resume(null, 10));
        assertThrows(InvalidRequestException.class, () -> members.page(ALL, null));
        assertThrows(InvalidRequestException.class, () -> members.findByIndex("team", team("t1"), null));
        assertThrows(InvalidRequestException.class, () -> members.requireIds(null));
    }
}
