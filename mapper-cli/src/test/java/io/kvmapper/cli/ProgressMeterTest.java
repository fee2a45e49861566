package io.kvmapper.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress meter's two forms, on a clock the test moves. */
class ProgressMeterTest {
    private static final long SECOND = 1_000_000_000L;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(printed, true, StandardCharsets.UTF_8);
    private final AtomicLong now = new AtomicLong();

    private String printed() {
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void onATerminalABarIsRedrawnInPlaceWithRateAndTimeLeft() {
        try (ProgressMeter meter = ProgressMeter.start(err, ProgressMeter.Mode.BAR, 100, now::get, "verify User", 1000,
                "records")) {
            now.set(SECOND);
            meter.done(250);
            String frame = printed();
            assertTrue(frame.matches("\r\\[=+> +] verify User: 250/1,000 records \\(25%\\), 250/s, 0:03 left"), frame);
            assertEquals(100, frame.length(), "the line fills the terminal's width but its last column");
            int bar = frame.indexOf(']') - 2;
            assertEquals(bar / 4, frame.indexOf('>') - 2, "a quarter of the bar is filled");
            now.set(SECOND + 1000);
            meter.done(260);
            assertEquals(1, printed().chars().filter(c -> c == '\r').count(), "redrawn at most ten times a second");
            now.set(2 * SECOND);
            meter.done(1000);
        }
        String[] frames = printed().split("\r");
        String last = frames[frames.length - 1];
        assertTrue(last.matches("\\[=+] verify User: 1,000/1,000 records \\(100%\\), 500/s *\n"), last);
    }

    @Test
    void elsewherePlainLinesEveryFiveSecondsAndOneAtTheEnd() {
        try (ProgressMeter meter = ProgressMeter.start(err, ProgressMeter.Mode.LINES, 80, now::get, "export Order", -1,
                "records")) {
            for (int i = 1; i <= 12; i++) {
                now.addAndGet(SECOND);
                meter.done(i * 1000L);
            }
        }
        assertEquals("export Order: 5,000 records, 1,000/s\n"
                + "export Order: 10,000 records, 1,000/s\n"
                + "export Order: 12,000 records in 0:12, 1,000/s\n", printed());
        assertFalse(printed().contains("\r"));
    }

    @Test
    void oneItemIsSingularAndNothingIsShownWhenQuiet() {
        try (ProgressMeter meter = ProgressMeter.start(err, ProgressMeter.Mode.LINES, 80, now::get, "scan Person", -1,
                "entries")) {
            meter.done(1);
        }
        assertEquals("scan Person: 1 entry in 0:00\n", printed());
        printed.reset();
        try (ProgressMeter meter = ProgressMeter.start(err, ProgressMeter.Mode.NONE, 80, now::get, "scan", 10,
                "items")) {
            now.addAndGet(10 * SECOND);
            meter.done(5);
        }
        assertTrue(printed().isEmpty());
    }
}
