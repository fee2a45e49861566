package io.kvmapper.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.cli.entities.GadgetRepository;
import io.kvmapper.internal.codec.ValueCheck;
import io.kvmapper.internal.codec.ValueHeader;
import io.kvmapper.rocksdb.RocksBackend;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.samples.mapsandarrays.PersonRepository;
import io.kvmapper.samples.shop.Order;
import io.kvmapper.samples.shop.OrderRepository;
import io.kvmapper.samples.shop.UserRepository;
import io.kvmapper.tuple.Tuples;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every command, run in this JVM on a RocksDB store the samples and the test entities wrote (both layouts, both
 * codecs, databind fields, multimaps): what it prints, in text and JSON, and its exit code, including the errors.
 */
class CommandsOnRocksDbTest {
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    @TempDir
    static Path scratch;
    private static Path store;
    private static String dir;

    @BeforeAll
    static void writeTheStore() {
        store = TestStores.rocksdb(scratch.resolve("store"));
        dir = store.toString();
    }

    // ---- info and schema

    @Test
    void infoShowsEveryEntityWithItsSchemaRecordsIndexesCountersAndMultimaps() {
        Cli.Result info = Cli.run("info", "--rocksdb", dir);
        assertEquals(0, info.exit(), info::toString);
        String out = info.out();
        assertTrue(out.startsWith("RocksDB store at " + store.toAbsolutePath() + " (read-only): "), out);
        assertTrue(out.contains("entity Gadget: schema version 1 of io.kvmapper.cli.entities.Gadget, MONOLITHIC, JSON"),
                out);
        assertTrue(out.contains("entity ProtoGadget: schema version 1 of io.kvmapper.cli.entities.ProtoGadget, "
                + "MONOLITHIC, PROTOBUF"), out);
        assertTrue(out.contains("entity Person: schema version 1 of io.kvmapper.samples.mapsandarrays.Person, "
                + "ATTRIBUTE_PER_KEY, JSON"), out);
        assertTrue(out.contains("  records  12 (12 keys, "), "Order's twelve records: " + out);
        assertTrue(out.matches("(?s).*index +email +unique\\(email:STRING\\) +READY +3 entries, .*"), out);
        assertTrue(out.matches("(?s).*counter +revenueByDay +sum\\(totalCents:LONG;day:LOCAL_DATE\\) +READY"
                + " +3 groups.*"), out);
        assertTrue(out.contains("multimap likes: 3 pairs, "), out);
        assertTrue(out.contains(" on disk"), out);
    }

    @Test
    void infoAsJsonCountsTheSameAsTheRepositories() throws IOException {
        Cli.Result info = Cli.run("info", "--rocksdb", dir, "--json");
        assertEquals(0, info.exit(), info::toString);
        JsonNode root = JSON.readTree(info.out());
        JsonNode person = entity(root, "Person");
        JsonNode gadget = entity(root, "Gadget");
        try (KvStore opened = RocksKvStore.open(store)) {
            assertEquals(new PersonRepository(opened).count(), person.get("records").asLong());
            assertEquals(new GadgetRepository(opened).count(), gadget.get("records").asLong());
        }
        assertTrue(person.get("recordKeys").asLong() > person.get("records").asLong(), "one key per attribute");
        assertEquals("READY", gadget.get("indexes").get(0).get("state").asString());
        assertEquals(gadget.get("records").asLong(), gadget.get("counters").get(0).get("groups").asLong() > 0
                ? gadget.get("records").asLong() : -1, "the global counter 'total' has one group");
    }

    private static JsonNode entity(JsonNode info, String name) {
        for (JsonNode entity : info.get("entities")) {
            if (entity.get("entity").asString().equals(name)) {
                return entity;
            }
        }
        throw new AssertionError("no entity " + name + " in " + info);
    }

    @Test
    void schemaShowsWhatTheStoreRecordsAsSchemaFilesHoldIt() throws IOException {
        Cli.Result schema = Cli.run("schema", "Gadget", "--rocksdb", dir);
        assertEquals(0, schema.exit(), schema::toString);
        assertEquals(Files.readString(Path.of("src/test/kvmapper/io/kvmapper/cli/entities/Gadget.json")), schema.out());
        Cli.Result all = Cli.run("schema", "--rocksdb", dir, "--json");
        assertEquals(0, all.exit(), all::toString);
        assertEquals(20, JSON.readTree(all.out()).size(), "the samples' sixteen entities and the tests' four");
    }

    @Test
    void schemaDiffComparesSchemaFilesByTheStoresRules() throws IOException {
        Cli.Result same = Cli.run("schema", "--rocksdb", dir, "--diff", "src/test/kvmapper");
        assertEquals(0, same.exit(), same::toString);
        assertTrue(same.out().contains("Gadget: the same\n"), same.out());
        assertTrue(same.out().contains("Order: only in the store\n"), same.out());

        Path files = Files.createDirectories(scratch.resolve("schema-files"));
        String gadget = Files.readString(Path.of("src/test/kvmapper/io/kvmapper/cli/entities/Gadget.json"));
        Files.writeString(files.resolve("Gadget.json"), gadget.replace("\"version\": 1", "\"version\": 2")
                .replace("{\"name\": \"size\", \"java\": \"size\", \"type\": \"int\"",
                        "{\"name\": \"size\", \"java\": \"size\", \"type\": \"long\"")
                .replace("\"indexes\": [", "\"indexes\": [\n    {\"name\": \"byLabel\", \"signature\": "
                        + "\"index(label_stored:STRING)\"},"));
        Cli.Result compatible = Cli.run("schema", "Gadget", "--rocksdb", dir, "--diff", files.toString());
        assertEquals(0, compatible.exit(), compatible::toString);
        assertEquals("Gadget: compatible (the store's schema version 1, the files' 2)\n"
                + "  ~ field size int -> long (widened)\n"
                + "  + index byLabel index(label_stored:STRING) (built online)\n", compatible.out());

        Files.writeString(files.resolve("Gadget.json"),
                gadget.replace("\"type\": \"BigInteger\"", "\"type\": \"String\""));
        Cli.Result refused = Cli.run("schema", "Gadget", "--rocksdb", dir, "--diff", files.toString());
        assertEquals(1, refused.exit(), refused::toString);
        assertEquals("Gadget: incompatible\n  field \"huge\" is stored as BigInteger, and the schema files read it as "
                + "String\n", refused.out());
    }

    // ---- get and scan

    @Test
    void getShowsOneRecordByKeyComponentsGivenAsText() throws IOException {
        Cli.Result order = Cli.run("get", "Order", "2", "2026-11-01T13:00:00Z", "o-1", "--rocksdb", dir, "--json");
        assertEquals(0, order.exit(), order::toString);
        JsonNode line = JSON.readTree(order.out());
        assertEquals("[2,\"2026-11-01T13:00:00Z\",\"o-1\"]", line.get("key").toString());
        assertEquals(1250, line.get("record").get("totalCents").asLong());

        Cli.Result person = Cli.run("get", "Person", "suzy", "--rocksdb", dir);
        assertEquals(0, person.exit(), person::toString);
        assertTrue(person.out().contains("\"groups\" : [ \"chess\", \"go\" ]"), person.out());
    }

    @Test
    void getPrintsAJsonRecordAsTheJsonCodecStoredIt() throws IOException {
        try (RocksBackend backend = RocksKvStore.openBackend(store, RocksKvStore.options().readOnly(true))) {
            byte[] key = Tuples.encode(List.of("User", "r", 1L));
            byte[] value = backend.get(key);
            int payload = ValueHeader.payloadOffset(value, ValueCheck.bodyOffset(key, value), ValueHeader.JSON, "User", key);
            Cli.Result user = Cli.run("get", "User", "1", "--rocksdb", dir, "--json");
            assertEquals(new String(value, payload, value.length - payload, StandardCharsets.UTF_8),
                    JSON.readTree(user.out()).get("record").toString());
        }
    }

    @Test
    void getSaysWhatIsWrongWithAKeyAndExitsWithTwo() {
        Cli.Result arity = Cli.run("get", "Order", "2", "--rocksdb", dir);
        assertEquals(2, arity.exit());
        assertEquals("kvmapper: Order has a key of 3 components (userId long, placedAt Instant descending, orderId "
                + "String); 1 given\n", arity.err());
        Cli.Result type = Cli.run("get", "Order", "two", "2026-11-01T13:00:00Z", "o-1", "--rocksdb", dir);
        assertEquals(2, type.exit());
        assertEquals("kvmapper: Order: key component 1 (userId): \"two\" is not an integer that fits a long\n",
                type.err());
        Cli.Result entity = Cli.run("get", "Nobody", "1", "--rocksdb", dir);
        assertEquals(2, entity.exit());
        assertTrue(entity.err().startsWith("kvmapper: the store records no entity \"Nobody\"; it records AttrGadget, "
                + "Clip, DocumentChunk,"), entity.err());
        Cli.Result missing = Cli.run("get", "User", "99", "--rocksdb", dir);
        assertEquals(1, missing.exit());
        assertEquals("kvmapper: User ((\"User\", \"r\", 99)): no such record\n", missing.err());
    }

    @Test
    void scanListsRecordsInKeyOrderUnderAPrefixAndBackwards() {
        Cli.Result all = Cli.run("scan", "Order", "--rocksdb", dir);
        assertEquals(0, all.exit(), all::toString);
        List<String> lines = all.out().lines().toList();
        assertEquals(12, lines.size());
        assertTrue(lines.get(0).startsWith("[1,\"2026-11-03T01:00:00Z\",\"o-10\"]  {\"userId\":1,"), lines.get(0));

        Cli.Result user2 = Cli.run("scan", "Order", "--prefix", "2", "--rocksdb", dir, "--json");
        List<String> orders;
        try (KvStore opened = RocksKvStore.open(store)) {
            orders = new OrderRepository(opened).findByUserId(2).stream().map(Order::orderId).toList();
        }
        assertEquals(orders, user2.out().lines().map(line -> JSON.readTree(line).get("record").get("orderId")
                .asString()).toList());

        Cli.Result reverse = Cli.run("scan", "Order", "--prefix", "2", "--reverse", "--limit", "2", "--rocksdb", dir,
                "--json");
        assertEquals(List.of(orders.get(orders.size() - 1), orders.get(orders.size() - 2)), reverse.out().lines()
                .map(line -> JSON.readTree(line).get("record").get("orderId").asString()).toList());

        Cli.Result limited = Cli.run("scan", "AttrGadget", "--limit", "3", "--rocksdb", dir);
        assertEquals(3, limited.out().lines().count(), limited::toString);
    }

    // ---- decode

    @Test
    void decodeNamesTheAreaOfAnyKeyWithoutAStore() throws IOException {
        Cli.Result record = Cli.run("decode", "05 02 55 73 65 72 00 02 72 00 15 01 00");
        assertEquals(0, record.exit(), record::toString);
        assertEquals("tuple:    ((\"User\", \"r\", 1))\narea:     record\nentity:   User\nelements: (1)\n",
                record.out());
        JsonNode entry = decode(hex(Tuples.encode(List.of("User", "i", "status"), "ACTIVE", 1L)));
        assertEquals(List.of("index entry", "User", "status", "(\"ACTIVE\", 1)"), List.of(entry.get("area").asString(),
                entry.get("entity").asString(), entry.get("index").asString(), entry.get("elements").asString()));
        JsonNode group = decode(hex(Tuples.encode(List.of("Order", "c", "revenueByDay"), 20759L)));
        assertEquals(List.of("counter group", "revenueByDay", "(20759)"), List.of(group.get("area").asString(),
                group.get("counter").asString(), group.get("group").asString()));
        JsonNode schema = decode(hex(Tuples.encode(List.of("User", "m"), "schema", "current")));
        assertEquals("schema (the entity's stored schema)", schema.get("area").asString());
        JsonNode state = decode(hex(Tuples.encode(List.of("User", "m"), "index", "email")));
        assertEquals("index definition and state", state.get("area").asString());
        JsonNode pair = decode(hex(Tuples.encode(List.of("$multimap", "likes", "post-1"), "alice")));
        assertEquals("{\"tuple\":\"((\\\"$multimap\\\", \\\"likes\\\", \\\"post-1\\\"), \\\"alice\\\")\","
                + "\"area\":\"multimap pair\",\"multimap\":\"likes\",\"key\":\"post-1\",\"value\":\"alice\"}",
                pair.toString());
        JsonNode foreign = decode("0x02 61 00");
        assertEquals("none: not a key of KV Mapper's layout", foreign.get("area").asString());
        assertEquals(2, Cli.run("decode", "zz").exit());
    }

    private static JsonNode decode(String hex, String... more) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("decode", hex, "--json"));
        args.addAll(List.of(more));
        Cli.Result decoded = Cli.run(args.toArray(String[]::new));
        assertEquals(0, decoded.exit(), decoded::toString);
        return JSON.readTree(decoded.out());
    }

    @Test
    void decodeWithAStoreTypesTheKeyAndShowsTheValue() throws IOException {
        byte[] order = Tuples.encode(List.of("Order", "r", 2L), new io.kvmapper.tuple.Descending(
                java.time.Instant.parse("2026-11-01T13:00:00Z")), "o-1");
        JsonNode facts = decode(hex(order), "--rocksdb", dir);
        assertEquals("[2,\"2026-11-01T13:00:00Z\",\"o-1\"]", facts.get("key").toString());
        assertEquals(1250, facts.get("stored").get("totalCents").asLong());
        JsonNode entry = decode(hex(Tuples.encode(List.of("User", "i", "status"), "ACTIVE", 1L)), "--rocksdb", dir);
        assertEquals("((\"User\", \"r\", 1))", entry.get("record").asString());
        assertEquals("[1]", entry.get("key").toString());
        assertEquals("an empty value", entry.get("stored").asString());
        JsonNode item = decode(hex(Tuples.encode(List.of("Person", "r", "suzy"), "groups", "go")), "--rocksdb", dir);
        assertEquals("record (an attribute item)", item.get("area").asString());
        assertEquals("(\"groups\", \"go\")", item.get("attribute").asString());
        JsonNode counter = decode(hex(Tuples.encode(List.of("User", "c", "total"))), "--rocksdb", dir);
        assertEquals(3, counter.get("stored").asLong());
    }

    // ---- verify and repair

    @Test
    void verifyFindsEveryEntityCleanAndDryRunChangesNothing() throws IOException {
        Cli.Result verify = Cli.run("verify", "--rocksdb", dir);
        assertEquals(0, verify.exit(), verify::toString);
        assertTrue(verify.out().contains("Order: clean, 12 records checked\n"), verify.out());
        assertTrue(verify.out().contains("Person: clean, 1 record checked\n"), verify.out());
        assertEquals(20, verify.out().lines().count(), verify.out());
        Cli.Result json = Cli.run("verify", "User", "Gadget", "--rocksdb", dir, "--json");
        JsonNode entities = JSON.readTree(json.out()).get("entities");
        assertEquals(2, entities.size());
        assertTrue(entities.get(0).get("clean").asBoolean());
        Cli.Result dryRun = Cli.run("repair", "--dry-run", "--rocksdb", dir);
        assertEquals(0, dryRun.exit(), dryRun::toString);
    }

    // ---- export, import, copy

    @Test
    void exportThenImportGivesAStoreWithTheSameRecordsWhoseVerifyIsClean() throws IOException {
        Path file = scratch.resolve("export.jsonl");
        Cli.Result export = Cli.run("export", "--rocksdb", dir, "--out", file.toString());
        assertEquals(0, export.exit(), export::toString);
        assertTrue(export.err().contains("exported 20 entities"), export.err());
        List<String> lines = Files.readAllLines(file);
        assertTrue(lines.get(0).startsWith("{\"entity\":\"AttrGadget\",\"schema\":{\"format\":1,"), lines.get(0));
        assertTrue(lines.get(lines.size() - 1).startsWith("{\"multimap\":\"owes\","), lines.get(lines.size() - 1));

        Path imported = scratch.resolve("imported");
        Cli.Result load = Cli.run("import", "--rocksdb", imported.toString(), "--in", file.toString());
        assertEquals(0, load.exit(), load::toString);
        Cli.Result verify = Cli.run("verify", "--rocksdb", imported.toString());
        assertEquals(0, verify.exit(), verify::toString);

        Path again = scratch.resolve("export-again.jsonl");
        assertEquals(0, Cli.run("export", "--rocksdb", imported.toString(), "--out", again.toString()).exit());
        assertEquals(lines, Files.readAllLines(again), "the imported store exports the same lines");

        try (KvStore original = RocksKvStore.open(store);
                KvStore copy = RocksKvStore.open(imported)) {
            UserRepository users = new UserRepository(original);
            UserRepository copiedUsers = new UserRepository(copy);
            try (Stream<?> a = users.findAll(); Stream<?> b = copiedUsers.findAll()) {
                assertEquals(a.toList(), b.toList());
            }
            assertEquals(users.countByStatus(), copiedUsers.countByStatus(), "counters follow the records");
            assertEquals(users.findByEmail("ada@example.com"), copiedUsers.findByEmail("ada@example.com"),
                    "unique indexes follow the records");
            OrderRepository orders = new OrderRepository(original);
            OrderRepository copiedOrders = new OrderRepository(copy);
            assertEquals(orders.sumRevenueByDay(), copiedOrders.sumRevenueByDay());
            assertEquals(new PersonRepository(original).findByGroups("chess"),
                    new PersonRepository(copy).findByGroups("chess"));
            assertEquals(copy.multimap("likes", String.class, String.class).counts("post-2"),
                    original.multimap("likes", String.class, String.class).counts("post-2"));
        }
    }

    @Test
    void importStopsAtABadLineNamingItAndKeepsTheLinesBefore() throws IOException {
        Path file = scratch.resolve("bad.jsonl");
        List<String> exported = exportOf("User");
        List<String> lines = new java.util.ArrayList<>(exported.subList(0, 3));
        lines.add("{\"entity\":\"User\",\"record\":{\"id\":\"not a number\"}}");
        lines.addAll(exported.subList(3, exported.size()));
        Files.write(file, lines);
        Path target = scratch.resolve("bad-import");
        Cli.Result load = Cli.run("import", "--rocksdb", target.toString(), "--in", file.toString());
        assertEquals(2, load.exit(), load::toString);
        assertTrue(load.err().contains("kvmapper: line 4: expected an integer in field \"id\", found VALUE_STRING; "
                + "nothing of line 4 was imported, every line before it was"), load.err());
        assertEquals(2, Cli.run("scan", "User", "--rocksdb", target.toString()).out().lines().count());

        Cli.Result before = Cli.run("import", "--rocksdb", scratch.resolve("orphan").toString(), "--in",
                write("orphan.jsonl", exported.subList(1, 2)));
        assertEquals(2, before.exit());
        assertTrue(before.err().contains("line 1: a record of entity \"User\" comes before its schema line"),
                before.err());
    }

    @Test
    void importRefusesKeysTheStoreHoldsUnlessReplace() throws IOException {
        String file = write("users.jsonl", exportOf("User"));
        Path target = scratch.resolve("twice");
        assertEquals(0, Cli.run("import", "--rocksdb", target.toString(), "--in", file).exit());
        Cli.Result again = Cli.run("import", "--rocksdb", target.toString(), "--in", file);
        assertEquals(1, again.exit(), again::toString);
        assertTrue(again.err().contains("kvmapper: line 2: User: an entity with key (id=1) already "
                + "exists"), again.err());
        assertTrue(again.err().contains("(--replace overwrites what the store holds)"), again.err());
        assertEquals(0, Cli.run("import", "--rocksdb", target.toString(), "--in", file, "--replace").exit());
        assertEquals(0, Cli.run("verify", "--rocksdb", target.toString()).exit());
    }

    @Test
    void importRefusesASchemaTheStoreCannotTake() throws IOException {
        List<String> users = exportOf("User");
        String file = write("users-changed.jsonl", List.of(users.get(0).replace("\"type\":\"long\",\"number\":1",
                "\"type\":\"String\",\"number\":1").replace("{\"field\":\"id\",\"type\":\"long\"",
                "{\"field\":\"id\",\"type\":\"String\"")));
        Cli.Result refused = Cli.run("import", "--rocksdb", dir + "-copy-for-schema", "--in", file);
        assertEquals(0, refused.exit(), "a new store takes any schema: " + refused);
        Path target = TestStores.copy(store, scratch.resolve("schema-target"));
        Cli.Result mismatch = Cli.run("import", "--rocksdb", target.toString(), "--in", file);
        assertEquals(2, mismatch.exit(), mismatch::toString);
        assertTrue(mismatch.err().contains("line 1: the store refuses the schema of User: User: the stored schema "
                + "does not match the code: key component 1 is \"id\" long"), mismatch.err());
    }

    @Test
    void copyWritesAnotherStoreThatVerifiesClean() throws IOException {
        Path target = scratch.resolve("copied");
        Cli.Result copy = Cli.run("copy", "--rocksdb", dir, "--to-rocksdb", target.toString());
        assertEquals(0, copy.exit(), copy::toString);
        assertTrue(copy.err().contains("copied "), copy.err());
        assertEquals(0, Cli.run("verify", "--rocksdb", target.toString()).exit());
        Cli.Result again = Cli.run("copy", "--rocksdb", dir, "--to-rocksdb", target.toString());
        assertEquals(2, again.exit());
        assertTrue(again.err().contains("the target store is not empty"), again.err());
    }

    // ---- damaged records and components not ready

    @Test
    void aCorruptRecordIsReportedWithItsKeyAndTheCommandGoesOn() throws IOException {
        Path damaged = TestStores.copy(store, scratch.resolve("corrupt"));
        byte[] key = Tuples.encode(List.of("Order", "r", 2L), new io.kvmapper.tuple.Descending(
                java.time.Instant.parse("2026-11-01T13:00:00Z")), "o-1");
        try (RocksBackend backend = RocksKvStore.openBackend(damaged, RocksKvStore.options());
                io.kvmapper.spi.KvTransaction kv = backend.beginTransaction()) {
            kv.put(key, "J\u0001{\"userId\":".getBytes(StandardCharsets.UTF_8));
            kv.commit();
        }
        Cli.Result scan = Cli.run("scan", "Order", "--rocksdb", damaged.toString());
        assertEquals(1, scan.exit(), scan::toString);
        assertEquals(11, scan.out().lines().count(), "the other records are listed");
        assertTrue(scan.err().contains("kvmapper: corrupt record, skipped: Order " + Tuples.toString(key)
                + ": the stored value is not a valid encoding"), scan.err());
        Cli.Result export = Cli.run("export", "Order", "--rocksdb", damaged.toString(), "--out",
                scratch.resolve("corrupt.jsonl").toString());
        assertEquals(1, export.exit(), export::toString);
        assertTrue(export.err().contains("kvmapper: corrupt record, not exported: Order ((\"Order\", \"r\", 2), "),
                export.err());
        assertEquals(12, Files.readAllLines(scratch.resolve("corrupt.jsonl")).size(), "the schema and eleven records");
        Cli.Result get = Cli.run("get", "Order", "2", "2026-11-01T13:00:00Z", "o-1", "--rocksdb", damaged.toString());
        assertEquals(1, get.exit(), get::toString);
        assertTrue(get.err().startsWith("kvmapper: corrupt record: Order ((\"Order\", \"r\", 2), "), get.err());
        Cli.Result verify = Cli.run("verify", "Order", "--rocksdb", damaged.toString());
        assertEquals(1, verify.exit(), verify::toString);
        Cli.Result repair = Cli.run("repair", "Order", "--rocksdb", damaged.toString());
        assertEquals(1, repair.exit(), "a corrupt record is not mended: " + repair);
    }

    @Test
    void anIndexBeingBuiltShowsHowFarItCameAndIsNotChecked() {
        Path building = TestStores.copy(store, scratch.resolve("building"));
        try (RocksBackend backend = RocksKvStore.openBackend(building, RocksKvStore.options());
                io.kvmapper.spi.KvTransaction kv = backend.beginTransaction()) {
            kv.put(Tuples.encode(List.of("User", "m"), "index", "status"),
                    Tuples.encode("index(status:ENUM)", "BUILDING", ""));
            kv.put(Tuples.encode(List.of("User", "m"), "index-build", "status"),
                    Tuples.encode(List.of("User", "r", 1L)));
            kv.put(Tuples.encode(List.of("User", "m"), "counter", "old"), Tuples.encode("count()", "DROPPING", ""));
            kv.commit();
        }
        Cli.Result info = Cli.run("info", "--rocksdb", building.toString());
        assertTrue(info.out().matches("(?s).*index +status +index\\(status:ENUM\\) +BUILDING, covered up to "
                + "\\(\\(\"User\", \"r\", 1\\)\\) +3 entries.*"), info.out());
        assertTrue(info.out().matches("(?s).*counter +old +count\\(\\) +DROPPING +0 groups.*"), info.out());
        Cli.Result verify = Cli.run("verify", "User", "--rocksdb", building.toString());
        assertEquals(0, verify.exit(), verify::toString);
        assertEquals("User: clean, 3 records checked\n  not checked: index 'status': BUILDING\n", verify.out());
    }

    // ---- stores that are not there, or held

    @Test
    void aMissingStoreIsAStoreError() throws IOException {
        Cli.Result missing = Cli.run("info", "--rocksdb", scratch.resolve("nowhere").toString());
        assertEquals(3, missing.exit());
        assertEquals("kvmapper: there is no RocksDB store at " + scratch.resolve("nowhere") + " (no such directory)\n",
                missing.err());
        Path empty = Files.createDirectories(scratch.resolve("empty"));
        Cli.Result notAStore = Cli.run("verify", "--rocksdb", empty.toString());
        assertEquals(3, notAStore.exit());
        assertTrue(notAStore.err().contains("(the directory holds no CURRENT file)"), notAStore.err());
        assertFalse(Files.exists(scratch.resolve("nowhere")), "reading never creates a store");
    }

    @Test
    void writingCommandsRefuseAStoreAnotherInstanceHoldsAndReadingOnesWork() {
        try (KvStore held = RocksKvStore.open(store)) {
            Cli.Result repair = Cli.run("repair", "--rocksdb", dir);
            assertEquals(3, repair.exit(), repair::toString);
            assertTrue(repair.err().startsWith("kvmapper: the RocksDB store at " + store.toAbsolutePath()
                    + " is held by another process (its LOCK file is taken), and this command writes"), repair.err());
            assertEquals(0, Cli.run("verify", "--rocksdb", dir).exit());
            assertEquals(0, Cli.run("info", "--rocksdb", dir).exit());
        }
    }

    // ---- usage

    @Test
    void usageErrorsExitWithTwoAndEveryCommandHasHelp() {
        assertEquals(2, Cli.run().exit());
        assertEquals(2, Cli.run("frobnicate").exit());
        Cli.Result option = Cli.run("info", "--rocksdb", dir, "--frob");
        assertEquals(2, option.exit());
        assertTrue(option.err().startsWith("kvmapper: Unknown option: '--frob'"), option.err());
        assertTrue(option.err().contains("Run 'kvmapper info --help'"), option.err());
        assertEquals(2, Cli.run("info").exit(), "no store named");
        assertEquals(2, Cli.run("info", "--rocksdb", dir, "--cassandra", "localhost").exit());
        assertEquals(2, Cli.run("info", "--cassandra", "localhost").exit(), "no keyspace");
        for (String command : List.of("info", "schema", "get", "scan", "decode", "verify", "repair", "export", "import",
                "copy", "generate-completion")) {
            Cli.Result help = Cli.run(command, "--help");
            assertEquals(0, help.exit(), command);
            assertTrue(help.out().startsWith("Usage: kvmapper " + command), help.out());
        }
        Cli.Result help = Cli.run("--help");
        assertTrue(help.out().contains("Exit codes: 0 done"), help.out());
        Cli.Result completion = Cli.run("generate-completion");
        assertEquals(0, completion.exit());
        assertTrue(completion.out().contains("complete -F _complete_kvmapper"), completion.out());
        assertTrue(Cli.run("--version").out().startsWith("kvmapper "));
    }

    @Test
    void aPasswordIsNeverAnArgumentAndNeverPrinted() {
        Cli.Result noPassword = Cli.run(java.util.Map.of(), "info", "--cassandra", "127.0.0.1:1", "--keyspace", "k",
                "--user", "admin");
        if (System.getenv("KVMAPPER_CASSANDRA_PASSWORD") == null) {
            assertEquals(2, noPassword.exit(), noPassword::toString);
            assertEquals("kvmapper: --user admin needs a password: give --password-file FILE, or set "
                    + "KVMAPPER_CASSANDRA_PASSWORD\n", noPassword.err());
        }
        Cli.Result unreachable = Cli.run(java.util.Map.of("KVMAPPER_CASSANDRA_PASSWORD", "s3cret-pw"), "info",
                "--cassandra", "127.0.0.1:1", "--keyspace", "k", "--user", "admin", "--request-timeout", "2");
        assertEquals(3, unreachable.exit(), unreachable::toString);
        assertTrue(unreachable.err().startsWith("kvmapper: could not connect to Cassandra through 127.0.0.1:1 (data "
                + "center datacenter1, as admin)"), unreachable.err());
        assertFalse(unreachable.err().contains("s3cret-pw") || unreachable.out().contains("s3cret-pw"));
    }

    private static List<String> exportOf(String entity) throws IOException {
        Path file = Files.createTempFile(scratch, entity, ".jsonl");
        Cli.Result export = Cli.run("export", entity, "--rocksdb", dir, "--out", file.toString());
        assertEquals(0, export.exit(), export::toString);
        return Files.readAllLines(file);
    }

    private static String write(String name, List<String> lines) throws IOException {
        return Files.write(scratch.resolve(name), lines).toString();
    }

    private static String hex(byte[] key) {
        StringBuilder text = new StringBuilder();
        for (byte b : key) {
            text.append(String.format("%02x ", b));
        }
        return text.toString().trim();
    }

    static boolean sameBytes(byte[] a, byte[] b) {
        return Arrays.equals(a, b);
    }
}
