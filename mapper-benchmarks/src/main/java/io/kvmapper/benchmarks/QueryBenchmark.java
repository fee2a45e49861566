package io.kvmapper.benchmarks;

import io.kvmapper.KvStore;
import io.kvmapper.benchmarks.queries.Member;
import io.kvmapper.benchmarks.queries.MemberRepository;
import io.kvmapper.benchmarks.queries.Members;
import io.kvmapper.benchmarks.queries.Members_Impl;
import io.kvmapper.rocksdb.RocksKvStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Derived queries of a generated {@code @Repository} implementation ({@link Members_Impl}) against hand-written
 * RocksDB code doing the same scans ({@link RawQueries}), on {@link #members} members with {@link #AGES} ages and
 * {@link #CITIES} cities spread evenly: {@code findByAgeBetween(a, a + 1)} (a range of the age index, about
 * {@code members / AGES} rows, then one multi-get) and {@code findByCityIn(c1, c2)} (two scans of the city index,
 * merged by key, about {@code 2 * members / CITIES} rows, then one multi-get). A third contender, {@code finder},
 * asks the entity's generated repository ({@link MemberRepository}) on the same store: its {@code findByAgeBetween},
 * the same scan without the query layer, and two {@code findByCity} calls merged by id as a user would merge them,
 * so the run tells the query layer's own cost from that of the read path it shares with the finders. Each trial
 * loads a fresh store, closes and reopens it, so reads start from table files; the arguments follow one fixed
 * sequence for every contender. Single-threaded, throughput in queries per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class QueryBenchmark {
    static final int AGES = 500;
    static final int CITIES = 250;

    /**
     * {@code raw} (hand-written RocksDB), {@code kvmapper} (the generated query methods) or {@code finder} (the
     * generated repository's finders).
     */
    @Param({"raw", "kvmapper", "finder"})
    public String contender;

    /**
     * The mapper's entity cache ({@code docs/caching.md}): {@code on} (the RocksDB default size) or {@code off}
     * ({@code entityCacheSize(0)}); {@code -p entityCache=on,off} runs both. The raw contender has none.
     */
    @Param("on")
    public String entityCache = "on";

    /** Members loaded before measuring. */
    @Param("50000")
    public int members;

    private Path directory;
    private KvStore store;
    private Members queries;
    private MemberRepository finders;
    private RawQueries raw;
    private long step;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        directory = Files.createTempDirectory("kvmapper-query-bench-" + contender + "-");
        try {
            List<Member> all = new ArrayList<>(members);
            for (long id = 0; id < members; id++) {
                all.add(new Member(id, "member " + id, (int) (mix(id) % AGES), city((int) (mix(id + 7) % CITIES)),
                        id * 3));
            }
            if (contender.equals("raw")) {
                try (RawQueries loading = new RawQueries(directory)) {
                    loading.load(all);
                }
                raw = new RawQueries(directory);
            } else {
                try (KvStore loading = open(directory, RocksKvStore.Options.DEFAULT_ENTITY_CACHE_SIZE)) {
                    Members_Impl loader = new Members_Impl(loading);
                    for (int from = 0; from < all.size(); from += 1000) {
                        List<Member> batch = all.subList(from, Math.min(from + 1000, all.size()));
                        loading.transact(tx -> batch.forEach(loader.with(tx)::save));
                    }
                }
                store = open(directory, cacheBytes(entityCache));
                queries = new Members_Impl(store);
                finders = contender.equals("finder") ? new MemberRepository(store) : null;
            }
            check(all);
        } catch (RuntimeException e) {
            tearDown();
            throw e;
        }
    }

    private static long cacheBytes(String entityCache) {
        return switch (entityCache) {
            case "on" -> RocksKvStore.Options.DEFAULT_ENTITY_CACHE_SIZE;
            case "off" -> 0;
            default -> throw new IllegalArgumentException("entityCache is on or off, not " + entityCache);
        };
    }

    private static KvStore open(Path directory, long entityCacheBytes) {
        return RocksSettings.openMapperStore(directory, entityCacheBytes);
    }

    /** Both contenders answer what the loaded members say, before anything is measured. */
    private void check(List<Member> all) {
        List<Member> aged = all.stream().filter(m -> m.age() == 17).toList();
        List<Member> found = range(17);
        if (!found.equals(aged)) {
            throw new IllegalStateException(contender + ": findByAgeBetween(17, 18) found " + found.size()
                    + " members, expected " + aged.size());
        }
        List<Member> inCities = all.stream().filter(m -> m.city().equals(city(3)) || m.city().equals(city(200)))
                .sorted(Comparator.comparingLong(Member::id)).toList();
        List<Member> merged = in(city(3), city(200));
        if (!merged.equals(inCities)) {
            throw new IllegalStateException(contender + ": findByCityIn found " + merged.size() + " members, expected "
                    + inCities.size());
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (store != null) {
            store.close();
            store = null;
        }
        if (raw != null) {
            raw.close();
            raw = null;
        }
        if (directory != null) {
            try (Stream<Path> paths = Files.walk(directory)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
    }

    /** A range of the age index: about {@code members / AGES} members. */
    @Benchmark
    public List<Member> indexRange() {
        return range((int) (mix(step++) % AGES));
    }

    /** Two cities: two scans of the city index merged by key, about {@code 2 * members / CITIES} members. */
    @Benchmark
    public List<Member> inQuery() {
        long n = step++;
        return in(city((int) (mix(n) % CITIES)), city((int) (mix(n + 1) % CITIES)));
    }

    private List<Member> range(int age) {
        if (raw != null) {
            return raw.byAgeBetween(age, age + 1);
        }
        return finders != null ? finders.findByAgeBetween(age, age + 1) : queries.findByAgeBetween(age, age + 1);
    }

    private List<Member> in(String first, String second) {
        List<String> cities = List.of(first, second);
        if (raw != null) {
            return raw.byCityIn(cities);
        }
        if (finders == null) {
            return queries.findByCityIn(cities);
        }
        List<Member> both = new ArrayList<>(finders.findByCity(first));
        both.addAll(finders.findByCity(second));
        both.sort(Comparator.comparingLong(Member::id));
        List<Member> merged = new ArrayList<>(both.size());
        for (Member member : both) {
            if (merged.isEmpty() || merged.get(merged.size() - 1).id() != member.id()) {
                merged.add(member);
            }
        }
        return merged;
    }

    private static String city(int n) {
        return "city-" + n;
    }

    /** A fixed pseudo-random spread (SplitMix64), the same for both contenders. */
    private static long mix(long x) {
        long z = x * 0x9E3779B97F4A7C15L + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (z ^ (z >>> 31)) & Long.MAX_VALUE;
    }
}
