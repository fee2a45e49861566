package io.kvmapper.cassandra;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Everything logged through {@code System.Logger} (which writes to {@code java.util.logging} here) under a logger
 * name, at every level, while open: each record as its level, logger, message and stack trace.
 */
final class CapturedLogs implements AutoCloseable {
    private final Logger logger;
    private final Level previousLevel;
    private final List<String> records = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            StringWriter text = new StringWriter();
            text.append(record.getLevel().getName()).append(' ').append(record.getLoggerName()).append(": ")
                    .append(record.getMessage());
            if (record.getThrown() != null) {
                text.append('\n');
                record.getThrown().printStackTrace(new PrintWriter(text));
            }
            synchronized (records) {
                records.add(text.toString());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    /** Captures what loggers named {@code name}, or under it, log; {@code ""} for every logger. */
    CapturedLogs(String name) {
        logger = Logger.getLogger(name);
        previousLevel = logger.getLevel();
        logger.setLevel(Level.ALL);
        handler.setLevel(Level.ALL);
        logger.addHandler(handler);
    }

    /** The records logged so far, oldest first. */
    List<String> records() {
        synchronized (records) {
            return List.copyOf(records);
        }
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
        logger.setLevel(previousLevel);
    }
}
