package io.kvmapper.samples.events;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.StoredKeys;
import io.kvmapper.tuple.Tuples;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;

/**
 * A time-ordered event log, the two-level map's "time-ordered events" use: the n newest entries and a
 * time-range query, each one short scan, and retention ("delete older than") in bounded batches.
 */
public final class EventLogSample implements Sample {
    private static final Instant T0 = Instant.parse("2026-11-22T00:00:00Z");
    private static final int DELETE_BATCH = 10;

    @Override
    public String title() {
        return "Event log: newest first per source, n newest, time ranges and deleting older entries";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        LogEntryRepository log = new LogEntryRepository(store);
        for (int minute = 0; minute < 60; minute++) {
            String level = minute % 15 == 0 ? "WARN" : "INFO";
            log.save(new LogEntry("api", T0.plusSeconds(60L * minute), 0, level, "tick " + minute));
            if (minute % 10 == 0) {
                log.save(new LogEntry("db", T0.plusSeconds(60L * minute), 0, "INFO", "checkpoint " + minute));
            }
        }
        out.println("logged 60 api entries and 6 db entries");
        out.println("the db partition, newest first: each key as stored (schema-less, the descending instant is"
                + " its inverted bytes), then as the entity's key reads it (the generated mapping names and types"
                + " each component, as exception messages do):");
        StoredKeys.keysOfPartition(store, "LogEntry", "db").stream().limit(2).forEach(key -> out.println("  "
                + Tuples.toString(key) + "\n    = " + LogEntry_KvMapping.INSTANCE.describeKey(key)));

        List<LogEntry> newest = log.findBySource("api", PageRequest.ofSize(3)).items();
        out.println("3 newest api entries: " + messages(newest));
        equal("the 3 newest api entries", List.of("tick 59", "tick 58", "tick 57"), messages(newest));
        List<LogEntry> window = log.findBySourceAndAtBetween("api", T0.plusSeconds(600), T0.plusSeconds(780));
        out.println("api entries from 00:10 to 00:13, newest first: " + messages(window));
        equal("api entries from 00:10 to 00:13", List.of("tick 12", "tick 11", "tick 10"), messages(window));
        out.println("db entries: " + log.findBySource("db").size());

        Instant cutoff = T0.plusSeconds(30 * 60);
        Deleted deleted = deleteOlderThan(store, log, "api", cutoff);
        List<LogEntry> left = log.findBySource("api");
        out.printf("deleted %d api entries older than 00:30 in %d batches of at most %d, each one transaction;"
                + " %d left, the oldest now: %s%n", deleted.entries(), deleted.batches(), DELETE_BATCH, left.size(),
                left.get(left.size() - 1).message());
        equal("api entries left after the retention run", 30, left.size());
        equal("the oldest api entry left", "tick 30", left.get(left.size() - 1).message());
        equal("db entries, untouched by the api's retention", 6, log.findBySource("db").size());
    }

    /**
     * Deletes the entries of {@code source} older than {@code cutoff}, at most {@link #DELETE_BATCH} per
     * transaction: each round reads one page of the range {@code [Instant.MIN, cutoff)} (the newest of them
     * first, since the instant is descending) and deletes its entries through the repository, until the
     * range is empty. Memory and transaction size stay bounded however much is deleted.
     *
     * @return how many entries were deleted, in how many batches
     */
    private static Deleted deleteOlderThan(KvStore store, LogEntryRepository log, String source, Instant cutoff) {
        int deleted = 0;
        int batches = 0;
        while (true) {
            Page<LogEntry> page = log.findBySourceAndAtBetween(source, Instant.MIN, cutoff,
                    PageRequest.ofSize(DELETE_BATCH));
            if (page.items().isEmpty()) {
                return new Deleted(deleted, batches);
            }
            store.transact(tx -> {
                LogEntryRepository inTx = log.with(tx);
                page.items().forEach(e -> inTx.deleteById(e.source(), e.at(), e.seq()));
            });
            deleted += page.items().size();
            batches++;
        }
    }

    /** What a retention run deleted. */
    private record Deleted(int entries, int batches) {
    }

    private static List<String> messages(List<LogEntry> entries) {
        return entries.stream().map(LogEntry::message).toList();
    }
}
