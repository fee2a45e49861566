package io.kvmapper.samples.org;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.KvStore;
import io.kvmapper.samples.Sample;
import java.io.PrintStream;
import java.util.List;

/**
 * A hierarchical key queried with {@code StartingWith}: departments named as paths in one building, a subtree
 * found with one range scan of the key, where a '/'-separated key in a plain store would need care to stop at
 * the subtree's end ({@code Engineering/Platform} must not take in {@code Engineering/Platforms}).
 */
public final class TeamQueriesSample implements Sample {
    private static final String BUILDING = "Tower";

    @Override
    public String title() {
        return "Org chart queries: StartingWith over a hierarchical key, served by one range scan";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        TeamQueries teams = new TeamQueries_Impl(store);
        teams.deleteByBuilding(BUILDING);
        List<Team> tower = List.of(
                new Team(BUILDING, "Engineering/Platform", 1, "Radia", 7),
                new Team(BUILDING, "Engineering/Platform", 2, "Whitfield", 4),
                new Team(BUILDING, "Engineering/Platform/Storage", 3, "Jim", 5),
                new Team(BUILDING, "Engineering/Platforms", 4, "Sophie", 3),
                new Team(BUILDING, "Engineering/Apps", 5, "Frances", 6),
                new Team(BUILDING, "Sales/EMEA", 6, "Mary", 9));
        tower.forEach(teams::save);
        out.printf("saved %d teams in building %s, departments named as paths%n", tower.size(), BUILDING);

        List<String> platform = managers(teams.findByBuildingAndDepartmentStartingWith(BUILDING, "Engineering/Platform/"));
        out.println("under Engineering/Platform/ (one range scan of the key): " + platform);
        equal("the subtree of Engineering/Platform/", List.of("Jim"), platform);
        List<String> platforms = managers(teams.findByBuildingAndDepartmentStartingWith(BUILDING, "Engineering/Platform"));
        out.println("departments starting with Engineering/Platform: " + platforms);
        equal("departments starting with Engineering/Platform", List.of("Radia", "Whitfield", "Jim", "Sophie"),
                platforms);
        long engineering = teams.countByBuildingAndDepartmentStartingWith(BUILDING, "Engineering/");
        out.println("teams under Engineering/ (counted, none decoded): " + engineering);
        equal("teams under Engineering/", 5L, engineering);
        String last = teams.findFirstByBuildingAndDepartmentOrderByTeamDesc(BUILDING, "Engineering/Platform")
                .orElseThrow().manager();
        out.println("the highest-numbered team of Engineering/Platform (the prefix in reverse, one team read): "
                + last);
        equal("the last team of Engineering/Platform", "Whitfield", last);
        out.println("deleted building " + BUILDING + " again: " + teams.deleteByBuilding(BUILDING) + " teams");
    }

    private static List<String> managers(List<Team> teams) {
        return teams.stream().map(Team::manager).toList();
    }
}
