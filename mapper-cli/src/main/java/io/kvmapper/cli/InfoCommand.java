package io.kvmapper.cli;

import io.kvmapper.cli.StoreSurvey.ComponentTally;
import io.kvmapper.cli.StoreSurvey.EntityTally;
import io.kvmapper.cli.StoreSurvey.MultimapTally;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.tuple.Tuples;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import picocli.CommandLine.Command;

/** {@code info}: the entities, their records, indexes and counters with their states, online builds, sizes. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = {"Shows what the store holds: each entity's schema, records, indexes and counters with their "
                + "states (READY, BUILDING with how far the online build has come, FAILED, DROPPING), items and "
                + "sizes, and each multimap.", "Reads every key once."})
final class InfoCommand extends StoreCommand {
    @Override
    public Integer call() {
        try (OpenedStore opened = open(OpenedStore.Access.READ)) {
            StoreSurvey survey;
            try (ProgressMeter progress = progress("info", opened.estimatedKeys(), "keys")) {
                survey = StoreSurvey.of(opened.backend(), progress);
            }
            if (json()) {
                writeJson(opened, survey);
            } else {
                print(opened, survey, console().out());
            }
        }
        return ExitCode.OK;
    }

    private static void print(OpenedStore opened, StoreSurvey survey, PrintStream out) {
        long disk = opened.bytesOnDisk();
        out.println(opened.description() + ": " + ProgressMeter.number(survey.keys) + " keys, " + size(survey.bytes)
                + " of keys and values" + (disk >= 0 ? ", " + size(disk) + " on disk" : ""));
        for (EntityTally entity : survey.entities.values()) {
            out.println();
            if (entity.schema != null) {
                out.println("entity " + entity.name + ": schema version " + entity.schema.version() + " of "
                        + entity.schema.entityClass() + ", " + entity.schema.layout() + ", " + entity.schema.codec());
                out.println("  records  " + ProgressMeter.number(entity.records) + " (" + keys(entity.recordKeys) + ", "
                        + size(entity.recordBytes) + ")");
            } else {
                out.println("entity " + entity.name + ": " + (entity.schemaProblem != null ? entity.schemaProblem
                        : "no recorded schema (the store was written before stores recorded schemas; open it once "
                                + "with the application to record it)"));
                out.println("  record keys  " + keys(entity.recordKeys) + ", " + size(entity.recordBytes));
            }
            List<String[]> rows = new ArrayList<>();
            components("index", entity.indexes, rows);
            components("counter", entity.counters, rows);
            printTable(out, rows);
        }
        for (MultimapTally multimap : survey.multimaps.values()) {
            out.println();
            out.println("multimap " + multimap.name + ": " + ProgressMeter.count(multimap.pairs, "pairs") + ", "
                    + size(multimap.bytes));
        }
        if (survey.otherKeys > 0) {
            out.println();
            out.println(ProgressMeter.number(survey.otherKeys) + " keys outside KV Mapper's layout");
        }
    }

    private static void components(String kind, Map<String, ComponentTally> components, List<String[]> rows) {
        for (ComponentTally component : components.values()) {
            String unit = kind.equals("index") ? "entries" : "groups";
            rows.add(new String[] {"  " + kind, component.name,
                    component.signature != null ? component.signature
                            : component.stored != null ? component.stored.signature() : "?",
                    state(component), ProgressMeter.count(component.items, unit) + ", " + size(component.bytes)});
        }
    }

    /**
     * {@code READY}, {@code BUILDING, covered up to ((...))}, {@code FAILED: why}, or what the schema and the store
     * disagree on.
     */
    static String state(ComponentTally component) {
        StoredComponent stored = component.stored;
        if (stored == null) {
            return "no state recorded";
        }
        String state = stored.state();
        if (component.signature != null && !stored.signature().equals(component.signature)) {
            state += " as " + stored.signature();
        }
        if (component.signature == null && !state.equals(StoredComponent.DROPPING)) {
            state += ", not in the schema";
        }
        if ((state.startsWith(StoredComponent.BUILDING) || state.startsWith(StoredComponent.CLEARING))
                && component.buildCursor != null) {
            state += component.buildCursor.length == 0 ? ", no record covered yet"
                    : ", covered up to " + Tuples.toString(component.buildCursor);
        }
        if (!stored.detail().isEmpty()) {
            state += ": " + stored.detail();
        }
        return state;
    }

    private static void printTable(PrintStream out, List<String[]> rows) {
        if (rows.isEmpty()) {
            return;
        }
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(i == row.length - 1 ? row[i] : pad(row[i], widths[i] + 2));
            }
            out.println(line.toString().stripTrailing());
        }
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(Math.max(0, width - text.length()));
    }

    private static String keys(long count) {
        return ProgressMeter.count(count, "keys");
    }

    /** A size for people: {@code 512 B}, {@code 1.5 KB}, {@code 12.3 MB}. */
    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KB", "MB", "GB", "TB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    private void writeJson(OpenedStore opened, StoreSurvey survey) {
        try (JsonGenerator json = JsonOutput.pretty(console().out())) {
            json.writeStartObject();
            json.writeStringProperty("store", opened.description());
            json.writeNumberProperty("keys", survey.keys);
            json.writeNumberProperty("bytes", survey.bytes);
            long disk = opened.bytesOnDisk();
            if (disk >= 0) {
                json.writeNumberProperty("bytesOnDisk", disk);
            }
            json.writeNumberProperty("otherKeys", survey.otherKeys);
            json.writeArrayPropertyStart("entities");
            for (EntityTally entity : survey.entities.values()) {
                json.writeStartObject();
                json.writeStringProperty("entity", entity.name);
                if (entity.schema != null) {
                    json.writeNumberProperty("schemaVersion", entity.schema.version());
                    json.writeStringProperty("class", entity.schema.entityClass());
                    json.writeStringProperty("layout", entity.schema.layout());
                    json.writeStringProperty("codec", entity.schema.codec());
                    json.writeNumberProperty("records", entity.records);
                } else {
                    json.writeStringProperty("schemaProblem", entity.schemaProblem != null ? entity.schemaProblem
                            : "no recorded schema");
                }
                json.writeNumberProperty("recordKeys", entity.recordKeys);
                json.writeNumberProperty("recordBytes", entity.recordBytes);
                writeComponents(json, "indexes", "entries", entity.indexes);
                writeComponents(json, "counters", "groups", entity.counters);
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayPropertyStart("multimaps");
            for (MultimapTally multimap : survey.multimaps.values()) {
                json.writeStartObject();
                json.writeStringProperty("multimap", multimap.name);
                json.writeNumberProperty("pairs", multimap.pairs);
                json.writeNumberProperty("bytes", multimap.bytes);
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        console().out().println();
    }

    private static void writeComponents(JsonGenerator json, String name, String unit,
            Map<String, ComponentTally> components) {
        json.writeArrayPropertyStart(name);
        for (ComponentTally component : components.values()) {
            json.writeStartObject();
            json.writeStringProperty("name", component.name);
            if (component.signature != null) {
                json.writeStringProperty("signature", component.signature);
            }
            if (component.stored != null) {
                json.writeStringProperty("state", component.stored.state());
                json.writeStringProperty("storedSignature", component.stored.signature());
                if (!component.stored.detail().isEmpty()) {
                    json.writeStringProperty("detail", component.stored.detail());
                }
            }
            if (component.buildCursor != null) {
                json.writeStringProperty("buildCursor", component.buildCursor.length == 0 ? ""
                        : Tuples.toString(component.buildCursor));
            }
            json.writeNumberProperty(unit, component.items);
            json.writeNumberProperty("bytes", component.bytes);
            json.writeEndObject();
        }
        json.writeEndArray();
    }
}
