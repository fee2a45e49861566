package io.kvmapper.cli;

import java.util.List;
import picocli.CommandLine.Command;

/** {@code verify}: the integrity check of a repository's {@code verify()}, on every entity or those named. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Recomputes every index entry and counter from the records, as a repository's verify() does, "
                + "and reports what differs: missing, orphaned and drifted entries and groups, and records that cannot "
                + "be decoded.", "Checks the indexes and counters the store holds READY. Exits with 1 if it finds a "
                + "problem."})
final class VerifyCommand extends IntegrityCommand {
    @Override
    public Integer call() {
        try (OpenedStore opened = open(OpenedStore.Access.READ)) {
            List<Outcome> outcomes = run(opened, false);
            print(outcomes, false, false);
            return outcomes.stream().allMatch(o -> o.report().isClean()) ? ExitCode.OK : ExitCode.PROBLEMS;
        }
    }
}
