package io.kvmapper.samples.org;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.samples.Sample;
import java.io.PrintStream;
import java.util.List;

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
        out.println("building HQ (not HQ#2, though a '#'-separated key would mix them):");
        teams.findByBuilding("HQ").forEach(t -> out.println("  " + t));
        out.println("HQ / Engineering, team 2 sorts before 10 (numbers are not compared as text):");
        teams.findByBuildingAndDepartment("HQ", "Engineering").forEach(t -> out.println("  " + t));
        out.println("HQ / Engineering, teams 2 (inclusive) to 10 (exclusive):");
        teams.findByBuildingAndDepartmentAndTeamBetween("HQ", "Engineering", 2, 10).forEach(t -> out.println("  " + t));

        out.println("every team, two per page:");
        PageRequest request = PageRequest.ofSize(2);
        int number = 1;
        while (true) {
            Page<Team> page = teams.findAll(request);
            out.printf("  page %d: %s%n", number++, page.items().stream().map(Team::manager).toList());
            if (page.continuation().isEmpty()) {
                break;
            }
            request = PageRequest.resume(page.continuation().get(), 2);
        }
    }
}
