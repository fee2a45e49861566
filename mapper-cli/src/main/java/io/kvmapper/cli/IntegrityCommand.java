package io.kvmapper.cli;

import io.kvmapper.IntegrityReport;
import io.kvmapper.ProgressListener;
import io.kvmapper.internal.index.ComponentMaintainer;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.internal.maintenance.StoredEntity;
import io.kvmapper.internal.schemaless.GenericObject;
import io.kvmapper.internal.schemaless.SchemaMapping;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Parameters;
import tools.jackson.core.JsonGenerator;

/**
 * What {@code verify} and {@code repair} share: for each entity, the runtime's integrity check (the one a
 * repository's {@code verify()} and {@code repair()} run) over the mapping built from the recorded schema, with
 * the store's component states, and its report.
 */
abstract class IntegrityCommand extends StoreCommand {
    @Parameters(paramLabel = "ENTITY", arity = "0..*", description = "The entities to check (default: all).")
    List<String> entities;

    /** One entity's outcome. */
    record Outcome(String entity, IntegrityReport report, List<String> notChecked) {
    }

    /** Runs the check (or repair) of every chosen entity on {@code opened}. */
    List<Outcome> run(OpenedStore opened, boolean repair) {
        Catalog catalog = new Catalog(opened.backend());
        List<Outcome> outcomes = new ArrayList<>();
        for (String entity : catalog.chosen(entities)) {
            SchemaMapping mapping = catalog.mapping(entity);
            StoredEntity<GenericObject> stored = StoredEntity.open(opened.impl(), mapping);
            List<String> notChecked = new ArrayList<>();
            for (ComponentMaintainer<GenericObject> maintainer : stored.maintainers().all()) {
                if (!stored.checked(maintainer)) {
                    StoredComponent state = stored.state(maintainer);
                    notChecked.add(maintainer.keys().describe() + ": " + (state == null ? "no state recorded"
                            : !state.signature().equals(maintainer.signature()) ? "recorded as " + state.signature()
                            : state.state() + (state.detail().isEmpty() ? "" : " (" + state.detail() + ")")));
                }
            }
            long total = total(opened, stored);
            IntegrityReport report;
            try (ProgressMeter progress = progress((repair ? "repair " : "verify ") + entity, total, "records")) {
                ProgressListener listener = p -> progress.done(p.processed());
                report = repair ? stored.repair(listener) : stored.verify(listener);
            }
            outcomes.add(new Outcome(entity, report, notChecked));
        }
        return outcomes;
    }

    /**
     * How many records the check will read, for the bar: counted first where that is one quick ordered scan
     * (RocksDB) and progress is shown; unknown elsewhere.
     */
    private long total(OpenedStore opened, StoredEntity<GenericObject> stored) {
        if (root.progressMode() == ProgressMeter.Mode.NONE || !opened.backend().isGloballyOrdered()) {
            return -1;
        }
        return stored.records().count(opened.backend(), stored.layout().records());
    }

    void print(List<Outcome> outcomes, boolean repair, boolean dryRun) {
        if (json()) {
            try (JsonGenerator json = JsonOutput.pretty(console().out())) {
                json.writeStartObject();
                if (dryRun) {
                    json.writeBooleanProperty("dryRun", true);
                }
                json.writeArrayPropertyStart("entities");
                for (Outcome outcome : outcomes) {
                    IntegrityReport report = outcome.report();
                    json.writeStartObject();
                    json.writeStringProperty("entity", outcome.entity());
                    json.writeBooleanProperty("clean", report.isClean());
                    json.writeNumberProperty("recordsChecked", report.recordsChecked());
                    json.writeNumberProperty("problemCount", report.problemCount());
                    if (repair) {
                        json.writeNumberProperty("repaired", report.repaired());
                    }
                    json.writeArrayPropertyStart("problems");
                    for (String problem : report.problems()) {
                        json.writeString(problem);
                    }
                    json.writeEndArray();
                    json.writeArrayPropertyStart("notChecked");
                    for (String component : outcome.notChecked()) {
                        json.writeString(component);
                    }
                    json.writeEndArray();
                    json.writeEndObject();
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            console().out().println();
            return;
        }
        PrintStream out = console().out();
        for (Outcome outcome : outcomes) {
            IntegrityReport report = outcome.report();
            String records = ProgressMeter.number(report.recordsChecked()) + " record"
                    + (report.recordsChecked() == 1 ? "" : "s") + " checked";
            if (report.isClean()) {
                out.println(outcome.entity() + ": clean, " + records);
            } else {
                out.println(outcome.entity() + ": " + ProgressMeter.number(report.problemCount()) + " problem"
                        + (report.problemCount() == 1 ? "" : "s")
                        + (repair ? ", " + report.repaired() + " repaired" : "")
                        + ", " + records);
                for (String problem : report.problems()) {
                    out.println("  " + problem);
                }
                if (report.problemCount() > report.problems().size()) {
                    out.println("  ... and " + (report.problemCount() - report.problems().size()) + " more");
                }
            }
            for (String component : outcome.notChecked()) {
                out.println("  not checked: " + component);
            }
        }
        if (dryRun && outcomes.stream().anyMatch(o -> !o.report().isClean())) {
            out.println("dry run: nothing was changed; run repair without --dry-run to mend what can be mended");
        }
    }
}
