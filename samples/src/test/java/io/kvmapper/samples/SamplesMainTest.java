package io.kvmapper.samples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The main job runs every sample, and each prints the answers its pattern promises. */
class SamplesMainTest {
    @TempDir
    Path dir;

    @Test
    void everySamplePrintsTheExpectedAnswers() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SamplesMain.runAll(dir, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String output = bytes.toString(StandardCharsets.UTF_8);
        for (String expected : List.of(
                "  page 3: [Ken, Barbara]",
                "HQ / Engineering, teams 2 (inclusive) to 10 (exclusive):\n"
                        + "  Team[building=HQ, department=Engineering, team=2, manager=Grace, headcount=4]\n"
                        + "every team",
                "a second insert of user 1 is refused: User: an entity with key ((\"User\", \"r\", 1)) already exists",
                "findAllById(3, 99, 1), one multi-get: [Grace, Ada]",
                "Ada's 3 newest orders: [o-10, o-8, o-6]",
                "the 3 before those:    [o-4, o-2, o-0]",
                "Alan spent 150.00 in 6 orders",
                "deleting Grace: true, again: false",
                "3 newest api entries: [tick 59, tick 58, tick 57]",
                "api entries from 00:10 to 00:13, newest first: [tick 12, tick 11, tick 10]",
                "all samples done")) {
            assertTrue(output.replace(System.lineSeparator(), "\n").contains(expected),
                    "missing \"" + expected + "\" in:\n" + output);
        }
    }

    @Test
    void theJobRunsAgainOnTheSameStore() {
        SamplesMain.runAll(dir, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SamplesMain.runAll(dir, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("all samples done"));
    }
}
