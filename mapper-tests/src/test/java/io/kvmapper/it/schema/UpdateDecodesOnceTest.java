package io.kvmapper.it.schema;

import static io.kvmapper.it.schema.SchemaFixtures.assertExact;
import static io.kvmapper.it.schema.SchemaFixtures.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record entity's partial update decodes the stored record once: its {@code updateX} builds the new record
 * from the decoded one, which stays as it was for the index and counter diff, so no second decode makes a copy
 * for the change (a class entity, whose changes call setters, still gets one: {@code LayoutContract} checks that
 * its index entries move). Counted through {@link MemberV2}'s constructor, which every decode and every change
 * calls.
 */
class UpdateDecodesOnceTest {
    @TempDir
    Path dir;

    @AfterEach
    void resetHook() {
        MemberV2.onCreate = id -> { };
    }

    @Test
    void anUpdateBuildsOneRecordFromTheOneItDecoded() {
        try (KvStore store = open(dir)) {
            MemberV2Repository members = new MemberV2Repository(store);
            members.save(new MemberV2(1, "ann@x", "t1", "r1", 10));
            AtomicInteger built = new AtomicInteger();
            MemberV2.onCreate = id -> built.incrementAndGet();

            assertTrue(members.updateTeam(1, "t2"));
            assertEquals(2, built.get(), "one decode of the stored record, one record built by the change");

            built.set(0);
            assertTrue(members.updateEmail(1, "ann@y"));
            assertEquals(2, built.get(), "the same when the change moves a unique index entry");

            MemberV2.onCreate = id -> { };
            assertEquals(Optional.of(new MemberV2(1, "ann@y", "t2", "r1", 10)), members.findById(1));
            assertEquals(Optional.empty(), members.findByEmail("ann@x"), "the old unique entry is gone");
            assertEquals(List.of(1L), members.findByTeam("t2").stream().map(MemberV2::id).toList());
            assertEquals(List.of(), members.findByTeam("t1"));
            assertEquals(1, members.countByTeam("t2"));
            assertEquals(0, members.countByTeam("t1"));
            assertExact(members, "after partial updates of a record entity");
        }
    }
}
