package io.kvmapper.samples.org;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/**
 * The composite key of the "composite keys in key/value stores" article:
 * {@code [building]#[department]#[team]#[manager]}, without the separator's pitfalls. Components are
 * tuple-encoded, so {@code team} 2 sorts before 10 and a name may hold any character. The building is
 * the partition: one building's teams stay together.
 *
 * @param building where the team sits
 * @param department the department within the building
 * @param team the team number within the department
 * @param manager the team's manager
 * @param headcount how many people the team has
 */
@Entity
public record Team(@Key String building, @Key String department, @Key int team, @Key String manager, int headcount) {
}
