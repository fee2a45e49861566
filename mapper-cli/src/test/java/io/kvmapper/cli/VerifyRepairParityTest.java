package io.kvmapper.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.cli.entities.AttrGadget;
import io.kvmapper.cli.entities.AttrGadgetRepository;
import io.kvmapper.cli.entities.Gadget;
import io.kvmapper.cli.entities.GadgetRepository;
import io.kvmapper.cli.entities.ProtoGadget;
import io.kvmapper.cli.entities.ProtoGadgetRepository;
import io.kvmapper.rocksdb.RocksBackend;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.samples.shop.OrderRepository;
import io.kvmapper.samples.shop.UserRepository;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Descending;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tool's verify and repair against the generated repositories' verify() and repair(), on one store damaged on
 * purpose behind the mapper's back (entries deleted, orphaned and pointed elsewhere, counter groups drifted,
 * deleted and invented, an attribute item deleted, a record value corrupted): the same problems, word for word;
 * and repairing two copies of the damaged store, one with each, leaves the two stores the same, key for key and
 * byte for byte.
 */
class VerifyRepairParityTest {
    private static final List<String> ENTITIES = List.of("AttrGadget", "Gadget", "Order", "ProtoGadget", "User");

    @TempDir
    Path scratch;

    @Test
    void theToolFindsAndMendsWhatTheGeneratedVerifyAndRepairDo() {
        Path damaged = TestStores.rocksdb(scratch.resolve("damaged"));
        damage(damaged);
        Path copy = TestStores.copy(damaged, scratch.resolve("copy"));

        Map<String, IntegrityReport> generated = generated(damaged, false);
        assertTrue(generated.values().stream().mapToLong(IntegrityReport::problemCount).sum() >= 10,
                () -> "the damage shows: " + generated);
        String all = generated.values().stream().flatMap(r -> r.problems().stream()).reduce("", (a, b) -> a + b + "\n");
        for (String kind : List.of("has no entry for value", "holds the orphaned entry",
                "which does not hold the value", "has no group ()", "the records give 0",
                "the stored value is not a valid encoding")) {
            assertTrue(all.contains(kind), () -> "a problem of the kind '" + kind + "' among\n" + all);
        }
        Map<String, JsonNode> tool = tool("verify", damaged);
        for (String entity : ENTITIES) {
            assertEquals(generated.get(entity).problems(), problems(tool.get(entity)), entity);
            assertEquals(generated.get(entity).problemCount(), tool.get(entity).get("problemCount").asLong(), entity);
            assertEquals(generated.get(entity).recordsChecked(), tool.get(entity).get("recordsChecked").asLong(),
                    entity);
        }

        Map<String, IntegrityReport> repairedByCode = generated(damaged, true);
        Map<String, JsonNode> repairedByTool = tool("repair", copy);
        for (String entity : ENTITIES) {
            assertEquals(repairedByCode.get(entity).problems(), problems(repairedByTool.get(entity)), entity);
            assertEquals(repairedByCode.get(entity).repaired(), repairedByTool.get(entity).get("repaired").asInt(),
                    entity);
        }
        assertEquals(dump(damaged), dump(copy), "both repairs leave the same store");

        Map<String, IntegrityReport> after = generated(copy, false);
        assertEquals(List.of("ProtoGadget"), after.entrySet().stream().filter(e -> !e.getValue().isClean())
                .map(Map.Entry::getKey).toList(), "only the corrupt record, which no repair mends, is left: " + after);
        assertEquals(after.get("ProtoGadget").problems(), problems(tool("verify", copy).get("ProtoGadget")));
    }

    /** Damage of every kind a check finds, written straight into the backend. */
    private static void damage(Path store) {
        Gadget gadget;
        Gadget other;
        AttrGadget attr;
        ProtoGadget proto;
        try (KvStore opened = RocksKvStore.open(store)) {
            List<Gadget> gadgets = all(new GadgetRepository(opened)::findAll);
            gadget = gadgets.stream().filter(g -> g.code() != null && g.tags() != null && !g.tags().isEmpty())
                    .findFirst().orElseThrow();
            other = gadgets.stream().filter(g -> g.code() != null && !g.code().equals(gadget.code())).findFirst()
                    .orElseThrow();
            attr = all(new AttrGadgetRepository(opened)::findAll).stream()
                    .filter(a -> a.tags() != null && a.tags().stream().anyMatch(t -> t != null)).findFirst()
                    .orElseThrow();
            proto = all(new ProtoGadgetRepository(opened)::findAll).get(0);
        }
        List<Object> key = List.of(gadget.region(), gadget.zone(), new Descending(gadget.at()), gadget.id());
        try (RocksBackend backend = RocksKvStore.openBackend(store, RocksKvStore.options());
                KvTransaction kv = backend.beginTransaction()) {
            // a missing unique entry, and one pointing at another record that does not hold the value
            kv.delete(Tuples.encode(List.of("Gadget", "i", "code"), gadget.code()));
            kv.put(Tuples.encode(List.of("Gadget", "i", "code"), other.code()), gadgetKey(gadget));
            // a missing non-unique entry, and an orphan
            kv.delete(entry("kind", gadget.kind() == null ? null : gadget.kind().name(), key));
            kv.put(entry("byTagAndKind", "no-such-tag", "ALPHA", "nowhere", 1, new Descending(gadget.at()),
                    gadget.id()), new byte[0]);
            // counters: drifted, missing, invented
            kv.add(Tuples.encode(List.of("Gadget", "c", "byKind"), "ALPHA"), 5);
            kv.delete(Tuples.encode(List.of("Gadget", "c", "total")));
            kv.add(Tuples.encode(List.of("Gadget", "c", "byUnitAndFlag"), "no-such-unit", true), 2);
            kv.add(Tuples.encode(List.of("Order", "c", "revenueByDay"), LocalDate.of(2026, 11, 2)), 500);
            // an attribute item deleted behind the mapper: the record changes, its index entry is orphaned
            String tag = attr.tags().stream().filter(t -> t != null).findFirst().orElseThrow();
            kv.delete(attrItem(attr, tag));
            // a unique entry of the samples' users pointing at the wrong user
            kv.put(Tuples.encode(List.of("User", "i", "email"), "ada@example.com"), Tuples.encode(List.of("User", "r",
                    2L)));
            // a record that cannot be decoded
            kv.put(protoKey(proto), new byte[] {'P', 1, (byte) 0xFF, (byte) 0xFF});
            kv.commit();
        }
    }

    private static byte[] gadgetKey(Gadget g) {
        return Tuples.encode(List.of("Gadget", "r", g.region(), g.zone()), new Descending(g.at()), g.id());
    }

    private static byte[] protoKey(ProtoGadget g) {
        return Tuples.encode(List.of("ProtoGadget", "r", g.region(), g.zone()), new Descending(g.at()), g.id());
    }

    private static byte[] attrItem(AttrGadget a, String tag) {
        byte[] record = Tuples.encode(List.of("AttrGadget", "r", a.region()), new Descending(a.zone()), (long) a.at(),
                new Descending(a.id()));
        byte[] path = Tuples.encode("tags", tag);
        byte[] item = java.util.Arrays.copyOf(record, record.length + path.length);
        System.arraycopy(path, 0, item, record.length, path.length);
        return item;
    }

    /** A non-unique entry of a Gadget index: the values, then the key's components, the partition's flattened. */
    private static byte[] entry(String index, Object value, List<Object> key) {
        List<Object> elements = new ArrayList<>();
        elements.add(List.of("Gadget", "i", index));
        elements.add(value);
        elements.addAll(key);
        return Tuples.encode(elements.toArray());
    }

    private static byte[] entry(String index, Object... elements) {
        List<Object> all = new ArrayList<>();
        all.add(List.of("Gadget", "i", index));
        all.addAll(List.of(elements));
        return Tuples.encode(all.toArray());
    }

    private static <T> List<T> all(Supplier<Stream<T>> findAll) {
        try (Stream<T> stream = findAll.get()) {
            return stream.toList();
        }
    }

    /** The generated repositories' verify() (or repair()) of each entity. */
    private static Map<String, IntegrityReport> generated(Path store, boolean repair) {
        Map<String, IntegrityReport> reports = new LinkedHashMap<>();
        try (KvStore opened = RocksKvStore.open(store)) {
            AttrGadgetRepository attrs = new AttrGadgetRepository(opened);
            GadgetRepository gadgets = new GadgetRepository(opened);
            OrderRepository orders = new OrderRepository(opened);
            ProtoGadgetRepository protos = new ProtoGadgetRepository(opened);
            UserRepository users = new UserRepository(opened);
            reports.put("AttrGadget", repair ? attrs.repair() : attrs.verify());
            reports.put("Gadget", repair ? gadgets.repair() : gadgets.verify());
            reports.put("Order", repair ? orders.repair() : orders.verify());
            reports.put("ProtoGadget", repair ? protos.repair() : protos.verify());
            reports.put("User", repair ? users.repair() : users.verify());
        }
        return reports;
    }

    /** The tool's verify (or repair) of each entity, as its JSON output reports them. */
    private static Map<String, JsonNode> tool(String command, Path store) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(ENTITIES);
        args.addAll(List.of("--rocksdb", store.toString(), "--json"));
        Cli.Result result = Cli.run(args.toArray(String[]::new));
        assertEquals(1, result.exit(), result::toString);
        Map<String, JsonNode> reports = new LinkedHashMap<>();
        for (JsonNode entity : JsonMapper.builder().build().readTree(result.out()).get("entities")) {
            reports.put(entity.get("entity").asString(), entity);
        }
        return reports;
    }

    private static List<String> problems(JsonNode report) {
        List<String> problems = new ArrayList<>();
        report.get("problems").forEach(problem -> problems.add(problem.asString()));
        return problems;
    }

    /** Every key and value of the store, in order. */
    private static List<String> dump(Path store) {
        List<String> items = new ArrayList<>();
        try (RocksBackend backend = RocksKvStore.openBackend(store, RocksKvStore.options().readOnly(true));
                KvCursor cursor = backend.scan(Catalog.everything(), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                items.add(Tuples.toString(item.key()) + " = " + HexFormat.of().formatHex(item.value()));
            }
        }
        return items;
    }
}
