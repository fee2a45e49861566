package io.kvmapper.samples.org;

import io.kvmapper.CrudRepository;
import io.kvmapper.annotation.Repository;
import java.util.List;
import java.util.Optional;

/**
 * The org chart's teams, queried along the composite key (building, department, team, manager). A department
 * named as a path ({@code Engineering/Platform}) makes the key hierarchical, and {@code StartingWith} walks a
 * subtree of it with one range scan, since a string's encoding is a prefix of every longer one's.
 */
@Repository
public interface TeamQueries extends CrudRepository<Team, TeamRepository.Key> {
    /** The teams of a building whose department lies under {@code path}: one range of the key. */
    List<Team> findByBuildingAndDepartmentStartingWith(String building, String path);

    /** The highest-numbered team of a department: the key prefix scanned in reverse, stopped after one. */
    Optional<Team> findFirstByBuildingAndDepartmentOrderByTeamDesc(String building, String department);

    /** How many teams a department has: the key prefix counted, no team decoded. */
    long countByBuildingAndDepartmentStartingWith(String building, String path);

    /** Deletes a building's teams. */
    long deleteByBuilding(String building);
}
