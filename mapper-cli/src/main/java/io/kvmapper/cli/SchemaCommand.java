package io.kvmapper.cli;

import io.kvmapper.internal.maintenance.SchemaMismatches;
import io.kvmapper.schema.document.Redefinition;
import io.kvmapper.schema.document.SchemaCompatibility;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaDocument.Component;
import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaJson;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.core.JsonGenerator;

/** {@code schema}: the schemas the store records, or how a directory of schema files differs from them. */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = {"Shows the schema the store records for each entity (or the ones named), as schema files "
                + "hold it.", "With --diff DIR, compares them with the schema files under DIR (the processor's "
                + "kvmapper.schemaDir, src/main/kvmapper by default) by the rules the processor and the store apply, "
                + "and exits with 1 if the store would refuse code with those schemas."})
final class SchemaCommand extends StoreCommand {
    @Parameters(paramLabel = "ENTITY", arity = "0..*", description = "The entities to show (default: all).")
    List<String> entities;

    @Option(names = "--diff", paramLabel = "DIR", description = "A directory of schema files to compare with.")
    Path diff;

    @Override
    public Integer call() {
        try (OpenedStore opened = open(OpenedStore.Access.READ)) {
            Catalog catalog = new Catalog(opened.backend());
            Map<String, SchemaDocument> recorded = new TreeMap<>();
            for (String entity : catalog.chosen(entities)) {
                recorded.put(entity, catalog.mapping(entity).entitySchema().document());
            }
            if (diff == null) {
                show(recorded);
                return ExitCode.OK;
            }
            return compare(recorded, files(diff));
        }
    }

    private void show(Map<String, SchemaDocument> recorded) {
        PrintStream out = console().out();
        if (json()) {
            try (JsonGenerator json = JsonOutput.pretty(out)) {
                json.writeStartArray();
                for (SchemaDocument schema : recorded.values()) {
                    json.writeRawValue(SchemaJson.writeCompact(schema));
                }
                json.writeEndArray();
            }
            out.println();
            return;
        }
        boolean first = true;
        for (SchemaDocument schema : recorded.values()) {
            if (!first) {
                out.println();
            }
            first = false;
            out.print(SchemaJson.write(schema));
        }
    }

    /** The schema files under {@code dir}, by stored entity name; of several for one entity, the latest version. */
    private static Map<String, SchemaDocument> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw CliException.usage("--diff " + dir + ": no such directory");
        }
        Map<String, SchemaDocument> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path file : paths.filter(p -> p.toString().endsWith(".json") && Files.isRegularFile(p)).sorted()
                    .toList()) {
                SchemaDocument schema;
                try {
                    schema = SchemaJson.read(Files.readString(file, StandardCharsets.UTF_8), file.toString());
                } catch (IllegalArgumentException e) {
                    throw CliException.usage("--diff: " + e.getMessage());
                }
                files.merge(schema.storedName(), schema, (a, b) -> b.version() > a.version() ? b : a);
            }
        } catch (IOException e) {
            throw CliException.usage("--diff " + dir + ": cannot read it (" + e.getMessage() + ")");
        }
        return files;
    }

    private int compare(Map<String, SchemaDocument> recorded, Map<String, SchemaDocument> files) {
        List<Comparison> comparisons = new ArrayList<>();
        for (Map.Entry<String, SchemaDocument> entry : recorded.entrySet()) {
            SchemaDocument file = files.get(entry.getKey());
            comparisons.add(file == null ? new Comparison(entry.getKey(), "only in the store", List.of())
                    : compare(entry.getValue(), file));
        }
        if (entities == null || entities.isEmpty()) {
            for (String entity : files.keySet()) {
                if (!recorded.containsKey(entity)) {
                    comparisons.add(new Comparison(entity, "only in the schema files: a new entity to the store",
                            List.of()));
                }
            }
        }
        boolean refused = comparisons.stream().anyMatch(c -> c.status().equals("incompatible"));
        if (json()) {
            try (JsonGenerator json = JsonOutput.pretty(console().out())) {
                json.writeStartObject();
                json.writeBooleanProperty("compatible", !refused);
                json.writeArrayPropertyStart("entities");
                for (Comparison comparison : comparisons) {
                    json.writeStartObject();
                    json.writeStringProperty("entity", comparison.entity());
                    json.writeStringProperty("status", comparison.status());
                    json.writeArrayPropertyStart("changes");
                    for (String change : comparison.changes()) {
                        json.writeString(change);
                    }
                    json.writeEndArray();
                    json.writeEndObject();
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            console().out().println();
        } else {
            for (Comparison comparison : comparisons) {
                console().out().println(comparison.entity() + ": " + comparison.status());
                for (String change : comparison.changes()) {
                    console().out().println("  " + change);
                }
            }
        }
        return refused ? ExitCode.PROBLEMS : ExitCode.OK;
    }

    /** What an entity's schema file changes against what the store records. */
    private record Comparison(String entity, String status, List<String> changes) {
    }

    private static Comparison compare(SchemaDocument stored, SchemaDocument file) {
        List<String> refused = SchemaMismatches.between(stored, file);
        if (!refused.isEmpty()) {
            return new Comparison(stored.storedName(), "incompatible", refused.stream()
                    .map(difference -> difference.replace("in the code", "in the schema files")
                            .replace("the code reads", "the schema files read"))
                    .toList());
        }
        List<String> changes = new ArrayList<>();
        fields(changes, "", stored.fields().current(), file.fields().current());
        for (Map.Entry<String, SchemaDocument.TypeFields> type : file.embedded().entrySet()) {
            SchemaDocument.TypeFields before = stored.embedded().get(type.getKey());
            if (before != null) {
                fields(changes, type.getKey() + ".", before.current(), type.getValue().current());
            }
        }
        List<Redefinition> redefinitions = SchemaCompatibility.redefinitions(stored, file);
        components(changes, "index", stored.indexes(), file.indexes(), redefinitions);
        components(changes, "counter", stored.counters(), file.counters(), redefinitions);
        String status = changes.isEmpty() && stored.version() == file.version() ? "the same"
                : "compatible (the store's schema version " + stored.version() + ", the files' " + file.version() + ")";
        return new Comparison(stored.storedName(), status, changes);
    }

    private static void fields(List<String> changes, String owner, List<FieldEntry> stored, List<FieldEntry> file) {
        Map<String, FieldEntry> before = stored.stream().collect(Collectors.toMap(FieldEntry::name, f -> f));
        Set<String> after = file.stream().map(FieldEntry::name).collect(Collectors.toSet());
        for (FieldEntry field : file) {
            FieldEntry old = before.get(field.name());
            if (old == null) {
                changes.add("+ field " + owner + field.name() + " " + field.type()
                        + " (stored records read it as empty)");
            } else if (!old.type().equals(field.type())) {
                changes.add("~ field " + owner + field.name() + " " + old.type() + " -> " + field.type()
                        + " (widened)");
            }
        }
        for (FieldEntry field : stored) {
            if (!after.contains(field.name())) {
                changes.add("- field " + owner + field.name() + " " + field.type()
                        + " (its stored values are skipped)");
            }
        }
    }

    private static void components(List<String> changes, String kind, List<Component> stored, List<Component> file,
            List<Redefinition> redefinitions) {
        Set<String> before = stored.stream().map(Component::name).collect(Collectors.toSet());
        Set<String> after = file.stream().map(Component::name).collect(Collectors.toSet());
        for (Component component : file) {
            if (!before.contains(component.name())) {
                changes.add("+ " + kind + " " + component.name() + " " + component.signature() + " (built online)");
            }
        }
        for (Redefinition redefinition : redefinitions) {
            if (redefinition.kind().name().equalsIgnoreCase(kind)) {
                changes.add("~ " + kind + " " + redefinition.name() + " " + redefinition.recorded() + " -> "
                        + redefinition.current() + " (rebuilt from scratch)");
            }
        }
        for (Component component : stored) {
            if (!after.contains(component.name())) {
                changes.add("- " + kind + " " + component.name() + " " + component.signature() + " (dropped)");
            }
        }
    }
}
