package io.kvmapper.cli;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code repair}: the integrity check of a repository's {@code repair()}, which mends what it finds. */
@Command(name = "repair", mixinStandardHelpOptions = true,
        description = {"Runs the check of verify and mends what it finds, as a repository's repair() does: writes "
                + "missing index entries, deletes orphaned ones, sets drifted counter groups to their recount. Corrupt "
                + "records and two records holding one unique value are reported, not mended.",
                "Writes: a RocksDB store must not be held by another process. Stop the entity's writers first if "
                        + "counters drifted (a concurrent change of a group being set is lost).",
                "Exits with 0 if everything found was mended, 1 otherwise."})
final class RepairCommand extends IntegrityCommand {
    @Option(names = "--dry-run", description = "Only report what would be repaired; change nothing (opens the store "
            + "read-only).")
    boolean dryRun;

    @Override
    public Integer call() {
        try (OpenedStore opened = open(dryRun ? OpenedStore.Access.READ : OpenedStore.Access.WRITE)) {
            List<Outcome> outcomes = run(opened, !dryRun);
            print(outcomes, !dryRun, dryRun);
            boolean mended = outcomes.stream().allMatch(o -> o.report().problemCount() == o.report().repaired());
            return mended ? ExitCode.OK : ExitCode.PROBLEMS;
        }
    }
}
