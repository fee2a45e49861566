package io.kvmapper.samples.org;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.StoredKeys;
import io.kvmapper.tuple.Tuples;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/** Point reads, prefix scans at every level, ranges and paging over a four-part composite key. */
public final class OrgChartSample implements Sample {
    @Override
    public String title() {
        return "Org chart: a four-part composite key (building, department, team, manager)";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        TeamRepository teams = new TeamRepository(store);
        List<Team> all = List.of(
                new Team("HQ", "Engineering", 1, "Ada", 6),
                new Team("HQ", "Engineering", 2, "Grace", 4),
                new Team("HQ", "Engineering", 10, "Linus", 9),
                new Team("HQ", "Sales", 1, "Zig", 3),
                new Team("HQ#2", "Engineering", 1, "Ken", 5),
                new Team("Lab", "Research", 7, "Barbara", 2));
        all.forEach(teams::save);
        out.printf("saved %d teams%n", all.size());

        out.println("point read (HQ, Engineering, 2, Grace): " + teams.findById("HQ", "Engineering", 2, "Grace").orElseThrow());
        List<Object> sortKey = List.of("Engineering", 2L, "Grace");
        byte[] key = StoredKeys.keysOfPartition(store, "Team", "HQ").stream()
                .filter(k -> Tuples.decode(k).subList(1, 4).equals(sortKey)).findFirst().orElseThrow();
        out.println("its key, with the building as the partition: " + List.of(Tuples.toString(key))
                + "; decoded without a schema: " + Tuples.decode(key));
        out.println("  the bytes: " + hex(key));
        out.println("  (02 starts a string and 00 ends it; 15 02 is the integer 2, big-endian, so it sorts before"
                + " 15 0A, the 10)");
        byte[] withZero = Tuples.encode("HQ\u0000East");
        out.println("  a 00 inside a string is escaped as 00 FF, so it cannot end the string early: \"HQ\\0East\" is "
                + hex(withZero));
        equal("a string with a zero byte, decoded", List.of("HQ\u0000East"), Tuples.decode(withZero));
        equal("Grace's key: the partition, then department, level and name", sortKey, Tuples.decode(key).subList(1, 4));

        out.println("building HQ (not HQ#2, though a '#'-separated key would mix them):");
        List<Team> hq = teams.findByBuilding("HQ");
        hq.forEach(t -> out.println("  " + t));
        equal("the managers in HQ", List.of("Ada", "Grace", "Linus", "Zig"), managers(hq));
        out.println("HQ / Engineering, team 2 sorts before 10 (numbers are not compared as text):");
        List<Team> engineering = teams.findByBuildingAndDepartment("HQ", "Engineering");
        engineering.forEach(t -> out.println("  " + t));
        equal("the teams of HQ / Engineering", List.of(1, 2, 10), engineering.stream().map(Team::team).toList());
        out.println("HQ / Engineering, teams 2 (inclusive) to 10 (exclusive):");
        List<Team> range = teams.findByBuildingAndDepartmentAndTeamBetween("HQ", "Engineering", 2, 10);
        range.forEach(t -> out.println("  " + t));
        equal("teams 2 to 10 of HQ / Engineering", List.of("Grace"), managers(range));

        out.println("every team, two per page:");
        PageRequest request = PageRequest.ofSize(2);
        int number = 1;
        List<String> paged = new ArrayList<>();
        while (true) {
            Page<Team> page = teams.findAll(request);
            out.printf("  page %d: %s%n", number++, managers(page.items()));
            paged.addAll(managers(page.items()));
            if (page.continuation().isEmpty()) {
                break;
            }
            request = PageRequest.resume(page.continuation().get(), 2);
        }
        // each building's teams come in key order; the order of the buildings is the store's own (key order
        // on RocksDB), so the check asks only that the pages hold every team once
        equal("every team, page by page", managers(all).stream().sorted().toList(), paged.stream().sorted().toList());
    }

    private static String hex(byte[] bytes) {
        return HexFormat.ofDelimiter(" ").formatHex(bytes).toUpperCase(Locale.ROOT);
    }

    private static List<String> managers(List<Team> teams) {
        return teams.stream().map(Team::manager).toList();
    }
}
