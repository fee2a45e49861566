package io.kvmapper.cli;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.layout.Area;
import io.kvmapper.internal.record.RecordCursor;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.schemaless.GenericObject;
import io.kvmapper.internal.schemaless.SchemaMapping;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;

/** {@code export}: entities' schemas and records, and multimaps, as JSON lines, streamed. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Writes every entity (or those named) to a JSON lines file: first each entity's recorded "
                + "schema on a line of its own, then one line per record (its entity, key and fields, as the JSON "
                + "codec writes them), then, when no entity is named, every multimap pair with its count.",
                "Streams: memory stays flat however large the store. A record that cannot be decoded is reported "
                        + "with its key and left out, and the exit code is 1."})
final class ExportCommand extends StoreCommand {
    @Parameters(paramLabel = "ENTITY", arity = "0..*", description = "The entities to export (default: all, and "
            + "every multimap).")
    List<String> entities;

    @Option(names = "--out", required = true, paramLabel = "FILE.jsonl", description = "Where to write; - for "
            + "standard output.")
    String out;

    @Override
    public Integer call() {
        long records = 0;
        long pairs = 0;
        long corrupt = 0;
        List<String> exported;
        List<String> multimaps;
        try (OpenedStore opened = open(OpenedStore.Access.READ)) {
            KvBackend backend = opened.backend();
            Catalog catalog = new Catalog(backend);
            exported = catalog.chosen(entities);
            multimaps = entities == null || entities.isEmpty() ? catalog.multimaps() : List.of();
            List<SchemaMapping> mappings = new ArrayList<>();
            for (String entity : exported) {
                mappings.add(catalog.mapping(entity));
            }
            boolean toStdout = out.equals("-");
            try (OutputStream target = toStdout ? unclosed(console().out())
                    : new BufferedOutputStream(open(Path.of(out)), 1 << 16);
                    JsonGenerator lines = JsonOutput.lines(target)) {
                for (SchemaMapping mapping : mappings) {
                    RecordLines.writeSchema(lines, mapping.entitySchema().document());
                }
                for (SchemaMapping mapping : mappings) {
                    RecordLayout<GenericObject> layout = RecordLayout.of(mapping, backend);
                    KeyRange range = mapping.prefix(List.of()).keys();
                    long total = root.progressMode() == ProgressMeter.Mode.NONE || !backend.isGloballyOrdered() ? -1
                            : layout.count(backend, range);
                    try (ProgressMeter progress = progress("export " + mapping.entityName(), total, "records");
                            RecordCursor<GenericObject> cursor = layout.scan(backend, range, 0)) {
                        long done = 0;
                        while (cursor.hasNext()) {
                            progress.done(++done);
                            GenericObject record;
                            try {
                                record = cursor.next();
                            } catch (CorruptDataException e) {
                                corrupt++;
                                console().err().println("kvmapper: corrupt record, not exported: " + e.getMessage());
                                continue;
                            }
                            RecordLines.writeRecord(lines, mapping, record);
                            records++;
                        }
                    }
                }
                for (String multimap : multimaps) {
                    pairs += exportMultimap(backend, multimap, lines);
                }
                if (records + pairs + mappings.size() > 0) {
                    lines.flush();
                    target.write('\n');
                }
                target.flush();
            } catch (IOException | JacksonException e) {
                throw CliException.store("cannot write " + out + ": " + e.getMessage(), e);
            }
        }
        String summary = "exported " + exported.size() + " entit" + (exported.size() == 1 ? "y" : "ies") + " ("
                + ProgressMeter.number(records) + " records) and " + multimaps.size() + " multimap"
                + (multimaps.size() == 1 ? "" : "s") + " (" + ProgressMeter.number(pairs) + " pairs) to " + out
                + (corrupt > 0 ? "; " + corrupt + " corrupt records left out" : "");
        if (json() && !out.equals("-")) {
            console().out().println("{\"entities\":" + exported.size() + ",\"records\":" + records + ",\"multimaps\":"
                    + multimaps.size() + ",\"pairs\":" + pairs + ",\"corrupt\":" + corrupt + "}");
        } else {
            root.inform(summary);
        }
        return corrupt > 0 ? ExitCode.PROBLEMS : ExitCode.OK;
    }

    /** Standard output, which the export flushes but does not close. */
    private static OutputStream unclosed(OutputStream stream) {
        return new java.io.FilterOutputStream(stream) {
            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                out.write(bytes, offset, length);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
    }

    private static OutputStream open(Path file) {
        try {
            return Files.newOutputStream(file);
        } catch (IOException e) {
            throw CliException.usage("--out " + file + ": cannot write it (" + e.getMessage() + ")");
        }
    }

    /** Writes every pair of {@code multimap} whose count is not zero; returns how many. */
    private long exportMultimap(KvBackend backend, String multimap, JsonGenerator lines) {
        byte[] prefix = new TupleWriter().beginNested().writeString(Area.MULTIMAP.tag()).writeString(multimap)
                .toPrefixBytes();
        long pairs = 0;
        try (ProgressMeter progress = progress("export multimap " + multimap, -1, "pairs");
                KvCursor cursor = backend.scan(KeyRange.tuplePrefix(prefix), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                long count;
                List<Object> elements;
                try {
                    count = Counters.decode(item.key(), item.value());
                    elements = Tuples.decode(item.key());
                } catch (CorruptDataException e) {
                    console().err().println("kvmapper: corrupt multimap pair, not exported: " + e.getMessage());
                    continue;
                }
                if (count == 0) {
                    continue;
                }
                List<?> partition = (List<?>) elements.get(0);
                RecordLines.writePair(lines, multimap, partition.get(2), elements.get(1), count);
                progress.done(++pairs);
            }
        } catch (UncheckedIOException e) {
            throw CliException.store("cannot write " + out + ": " + e.getMessage(), e);
        }
        return pairs;
    }
}
