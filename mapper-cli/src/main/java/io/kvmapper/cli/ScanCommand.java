package io.kvmapper.cli;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.record.RecordCursor;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.schemaless.GenericJson;
import io.kvmapper.internal.schemaless.GenericObject;
import io.kvmapper.internal.schemaless.SchemaMapping;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.io.PrintStream;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.core.JsonGenerator;

/** {@code scan}: an entity's records in key order, all or those under a key prefix. */
@Command(name = "scan", mixinStandardHelpOptions = true,
        description = {"Lists the records of ENTITY in key order (in the backend's scan order across partitions on "
                + "Cassandra): each line holds the key's components and the record, as JSON.",
                "A record that cannot be decoded is reported with its key on standard error, and the scan goes on; "
                        + "the exit code is then 1."})
final class ScanCommand extends StoreCommand {
    @Parameters(index = "0", paramLabel = "ENTITY", description = "The entity.")
    String entity;

    @Option(names = "--prefix", arity = "1..*", paramLabel = "VALUE",
            description = "Only records whose key starts with these components, in key order.")
    List<String> prefix = new ArrayList<>();

    @Option(names = "--limit", paramLabel = "N", description = "At most N records.")
    int limit;

    @Option(names = "--reverse", description = "In reverse key order.")
    boolean reverse;

    private long corrupt;

    @Override
    public Integer call() {
        if (limit < 0) {
            throw CliException.usage("--limit must be a positive number of records");
        }
        try (OpenedStore opened = open(OpenedStore.Access.READ)) {
            SchemaMapping mapping = new Catalog(opened.backend()).mapping(entity);
            KeyRange range = mapping.prefix(KeyText.parse(mapping, prefix, false)).keys();
            RecordLayout<GenericObject> records = RecordLayout.of(mapping, opened.backend());
            PrintStream out = console().out();
            // the bar would tear the records' lines where both go to one terminal
            ProgressMeter.Mode mode = console().outIsTerminal() ? ProgressMeter.Mode.NONE : root.progressMode();
            try (JsonGenerator lines = JsonOutput.lines(out);
                    ProgressMeter progress = ProgressMeter.start(console(), mode, "scan " + entity, -1, "records")) {
                Output output = (key, record) -> {
                    if (json()) {
                        RecordLines.writeRecord(lines, mapping, record);
                    } else {
                        out.println(keyText(mapping, record) + "  " + GenericJson.toJson(record));
                    }
                    progress.advance(1);
                };
                if (reverse) {
                    reverse(opened.backend(), mapping, records, range, output);
                } else {
                    forward(opened.backend(), records, range, output);
                }
                if (json() && progress.count() > 0) {
                    lines.flush();
                    out.println();
                }
            }
        }
        return corrupt > 0 ? ExitCode.PROBLEMS : ExitCode.OK;
    }

    /** Where a record goes. */
    @FunctionalInterface
    private interface Output {
        void accept(byte[] key, GenericObject record);
    }

    private void forward(KvBackend backend, RecordLayout<GenericObject> records, KeyRange range, Output output) {
        try (RecordCursor<GenericObject> cursor = records.scan(backend, range, 0)) {
            long shown = 0;
            while (cursor.hasNext() && (limit == 0 || shown < limit)) {
                GenericObject record;
                try {
                    record = cursor.next();
                } catch (CorruptDataException e) {
                    corrupt(e);
                    continue;
                }
                output.accept(cursor.key(), record);
                shown++;
            }
        }
    }

    /**
     * The records backwards: a reverse scan of the keys (each record's own key: in the attribute-per-key layout,
     * its head), then their records read in batches, as the layout reads them.
     */
    private void reverse(KvBackend backend, SchemaMapping mapping, RecordLayout<GenericObject> records, KeyRange range,
            Output output) {
        int keyElements = 1 + mapping.keySize() - mapping.partitionSize();
        List<byte[]> batch = new ArrayList<>();
        long shown = 0;
        try (KvCursor cursor = backend.scan(range, ScanOptions.REVERSE)) {
            while (cursor.hasNext() && (limit == 0 || shown + batch.size() < limit)) {
                byte[] key = cursor.next().key();
                if (elements(key) == keyElements) {
                    batch.add(key);
                    if (batch.size() == 256) {
                        shown += emit(backend, records, batch, output);
                    }
                }
            }
        }
        emit(backend, records, batch, output);
    }

    private int emit(KvBackend backend, RecordLayout<GenericObject> records, List<byte[]> keys, Output output) {
        int shown = 0;
        for (byte[] key : keys) {
            try {
                GenericObject record = records.find(backend, key);
                if (record != null) {
                    output.accept(key, record);
                    shown++;
                }
            } catch (CorruptDataException e) {
                corrupt(e);
            }
        }
        keys.clear();
        return shown;
    }

    private void corrupt(CorruptDataException e) {
        corrupt++;
        console().err().println("kvmapper: corrupt record, skipped: " + e.getMessage());
    }

    private static String keyText(SchemaMapping mapping, GenericObject record) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = JsonOutput.compact(text)) {
            RecordLines.writeKey(json, mapping, mapping.keyComponents(record));
        }
        return text.toString();
    }

    private static int elements(byte[] key) {
        int count = 0;
        for (int at = 0; at < key.length; count++) {
            at = Tuples.elementEnd(key, at);
        }
        return count;
    }
}
