package io.kvmapper.samples.events;

import io.kvmapper.KvStore;
import io.kvmapper.PageRequest;
import io.kvmapper.samples.Sample;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;

/** A time-ordered event log: the n newest entries and a time-range query, each one short scan. */
public final class EventLogSample implements Sample {
    private static final Instant T0 = Instant.parse("2026-11-22T00:00:00Z");

    @Override
    public String title() {
        return "Event log: newest first per source, n newest and time ranges";
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
        List<LogEntry> newest = log.findBySource("api", PageRequest.ofSize(3)).items();
        out.println("3 newest api entries: " + newest.stream().map(LogEntry::message).toList());
        List<LogEntry> window = log.findBySourceAndAtBetween("api", T0.plusSeconds(600), T0.plusSeconds(780));
        out.println("api entries from 00:10 to 00:13, newest first: " + window.stream().map(LogEntry::message).toList());
        out.println("db entries: " + log.findBySource("db").size());
    }
}
