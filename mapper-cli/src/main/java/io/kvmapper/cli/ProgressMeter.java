package io.kvmapper.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress of one long task on standard error: items done, rate and, where the total is known, a bar and the time
 * left. On a terminal it is one line redrawn in place (at most ten times a second) and finished with a newline;
 * elsewhere (a file, a pipe, a CI log) it is a plain line every few seconds and one at the end, which read well
 * in a log. Written here rather than taken from a library: the choice between the two forms depends on whether
 * standard error, not the console, is a terminal, and the plain form must be lines a log keeps, which the
 * libraries' redrawing consumers are not.
 */
final class ProgressMeter implements AutoCloseable {
    /** How progress is shown. */
    enum Mode {
        /** A bar on a terminal, plain lines otherwise. */
        AUTO,
        /** A bar redrawn in place. */
        BAR,
        /** A plain line every few seconds and at the end. */
        LINES,
        /** Nothing. */
        NONE
    }

    private static final long BAR_INTERVAL = 100_000_000L;
    private static final long LINE_INTERVAL = 5_000_000_000L;

    private final PrintStream err;
    private final Mode mode;
    private final int width;
    private final LongSupplier clock;
    private final String unit;
    private final String task;
    private final long total;
    private long done;
    private final long start;
    private long lastShown;
    private int lastLength;
    private boolean finished;

    private ProgressMeter(PrintStream err, Mode mode, int width, LongSupplier clock, String task, long total,
            String unit) {
        this.err = err;
        this.mode = mode;
        this.width = width;
        this.clock = clock;
        this.task = task;
        this.total = total;
        this.unit = unit;
        this.start = clock.getAsLong();
        this.lastShown = start;
    }

    /**
     * A meter for {@code task}, counting {@code unit}s ("records"), of which there are {@code total} (negative:
     * unknown).
     */
    static ProgressMeter start(Console console, Mode mode, String task, long total, String unit) {
        Mode resolved = mode == Mode.AUTO ? (console.errIsTerminal() ? Mode.BAR : Mode.LINES) : mode;
        return new ProgressMeter(console.err(), resolved, columns(console), System::nanoTime, task, total, unit);
    }

    /** A meter with its own clock, for tests. */
    static ProgressMeter start(PrintStream err, Mode mode, int width, LongSupplier clock, String task, long total,
            String unit) {
        return new ProgressMeter(err, mode, width, clock, task, total, unit);
    }

    /** The terminal's width: {@code COLUMNS}, else what {@code stty size} says of the terminal, else 80. */
    private static int columns(Console console) {
        String columns = console.env().get("COLUMNS");
        if (columns == null && console.errIsTerminal()) {
            columns = sttyColumns();
        }
        try {
            return columns == null ? 80 : Math.max(40, Integer.parseInt(columns.trim()));
        } catch (NumberFormatException e) {
            return 80;
        }
    }

    private static String sttyColumns() {
        try {
            Process stty = new ProcessBuilder("stty", "size").redirectInput(new java.io.File("/dev/tty"))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String size = new String(stty.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII);
            if (stty.waitFor(2, java.util.concurrent.TimeUnit.SECONDS) && stty.exitValue() == 0) {
                String[] rowsAndColumns = size.trim().split("\\s+");
                return rowsAndColumns.length == 2 ? rowsAndColumns[1] : null;
            }
        } catch (java.io.IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    /** Sets how many items are done. */
    void done(long count) {
        this.done = count;
        show();
    }

    /** Adds {@code count} items done. */
    void advance(long count) {
        done(done + count);
    }

    /** How many items are done. */
    long count() {
        return done;
    }

    /** Shows the final state: the bar's last line, or a closing plain line with the total time. */
    @Override
    public void close() {
        if (finished) {
            return;
        }
        finished = true;
        if (mode == Mode.BAR) {
            draw();
            err.println();
        } else if (mode == Mode.LINES) {
            long elapsed = clock.getAsLong() - start;
            err.println(task + ": " + count(done, unit) + " in " + duration(elapsed) + rate(elapsed));
        }
        err.flush();
    }

    private void show() {
        if (mode == Mode.NONE || finished) {
            return;
        }
        long time = clock.getAsLong();
        if (time - lastShown < (mode == Mode.BAR ? BAR_INTERVAL : LINE_INTERVAL)) {
            return;
        }
        lastShown = time;
        if (mode == Mode.BAR) {
            draw();
        } else {
            err.println(text(time - start));
            err.flush();
        }
    }

    /** Redraws the bar's line in place. */
    private void draw() {
        String text = text(clock.getAsLong() - start);
        String line = text;
        if (total > 0) {
            int room = width - text.length() - 4;
            if (room >= 10) {
                int filled = (int) Math.min(room, room * done / total);
                String bar = "=".repeat(filled) + (filled < room ? ">" + " ".repeat(room - filled - 1) : "");
                line = "[" + bar + "] " + text;
            }
        }
        if (line.length() > width - 1) {
            line = line.substring(0, width - 1);
        }
        String padding = lastLength > line.length() ? " ".repeat(lastLength - line.length()) : "";
        lastLength = line.length();
        err.print("\r" + line + padding);
        err.flush();
    }

    /** {@code export User: 450,000/1,000,000 records (45%), 90,000/s, 0:06 left} */
    String text(long elapsed) {
        StringBuilder text = new StringBuilder(task).append(": ").append(number(done));
        if (total > 0) {
            text.append('/').append(number(total));
        }
        text.append(' ').append(total > 0 ? unit : count(done, unit).substring(number(done).length() + 1));
        if (total > 0) {
            text.append(" (").append(Math.min(100, done * 100 / total)).append("%)");
        }
        text.append(rate(elapsed));
        if (total > 0 && done > 0 && done < total && elapsed > 0) {
            long left = (long) ((double) elapsed * (total - done) / done);
            text.append(", ").append(duration(left)).append(" left");
        }
        return text.toString();
    }

    private String rate(long elapsed) {
        if (elapsed <= 0 || done == 0) {
            return "";
        }
        return ", " + number((long) (done * 1e9 / elapsed)) + "/s";
    }

    /** {@code 1 record}, {@code 2 records}, {@code 1 entry}: a count with its unit, given in the plural. */
    static String count(long value, String plural) {
        String unit = plural;
        if (value == 1 && plural.endsWith("ies")) {
            unit = plural.substring(0, plural.length() - 3) + "y";
        } else if (value == 1 && plural.endsWith("s")) {
            unit = plural.substring(0, plural.length() - 1);
        }
        return number(value) + " " + unit;
    }

    static String number(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    static String duration(long nanos) {
        long seconds = nanos / 1_000_000_000L;
        if (seconds >= 3600) {
            return String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
    }
}
