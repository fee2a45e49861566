package io.kvmapper.cli;

import io.kvmapper.CorruptDataException;
import io.kvmapper.DuplicateKeyException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvMapperException;
import io.kvmapper.KvStore;
import io.kvmapper.Multimap;
import io.kvmapper.SchemaMismatchException;
import io.kvmapper.StorageException;
import io.kvmapper.Transaction;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.internal.operations.EntityOperations;
import io.kvmapper.internal.schemaless.GenericObject;
import io.kvmapper.internal.schemaless.SchemaMapping;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code import}: an export file into a store, through the operations every repository delegates to, so that
 * index entries and counters follow the records as they do when the application writes them.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Loads a JSON lines file that export wrote into a store (created if it does not exist): each "
                + "schema line records the entity's schema (or is checked against the one the store records, by the "
                + "rules the store applies to an application's code), each record is inserted through the write path "
                + "of repositories, so indexes and counters follow, and each multimap pair is added with its count.",
                "A key the store already holds is an error, unless --replace. A malformed line, or one the store "
                        + "refuses, ends the import with its line number: nothing of that line is imported, every "
                        + "line before it is."})
final class ImportCommand extends StoreCommand {
    @Option(names = "--in", required = true, paramLabel = "FILE.jsonl", description = "The file to read; - for "
            + "standard input.")
    String in;

    @Option(names = "--replace", description = "Replace records (and multimap counts) the store already holds.")
    boolean replace;

    @Option(names = "--batch", paramLabel = "N", defaultValue = "100",
            description = "Records per unit of work (default: ${DEFAULT-VALUE}).")
    int batchSize;

    /** How many input bytes a batch holds at most, so that a unit of work stays small enough for Cassandra. */
    private static final int BATCH_BYTES = 32 * 1024;

    private final Map<String, SchemaMapping> mappings = new HashMap<>();
    private final Map<String, EntityOperations<GenericObject>> operations = new HashMap<>();
    private final List<Item> batch = new ArrayList<>();
    private int batchBytes;
    private long records;
    private long pairs;

    /** One line's write, and where it came from. */
    private record Item(long line, Write write) {
    }

    /** A write in a unit of work. */
    @FunctionalInterface
    private interface Write {
        void apply(Transaction tx);
    }

    @Override
    public Integer call() {
        if (batchSize <= 0) {
            throw CliException.usage("--batch must be a positive number of records");
        }
        try (OpenedStore opened = open(OpenedStore.Access.CREATE);
                CountingInput input = new CountingInput(input());
                BufferedReader reader = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8),
                        1 << 16);
                ProgressMeter progress = progress("import " + (in.equals("-") ? "standard input" : in), size(),
                        "bytes")) {
            KvStore store = opened.store();
            long number = 0;
            for (String text = reader.readLine(); text != null; text = reader.readLine()) {
                number++;
                if (!text.isBlank()) {
                    line(store, number, text);
                }
                progress.done(input.count());
            }
            flush(store);
            if (!operations.isEmpty() && !store.awaitSchemaBuilds(Duration.ofSeconds(1))) {
                root.inform("waiting for the online builds of indexes and counters the store's records need");
                store.awaitSchemaBuilds(Duration.ofDays(365));
            }
        } catch (IOException e) {
            throw CliException.usage("--in " + in + ": cannot read it (" + e.getMessage() + ")");
        }
        String summary = "imported " + ProgressMeter.number(records) + " records of " + mappings.size() + " entit"
                + (mappings.size() == 1 ? "y" : "ies") + " and " + ProgressMeter.number(pairs) + " multimap pairs";
        if (json()) {
            console().out().println("{\"entities\":" + mappings.size() + ",\"records\":" + records + ",\"pairs\":"
                    + pairs + "}");
        } else {
            root.inform(summary);
        }
        return ExitCode.OK;
    }

    private InputStream input() throws IOException {
        if (in.equals("-")) {
            return System.in;
        }
        Path file = Path.of(in);
        if (!Files.isRegularFile(file)) {
            throw CliException.usage("--in " + in + ": no such file");
        }
        return Files.newInputStream(file);
    }

    private long size() {
        try {
            return in.equals("-") ? -1 : Files.size(Path.of(in));
        } catch (IOException e) {
            return -1;
        }
    }

    private void line(KvStore store, long number, String text) {
        RecordLines.Line line;
        try {
            line = RecordLines.parse(text, mappings);
        } catch (IllegalArgumentException e) {
            flush(store);
            throw CliException.usage("line " + number + ": " + e.getMessage() + "; nothing of line " + number
                    + " was imported, every line before it was");
        }
        if (line instanceof RecordLines.SchemaLine schemaLine) {
            flush(store);
            schema(store, number, schemaLine);
        } else if (line instanceof RecordLines.RecordLine recordLine) {
            EntityOperations<GenericObject> entity = operations.get(recordLine.mapping().entityName());
            GenericObject record = recordLine.record();
            add(store, new Item(number, tx -> {
                if (replace) {
                    entity.with(tx).save(record);
                } else {
                    entity.with(tx).insert(record);
                }
            }), text.length());
            records++;
        } else {
            RecordLines.PairLine pair = (RecordLines.PairLine) line;
            Multimap<Object, Object> multimap = multimap(store, number, pair);
            add(store, new Item(number, tx -> {
                Multimap<Object, Object> inTx = multimap.with(tx);
                long stored = inTx.count(pair.key(), pair.value());
                if (stored != 0 && !replace) {
                    throw new ExistingPair("multimap " + pair.multimap() + " already holds the pair (" + pair.key()
                            + ", " + pair.value() + ") with a count of " + stored);
                }
                inTx.allowingNegativeCounts().add(pair.key(), pair.value(), pair.count() - stored);
            }), text.length());
            pairs++;
        }
    }

    /** Records the entity's schema in the store (or checks it against the store's), as opening a repository does. */
    private void schema(KvStore store, long number, RecordLines.SchemaLine line) {
        SchemaMapping mapping;
        try {
            mapping = SchemaMapping.of(line.schema());
        } catch (IllegalArgumentException e) {
            throw CliException.usage("line " + number + ": " + e.getMessage());
        }
        String entity = mapping.entityName();
        if (mappings.containsKey(entity)) {
            throw CliException.usage("line " + number + ": a second schema line for entity \"" + entity + "\"");
        }
        try {
            operations.put(entity, new EntityOperations<>(store, mapping));
        } catch (SchemaMismatchException e) {
            throw CliException.usage("line " + number + ": the store refuses the schema of " + entity + ": "
                    + e.getMessage());
        }
        mappings.put(entity, mapping);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Multimap<Object, Object> multimap(KvStore store, long number, RecordLines.PairLine pair) {
        if (pair.key() == null || pair.value() == null || pair.key() instanceof List || pair.value() instanceof List) {
            throw CliException.usage("line " + number + ": a multimap's keys and values are scalars, not null or "
                    + "nested tuples");
        }
        try {
            return store.multimap(pair.multimap(), (Class) pair.key().getClass(), (Class) pair.value().getClass());
        } catch (InvalidRequestException e) {
            throw CliException.usage("line " + number + ": " + e.getMessage());
        }
    }

    private void add(KvStore store, Item item, int bytes) {
        batch.add(item);
        batchBytes += bytes;
        if (batch.size() >= batchSize || batchBytes >= BATCH_BYTES) {
            flush(store);
        }
    }

    /**
     * Writes the batch in one unit of work. If it fails, writes its lines one unit of work each, so that every line
     * before the one at fault is imported, and reports that one.
     */
    private void flush(KvStore store) {
        if (batch.isEmpty()) {
            return;
        }
        try {
            store.transact(tx -> batch.forEach(item -> item.write().apply(tx)));
        } catch (StorageException e) {
            throw e;
        } catch (KvMapperException e) {
            for (Item item : batch) {
                try {
                    store.transact(tx -> item.write().apply(tx));
                } catch (StorageException failure) {
                    throw failure;
                } catch (KvMapperException failure) {
                    throw refused(item.line(), failure);
                }
            }
        }
        batch.clear();
        batchBytes = 0;
    }

    private CliException refused(long line, KvMapperException failure) {
        String message = "line " + line + ": " + failure.getMessage() + "; nothing of line " + line
                + " was imported, every line before it was";
        if (failure instanceof DuplicateKeyException || failure instanceof ExistingPair) {
            return new CliException(ExitCode.PROBLEMS, message + " (--replace overwrites what the store holds)");
        }
        if (failure instanceof UniqueConstraintException || failure instanceof CorruptDataException) {
            return new CliException(ExitCode.PROBLEMS, message);
        }
        return CliException.usage(message);
    }

    /** A multimap pair the store already holds, which an import without --replace does not add to. */
    private static final class ExistingPair extends KvMapperException {
        private static final long serialVersionUID = 1L;

        ExistingPair(String message) {
            super(message);
        }
    }

    /** The input, counting the bytes read, for the progress bar. */
    private static final class CountingInput extends java.io.FilterInputStream {
        private long count;

        CountingInput(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int read = super.read(buffer, offset, length);
            if (read > 0) {
                count += read;
            }
            return read;
        }

        long count() {
            return count;
        }
    }
}
