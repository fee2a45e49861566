package io.kvmapper.cli;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.schemaless.GenericJson;
import io.kvmapper.internal.schemaless.GenericObject;
import io.kvmapper.internal.schemaless.SchemaMapping;
import io.kvmapper.tuple.Tuples;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import tools.jackson.core.JsonGenerator;

/** {@code get}: one record by its key. */
@Command(name = "get", mixinStandardHelpOptions = true,
        description = {"Shows the record of ENTITY under the key KEY... (every component, as text: numbers, "
                + "ISO-8601 dates and instants, enum constants' names, UUIDs, base64 bytes).",
                "Exits with 1 if there is no such record, or it cannot be decoded."})
final class GetCommand extends StoreCommand {
    @Parameters(index = "0", paramLabel = "ENTITY", description = "The entity.")
    String entity;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "KEY", description = "The key's components, in key order.")
    List<String> key;

    @Override
    public Integer call() {
        try (OpenedStore opened = open(OpenedStore.Access.READ)) {
            SchemaMapping mapping = new Catalog(opened.backend()).mapping(entity);
            byte[] recordKey = mapping.key(KeyText.parse(mapping, key, true));
            GenericObject record;
            try {
                record = RecordLayout.of(mapping, opened.backend()).find(opened.backend(), recordKey);
            } catch (CorruptDataException e) {
                console().err().println("kvmapper: corrupt record: " + e.getMessage());
                return ExitCode.PROBLEMS;
            }
            if (record == null) {
                console().err().println("kvmapper: " + entity + " " + Tuples.toString(recordKey) + ": no such record");
                return ExitCode.PROBLEMS;
            }
            try (JsonGenerator json = json() ? JsonOutput.lines(console().out()) : JsonOutput.pretty(console().out())) {
                if (json()) {
                    RecordLines.writeRecord(json, mapping, record);
                } else {
                    GenericJson.write(json, record);
                }
            }
            console().out().println();
        }
        return ExitCode.OK;
    }
}
