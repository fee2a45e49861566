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
            "its key, with the building as the partition: [((\"Team\", \"r\", \"HQ\"), \"Engineering\", 2, \"Grace\")];"
                    + " decoded without a schema: [[Team, r, HQ], Engineering, 2, Grace]",
            "\"HQ\\0East\" is 02 48 51 00 FF 45 61 73 74 00",
            "  page 3: [Ken, Barbara]",
            "HQ / Engineering, teams 2 (inclusive) to 10 (exclusive):\n"
                    + "  Team[building=HQ, department=Engineering, team=2, manager=Grace, headcount=4]\n"
                    + "every team",
            // org chart queries: StartingWith over a hierarchical key
            "under Engineering/Platform/ (one range scan of the key): [Jim]",
            "departments starting with Engineering/Platform: [Radia, Whitfield, Jim, Sophie]",
            "teams under Engineering/ (counted, none decoded): 5",
            "the highest-numbered team of Engineering/Platform (the prefix in reverse, one team read): Whitfield",
            // shop: users with a unique email and a unique username
            "saved Ada, Alan and Grace; save returns the stored copy, and Ada's is at version 1",
            "a second insert of user 1 is refused: User: an entity with key (id=1) already exists",
            "Mallory signing up with Ada's email is refused: User: unique index \"email\" already maps value "
                    + "(\"ada@example.com\") to the entity with key (id=1)",
            "  and the store is unchanged: 3 users, user 4 exists: false, findByUsername(\"mallory\"): Optional.empty,"
                    + " ada@example.com belongs to Ada",
            "Alan taking the username \"ada\" with updateUsername is refused: User: unique index \"username\" already "
                    + "maps value (\"ada\") to the entity with key (id=1)",
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
            "the second saves its copy and is refused: User (id=1): version 7 is stale, the store "
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
            // shop queries: derived query methods
            "users aged 30 to 40, youngest first (index 'age', one range): [Margaret, Tim]",
            "names starting with \"Mar\" (index 'name', StartingWith): [Margaret, Marie, Mary]",
            "users SUSPENDED or CLOSED (one scan of index 'status' per status, merged by id): [Mary, Tim, Hedy]",
            "the same, two per page: [Mary, Tim] then [Hedy]",
            "suspended users (counter 'byStatus', one read): 2; tim@example.com taken (unique index 'email'): true",
            "Margaret's 3 newest orders (the key is newest first; the scan stops after 3): [q-4, q-3, q-2]",
            "Margaret's oldest order (the same key prefix, in reverse): q-0",
            "Margaret's and Mary's orders, newest first (one scan per user, merged by time): [r-4, q-4, r-3, q-3] ...",
            "deleteBy: 10 orders and 5 users deleted, with their index entries and counts; suspended users now: 0",
            // maps and arrays (bob is stored one key per attribute and element; the key listing shows positions)
            "saved bob: attributes {address=123 Bob Avenue Philadelphia, PA 19107, email=, name=Bob Smith},"
                    + " friends [joe, suzy, bill], groups [chess]",
            "bob's attributes now: {email=bob@example.com, name=Bob Smith}",
            "appendFriends(alice), insertFriends(0, zoe), removeFriendsAt(2): [zoe, joe, bill, alice]",
            "insertFriends(1, amy): [zoe, amy, joe, bill, alice]",
            "  ((\"Person\", \"r\", \"bob\"), \"friends\", -1, \"V\")",
            "addGroups(go), removeGroups(chess): [go]; findByGroups(\"go\"): [bob, suzy], findByGroups(\"chess\"): [suzy]",
            "updateStatus(\"bob\", \"online\"): true, and for nobody: false",
            "save(bob with one attribute and one friend) replaces him whole: attributes {name=Bob}, friends [joe],"
                    + " groups []; findByGroups(\"go\"): [suzy]",
            "deleteById(\"bob\"): true; keys left under his prefix: 0",
            // two-level map: flat map, named set, structured record
            "ui.theme (one point read): light, stored under [((\"Setting\", \"r\", \"ui.theme\"))]",
            "findAllById(ui.language, ui.missing, ui.theme), one multi-get: [ui.language=en, ui.theme=light]",
            "staff-picks after adding heat, alien, brazil, alien, casablanca: [alien, brazil, casablanca, heat]"
                    + " (sorted, once each), size (counter, one read): 4",
            "its keys: [((\"SetMember\", \"r\", \"staff-picks\"), \"alien\"), ((\"SetMember\", \"r\", \"staff-picks\"),"
                    + " \"brazil\")] ...",
            "paged by 3: [alien, brazil, casablanca] then [heat]",
            "remove alien: true, again: false; now [brazil, casablanca, heat], size 3; sets and sizes:"
                    + " {new-releases=1, staff-picks=3}",
            "t-80 after updateRating and appendGenres: Title[id=t-80, name=Alien, year=1979, runtimeMinutes=117,"
                    + " rating=Rating[board=BBFC, rating=15], genres=[horror, sci-fi, thriller]]",
            // event log
            "3 newest api entries: [tick 59, tick 58, tick 57]",
            "api entries from 00:10 to 00:13, newest first: [tick 12, tick 11, tick 10]",
            "deleted 30 api entries older than 00:30 in 3 batches of at most 10, each one transaction; 30 left,"
                    + " the oldest now: tick 30",
            // graph
            "ann's adjacency list: [((\"Follows\", \"r\", \"ann\"), \"ben\"), ((\"Follows\", \"r\", \"ann\"), \"cleo\")]",
            "ann follows (prefix scan): [ben, cleo]; ann's followers (index scan): [cleo, dev, eve]",
            "degrees of cleo (two reads): follows 1, followed by 4; followers of everyone (one scan):"
                    + " {ann=3, ben=2, cleo=4, dev=2}",
            "eve follows, two per page: [ann, ben] then [cleo, dev]",
            "two hops from ann, not yet followed (one scan per neighbour): [dev]",
            "ann unfollows cleo: true; ann follows [ben], cleo's followers [ben, dev, eve], in-degree 3",
            // metrics
            "hour 11:00 (two point reads, no scan): 30 points, total 1295 ms, average 43 ms",
            "total per hour, one read each: {9:00=0, 10:00=1345, 11:00=1295, 12:00=1345}",
            "raw values from 11:15 to 11:21 (one range scan): [36, 43, 50]",
            "after deleting the 11:00:00 point (30 ms): 29 points, total 1265 ms",
            "the 10:00 bucket after putValues(\"00:01\", 46.1): {00:00=50.0, 00:01=46.1, 30:00=70.0}",
            "the whole day: 24 buckets in one range scan",
            "retention: deleted the 12 buckets before 12:00 in one transaction; left: 12, from 2026-11-22T12:00:00Z",
            // a large document in chunks
            "wrote report-2026.txt, 3,000,000 bytes, as 92 chunks of at most 32,768 bytes, in one unit of work",
            "its keys, in chunk order: ((\"DocumentChunk\", \"r\", \"report-2026.txt\"), 0), ((\"DocumentChunk\", \"r\","
                    + " \"report-2026.txt\"), 1), ..., ((\"DocumentChunk\", \"r\", \"report-2026.txt\"), 91)",
            "the largest stored value: 32,799 bytes",
            "streamed back in 12 read(s) of at most 8 chunks: 92 chunks, 3,000,000 bytes, SHA-256 a950158dd9a486f4...,"
                    + " as written: true",
            "replaced by a 100,000-byte version: 4 chunks, written in one unit of work that also deleted the 88 stale"
                    + " chunks 4 to 91; keys now: 4, the last ((\"DocumentChunk\", \"r\", \"report-2026.txt\"), 3)",
            "streamed back in 1 read(s) of at most 8 chunks: 4 chunks, 100,000 bytes, SHA-256 335f89237e020382...,"
                    + " as written: true",
            "deleted report-2026.txt: 4 chunks in one unit of work; keys left under its prefix: 0; reading it now gives"
                    + " 0 chunks",
            // a session store with @Expires
            "at 12:00, 24 sessions log in for 5 minutes and 5 remembered ones for 1 hour; sessions (counter): 29",
            "the expiry index orders sessions by instant (as nanoseconds), its first entry: ((\"LoginSession\", \"x\","
                    + " \"expiresAt\"), 1795349100000000000, \"session:00\")",
            "at 12:10, findById(session:03): Optional.empty (it expired at 12:05 and is not reaped yet);"
                    + " findByUser(user-3): [remember:3]; sessions (counter, until reaped): 29; session:07 exists: true",
            "reapExpired() at 12:10 deleted 23 sessions with their index entries and counts: sessions 6, expiry entries"
                    + " left 6, verify(): clean",
            "at 13:00 the remembered sessions expire: findById(remember:2): Optional.empty; reapExpired() deleted 6;"
                    + " sessions: 0, index entries of users: 0",
            // an order feed followed by a second service
            "the orders service placed 4 orders, took payment for 2 and cancelled 1",
            "the warehouse applied 7 changes; to pick: [o-1 (ada), o-2 (bob)]",
            "restarted, it resumes from its stored continuation: 2 changes; to pick: [o-2 (bob), o-4 (dee)]",
            "caught up: a poll applies 0 changes and keeps its place: true",
            "the orders service's listener heard its 9 commits in commit order: [PUT o-1 OPEN, PUT o-2 OPEN,"
                    + " PUT o-3 OPEN, PUT o-4 OPEN, PUT o-1 PAID, PUT o-2 PAID, DELETE o-3, PUT o-1 SHIPPED, PUT o-4 PAID]",
            // multimap
            "post-1 is liked by (distinct, in order, one range read): [alice, bob, carol]",
            "with counts: {alice=1, bob=1, carol=2}",
            "alice removes her like: true, and again: false",
            "now: {bob=1, carol=2}, contains alice: false",
            "alice's item is gone, the representation stays sparse: [((\"$multimap\", \"likes\", \"post-1\"), \"bob\"),"
                    + " ((\"$multimap\", \"likes\", \"post-1\"), \"carol\")]",
            "8 clients add (post-2, dave) 500 times each at once: count 4000, every add counted",
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
