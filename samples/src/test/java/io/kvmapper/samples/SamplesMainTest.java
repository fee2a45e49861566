package io.kvmapper.samples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The main job runs every sample, and each prints the answers its pattern promises. */
class SamplesMainTest {
    /** Lines (or parts of lines) that prove each sample's point; every run on any store prints them. */
    private static final List<String> EXPECTED = List.of(
            // org chart: composite keys, prefixes, ranges, paging
            "  page 3: [Ken, Barbara]",
            "HQ / Engineering, teams 2 (inclusive) to 10 (exclusive):\n"
                    + "  Team[building=HQ, department=Engineering, team=2, manager=Grace, headcount=4]\n"
                    + "every team",
            // shop: users with a unique email and a unique username
            "saved Ada, Alan and Grace; save returns the stored copy, and Ada's is at version 1",
            "a second insert of user 1 is refused: User: an entity with key ((\"User\", \"r\", 1)) already exists",
            "Mallory signing up with Ada's email is refused: User: unique index \"email\" already maps value "
                    + "(\"ada@example.com\") to the entity with key ((\"User\", \"r\", 1))",
            "  and the store is unchanged: 3 users, user 4 exists: false, findByUsername(\"mallory\"): Optional.empty,"
                    + " ada@example.com belongs to Ada",
            "Alan taking the username \"ada\" with updateUsername is refused: User: unique index \"username\" already "
                    + "maps value (\"ada\") to the entity with key ((\"User\", \"r\", 1))",
            "  Alan's username is still alan",
            "8 threads sign up with hopper@example.com at once: 1 succeeded, 7 were refused; findByEmail finds Hopper",
            "findAllById(3, 99, 1), one multi-get: [Grace, Ada]",
            // shop: users by status, total users and users per status
            "active users (index 'status'): [Ada, Alan, Hopper]",
            "users: 4, per status: {ACTIVE=3, SUSPENDED=1}, suspended (one read): 1",
            "Grace reinstated with updateStatus(3, ACTIVE): true; per status now {ACTIVE=4}, suspended: 0",
            "active users: [Ada, Alan, Grace, Hopper], suspended: []",
            "updateStatus(99, CLOSED) for a user who does not exist: false",
            // shop: orders per user, revenue per day
            "Ada's 3 newest orders: [o-10, o-8, o-6]",
            "the 3 before those:    [o-4, o-2, o-0]",
            "Alan's orders on 2026-11-02, newest first: [o-9, o-7, o-5]",
            "Alan spent 150.00 in 6 orders (counter 'byUser', one read: 6)",
            "orders per user (one scan): {1=6, 2=6}",
            "revenue on 2026-11-02 (one read): 157.50",
            "revenue per day in cents (one scan): {2026-11-01=5500, 2026-11-02=15750, 2026-11-03=7250}",
            // shop: optimistic locking
            "two screens load Ada at version 7",
            "the first saves a new name: the store now holds version 8, and the first screen's own copy still says 7",
            "the second saves its copy and is refused: User ((\"User\", \"r\", 1)): version 7 is stale, the store "
                    + "holds version 8",
            "Ada's name in the store: Ada Lovelace",
            // shop: reconciliation
            "users.verify(): clean, 4 records checked",
            "orders.verify(): clean, 12 records checked",
            "revenue on 2026-11-02 now reads 162.50",
            "orders.verify(): 1 problem(s) in 12 records\n"
                    + "  Order: counter 'revenueByDay' group (20759) holds 16250, the records give 15750",
            "orders.repair(): 1 repaired; revenue on 2026-11-02 reads 157.50 again; orders.verify(): clean, 12 records"
                    + " checked",
            // shop: deleting removes the entries and moves the counters
            "deleting Grace: true, again: false",
            "users: 3, per status: {ACTIVE=3}; grace@example.com is free again: true; users.verify(): clean, 3 records"
                    + " checked",
            // event log
            "3 newest api entries: [tick 59, tick 58, tick 57]",
            "api entries from 00:10 to 00:13, newest first: [tick 12, tick 11, tick 10]",
            // multimap
            "post-1 is liked by (distinct, in order, one range read): [alice, bob, carol]",
            "with counts: {alice=1, bob=1, carol=2}",
            "alice removes her like: true, and again: false",
            "now: {bob=1, carol=2}, contains alice: false",
            "ann's ledger (negative counts are debts, removes are read-free): {ben=3, cleo=-1}",
            "all samples done");

    @TempDir
    Path dir;

    @Test
    void everySamplePrintsTheExpectedAnswers() {
        String output = run();
        assertPrintsEveryAnswer(output);
        assertTrue(output.contains("starting from an empty shop: deleted 0 users and 0 orders"), output);
    }

    @Test
    void theJobRunsAgainOnTheSameStore() {
        run();
        String again = run();
        assertPrintsEveryAnswer(again);
        assertTrue(again.contains("starting from an empty shop: deleted 3 users and 12 orders an earlier run left;"
                + " users now: 0"), again);
    }

    private String run() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SamplesMain.runAll(dir, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }

    private static void assertPrintsEveryAnswer(String output) {
        for (String expected : EXPECTED) {
            assertTrue(output.contains(expected), "missing \"" + expected + "\" in:\n" + output);
        }
    }
}
