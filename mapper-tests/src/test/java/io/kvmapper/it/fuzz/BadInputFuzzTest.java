package io.kvmapper.it.fuzz;

import io.kvmapper.IntegrityReport;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.it.TestStores;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fuzzer of bad input: calls of a repository with what it cannot serve as made ({@link BadCalls}): nulls where
 * a key component, an entity, a page request, a map key (or, in Protobuf, an element) is needed; unpaired
 * surrogates in keys, indexed values, counter groups and (except in JSON) any field; integers and decimals the
 * key encoding cannot hold; huge values and keys; continuation tokens that were cut, altered, forged, or made by
 * another query; page sizes out of range; list positions out of range. Each call must throw the documented
 * {@code InvalidRequestException} and leave every key and value of the store as it was (a snapshot of the whole
 * store before and after), or, where the documentation allows the input (NaNs of any payload are one key, JSON
 * keeps unpaired surrogates in plain fields, a huge value that fits), succeed and read back as written. Each case
 * ends with every read checked against the model ({@link ReadChecks}) and a clean {@code verify()}.
 *
 * <p>See {@link FuzzSettings} for seeds, budget and replaying a case.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class BadInputFuzzTest {
    private static final String TEST = "BadInputFuzzTest";

    @TempDir
    Path dir;
    private KvStore store;

    @BeforeAll
    static void announce() {
        FuzzSettings.announce(TEST);
        FuzzSettings.quietScans(true);
    }

    @AfterAll
    static void loud() {
        FuzzSettings.quietScans(false);
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
            store = null;
        }
    }

    @ParameterizedTest(name = "{1}, seed {0}")
    @MethodSource("io.kvmapper.it.fuzz.FuzzSettings#seedsAndKinds")
    void badInputIsAnInvalidRequestThatWritesNothing(long seed, SpecimenKind kind) {
        int[] tally = new int[3];
        long start = System.nanoTime();
        for (int number : FuzzSettings.cases(FuzzSettings.defaultBudget(12, 4))) {
            Values values = new Values(FuzzSettings.random(seed, kind, number));
            List<String> story = new ArrayList<>();
            Path caseDirectory = FuzzSettings.caseDirectory(dir, number);
            if (store == null || !caseDirectory.equals(dir)) {
                close();
                store = TestStores.open(caseDirectory);
            }
            try {
                Specimens repository = kind.open(store);
                Specimens other = SpecimenKind.values()[(kind.ordinal() + 1) % SpecimenKind.values().length]
                        .open(store);
                runCase(kind, repository, other, values, story, tally);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError(FuzzSettings.replay(TEST, seed, kind, number) + "\n"
                        + String.join("\n", story),
                        e);
            }
        }
        System.out.printf("%s %s seed %d on %s: %d calls refused as required, %d accepted as documented, %d either"
                + " way, in %.1f s%n", TEST, kind, seed, System.getProperty(TestStores.PROPERTY, "rocksdb"), tally[0],
                tally[1], tally[2], (System.nanoTime() - start) / 1e9);
    }

    /** One case: a few specimens, a few bad calls, each checked; then every read, and an empty entity again. */
    private void runCase(SpecimenKind kind, Specimens repository, Specimens other, Values values, List<String> story,
            int[] tally) {
        Workload workload = new Workload(kind, repository, values);
        story.add("writes: " + workload.run(values.between(3, 8)));
        Map<Id, Specimen> model = workload.model();
        for (int i = 0; i < 2; i++) {
            // two records of one tenant with handles, so that its finders have pages to continue
            Id id = new Id("t0", 1000 + i, i);
            Specimen specimen = values.specimen(kind, id, "h-page" + i + "-" + values.text(2));
            repository.save(specimen.copy());
            model.put(id, specimen);
        }
        BadCalls calls = new BadCalls(kind, repository, other, store, model, values);
        int count = values.between(3, 8);
        for (int i = 0; i < count; i++) {
            BadCalls.Call call = calls.draw();
            story.add("call: " + call);
            NavigableMap<byte[], byte[]> before = RawItems.snapshot(store);
            Object result;
            try {
                result = call.action().get();
            } catch (InvalidRequestException e) {
                check(call.outcome() != BadCalls.Outcome.ACCEPTED, call + " threw " + e);
                check(e.getMessage() != null && !e.getMessage().isBlank(), call + ": an InvalidRequestException without"
                        + " a message");
                String written = RawItems.differences(before, RawItems.snapshot(store));
                check(written.isEmpty(), call + " was refused (" + e.getMessage() + ") but wrote:" + written);
                tally[call.outcome() == BadCalls.Outcome.REJECTED ? 0 : 2]++;
                continue;
            } catch (AssertionError e) {
                throw e;
            } catch (RuntimeException e) {
                throw new AssertionError(call + " threw " + e.getClass().getName() + ", where "
                        + (call.outcome() == BadCalls.Outcome.ACCEPTED ? "it is documented to succeed"
                                : "InvalidRequestException is documented"), e);
            }
            check(call.outcome() != BadCalls.Outcome.REJECTED, call + " was accepted (returned " + show(result)
                    + "), where InvalidRequestException is documented; it wrote:"
                    + RawItems.differences(before, RawItems.snapshot(store)));
            check(call.result().test(result), call + " returned " + show(result));
            call.effect().accept(model);
            tally[call.outcome() == BadCalls.Outcome.ACCEPTED ? 1 : 2]++;
        }
        new ReadChecks(repository, model, Expectation.NONE, values, "after the calls").all();
        IntegrityReport report = repository.verify();
        check(report.isClean(), "verify() after the calls: " + report);
        for (Id id : new ArrayList<>(model.keySet())) {
            check(repository.deleteById(id.tenant(), id.seq(), id.weight()), "deleteById" + id + " answered false");
        }
        check(RawItems.snapshot(store).keySet().stream().noneMatch(key -> RawItems.areaOf(kind, key, Damager.INDEXES,
                Damager.COUNTERS) == RawItems.Area.RECORDS), "records are left after deleting every specimen");
    }

    private static String show(Object result) {
        if (result instanceof Page<?> page) {
            return "a page of " + page.items().size() + (page.hasNext() ? ", with a continuation" : ", the last");
        }
        if (result instanceof Optional<?> optional) {
            return optional.map(o -> "Optional[" + o + "]").orElse("Optional.empty");
        }
        if (result instanceof Stream<?> stream) {
            return "a stream of " + stream.count();
        }
        String text = String.valueOf(result);
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }
}
