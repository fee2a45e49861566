package io.kvmapper.it.fuzz;

import io.kvmapper.CorruptDataException;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Every kind of read of a repository, checked against a model of what was written and against what a damage
 * allows ({@link Expectation}):
 *
 * <ul>
 *   <li>the only exception is {@link CorruptDataException}, and only where damaged bytes are read: a point
 *       read of a damaged record, a finder over a damaged index or record, a getter of a damaged counter; scans
 *       ({@code findAll}, prefix finders, their pages) skip what they cannot decode and never throw;
 *   <li>no garbage: every entity returned has a key of the model and equals the entity written there (a record
 *       the damage forged, or that lost an attribute item whole, may read as another entity with its key), and
 *       holds the value it was found by;
 *   <li>nothing missing where nothing was damaged: an undamaged record reads back, an undamaged index finds
 *       every undamaged record holding the value, an undamaged counter holds the model's count.
 * </ul>
 */
final class ReadChecks {
    private final Specimens repository;
    private final Map<Id, Specimen> model;
    private final Expectation damaged;
    private final String context;
    private final Values values;
    private int reads;

    ReadChecks(Specimens repository, Map<Id, Specimen> model, Expectation damaged, Values values, String context) {
        this.repository = repository;
        this.model = model;
        this.damaged = damaged;
        this.values = values;
        this.context = context;
    }

    /** Runs every check; returns how many reads it made. */
    int all() {
        pointReads();
        scans();
        indexFinders();
        counters();
        return reads;
    }

    // ---- by key

    private void pointReads() {
        for (Id id : model.keySet()) {
            Optional<Specimen> found = attempt("findById" + id, damaged.touched.contains(id),
                    () -> repository.findById(id.tenant(), id.seq(), id.weight()));
            if (found != null) {
                if (found.isPresent()) {
                    expectEntity("findById" + id, id, found.get());
                } else {
                    check(damaged.touched.contains(id), "findById" + id + " found nothing, but the record was written"
                            + " and not damaged");
                }
            }
            boolean exists = attempt("existsById" + id, false, () -> repository.existsById(id.tenant(), id.seq(),
                    id.weight()));
            check(exists || damaged.touched.contains(id), "existsById" + id + " is false for an undamaged record");
        }
        List<Id> ids = new ArrayList<>(model.keySet());
        ids.add(new Id("never written", 3, 3.0));
        boolean anyDamaged = ids.stream().anyMatch(damaged.touched::contains);
        List<Specimen> all = attempt("findAllById", anyDamaged, () -> repository.findAllById(ids));
        if (all != null) {
            for (Specimen specimen : all) {
                expectEntity("findAllById", specimen.id(), specimen);
            }
            if (!anyDamaged) {
                check(all.equals(new ArrayList<>(model.values())), "findAllById returned " + all + " for " + ids);
            }
        }
    }

    // ---- scans

    private void scans() {
        List<Specimen> all = attempt("findAll", false, () -> {
            try (Stream<Specimen> stream = repository.findAll()) {
                return stream.toList();
            }
        });
        expectScan("findAll", all, id -> true);
        int size = values.between(1, 4);
        List<Specimen> paged = pages("findAll pages of " + size, request -> repository.findAll(request), size);
        check(paged.equals(all), "findAll in pages of " + size + " returned " + paged + ", findAll " + all);
        // count() reads the counter "total" (a counter without groups), or scans the keys while it is built
        boolean total = !damaged.counters.contains("total");
        Long count = attempt("count", !total, repository::count);
        check(!total || count == model.size(), "count() is " + count + ", " + model.size() + " were written");
        for (String tenant : tenants()) {
            expectScan("findByTenant(" + Id.show(tenant) + ")", attempt("findByTenant", false,
                    () -> repository.findByTenant(tenant)), id -> id.tenant().equals(tenant));
            List<Specimen> tenantPages = pages("findByTenant pages", request -> repository.findByTenant(tenant,
                    request), size);
            expectScan("findByTenant(" + Id.show(tenant) + ") in pages", tenantPages, id -> id.tenant().equals(tenant));
            long from = values.random().nextLong(-300, 300);
            long to = from + values.random().nextLong(0, 600);
            expectScan("findByTenantAndSeqBetween(" + Id.show(tenant) + ", " + from + ", " + to + ")",
                    pages("findByTenantAndSeqBetween pages", request -> repository.findByTenantAndSeqBetween(tenant,
                            from, to, request), size),
                    id -> id.tenant().equals(tenant) && id.seq() >= from && id.seq() < to);
        }
    }

    private List<Specimen> pages(String what, Function<PageRequest, Page<Specimen>> finder, int size) {
        List<Specimen> items = new ArrayList<>();
        Page<Specimen> page = attempt(what, false, () -> finder.apply(PageRequest.ofSize(size)));
        int pages = 1;
        while (true) {
            check(page.items().size() <= size, what + ": a page of " + page.items().size() + " items");
            items.addAll(page.items());
            if (page.continuation().isEmpty()) {
                return items;
            }
            check(++pages <= model.size() + 64, what + ": more pages than records");
            String continuation = page.continuation().get();
            page = attempt(what, false, () -> finder.apply(PageRequest.resume(continuation, size)));
        }
    }

    /** A scan's result: no garbage, in it every undamaged record of the model that {@code in} selects. */
    private void expectScan(String scan, List<Specimen> found, Predicate<Id> in) {
        Set<Id> seen = new LinkedHashSet<>();
        for (Specimen specimen : found) {
            expectEntity(scan, specimen.id(), specimen);
            check(in.test(specimen.id()), scan + " returned " + specimen + ", which it does not select");
            check(seen.add(specimen.id()), scan + " returned " + specimen.id() + " twice");
        }
        for (Id id : model.keySet()) {
            check(!in.test(id) || seen.contains(id) || damaged.touched.contains(id),
                    scan + " misses the undamaged record " + model.get(id));
        }
    }

    // ---- indexes

    private void indexFinders() {
        Set<String> handles = new LinkedHashSet<>();
        Set<Status> statuses = new LinkedHashSet<>();
        Set<String> tags = new LinkedHashSet<>();
        Set<Double> scores = new LinkedHashSet<>();
        Set<BigInteger> serials = new LinkedHashSet<>();
        Set<List<Object>> cityAndPoints = new LinkedHashSet<>();
        for (Specimen s : model.values()) {
            if (s.handle != null) {
                handles.add(s.handle);
            }
            statuses.add(s.status);
            if (s.tags != null) {
                tags.addAll(s.tags);
            }
            scores.add(s.score);
            serials.add(s.serial);
            cityAndPoints.add(java.util.Arrays.asList(city(s), s.points));
        }
        handles.add("h-nobody");
        statuses.add(Status.CLOSED);
        tags.add("zzz");
        scores.add(-12345.5);
        serials.add(BigInteger.valueOf(-12345));
        cityAndPoints.add(java.util.Arrays.asList("Nowhere", 1));
        for (String handle : handles) {
            Optional<Specimen> found = attempt("findByHandle(" + Id.show(handle) + ")", mayCorrupt("handle"),
                    () -> repository.findByHandle(handle));
            if (found != null) {
                expectFound("findByHandle(" + Id.show(handle) + ")", "handle", s -> handle.equals(s.handle),
                        found.map(List::of).orElse(List.of()));
            }
        }
        for (Status status : statuses) {
            expectFound("findByStatus(" + status + ")", "status", s -> s.status == status,
                    attempt("findByStatus", mayCorrupt("status"), () -> repository.findByStatus(status)));
        }
        int size = values.between(1, 3);
        for (String tag : tags) {
            expectFound("findByTags(" + Id.show(tag) + ")", "tags", s -> s.tags != null && s.tags.contains(tag),
                    attempt("findByTags", mayCorrupt("tags"), () -> repository.findByTags(tag)));
            expectFound("findByTags(" + Id.show(tag) + ") in pages of " + size, "tags",
                    s -> s.tags != null && s.tags.contains(tag),
                    attemptPages("findByTags", mayCorrupt("tags"), request -> repository.findByTags(tag, request),
                            size));
        }
        for (Double score : scores) {
            expectFound("findByScore(" + score + ")", "score", s -> score.equals(s.score),
                    attempt("findByScore", mayCorrupt("score"), () -> repository.findByScore(score)));
        }
        for (BigInteger serial : serials) {
            expectFound("findBySerial(" + serial + ")", "serial", s -> Objects.equals(serial, s.serial),
                    attempt("findBySerial", mayCorrupt("serial"), () -> repository.findBySerial(serial)));
        }
        for (List<Object> pair : cityAndPoints) {
            String city = (String) pair.get(0);
            int points = (Integer) pair.get(1);
            expectFound("findByCityAndPoints(" + Id.show(city) + ", " + points + ")", "cityAndPoints",
                    s -> Objects.equals(city, city(s)) && s.points == points, attempt("findByCityAndPoints",
                            mayCorrupt("cityAndPoints"), () -> repository.findByCityAndPoints(city, points)));
        }
    }

    private List<Specimen> attemptPages(String what, boolean corruptAllowed,
            Function<PageRequest, Page<Specimen>> finder,
            int size) {
        try {
            return pages(what, finder, size);
        } catch (AssertionError e) {
            if (corruptAllowed && e.getCause() instanceof CorruptDataException) {
                return null;
            }
            throw e;
        }
    }

    private boolean mayCorrupt(String index) {
        return damaged.indexes.contains(index) || damaged.touchesRecords();
    }

    /**
     * A finder's result (null: it threw an allowed exception): no garbage, every entity holding the value; where
     * neither the index nor a record holding the value was damaged, exactly the records holding it.
     */
    private void expectFound(String finder, String index, Predicate<Specimen> holds, List<Specimen> found) {
        if (found == null) {
            return;
        }
        Set<Id> seen = new LinkedHashSet<>();
        for (Specimen specimen : found) {
            expectEntity(finder, specimen.id(), specimen);
            check(holds.test(specimen), finder + " returned " + specimen + ", which does not hold the value");
            check(seen.add(specimen.id()), finder + " returned " + specimen.id() + " twice");
        }
        Set<Id> holders = new LinkedHashSet<>();
        model.forEach((id, specimen) -> {
            if (holds.test(specimen)) {
                holders.add(id);
            }
        });
        boolean exact = !damaged.indexes.contains(index) && holders.stream().noneMatch(damaged.touched::contains);
        if (exact) {
            check(seen.equals(holders), finder + " found " + seen + ", the records holding the value are " + holders);
        }
    }

    // ---- counters

    private void counters() {
        boolean total = !damaged.counters.contains("total");
        Long counted = attempt("countTotal", !total, repository::countTotal);
        check(!total || counted == model.size(), "countTotal() is " + counted + ", " + model.size() + " were written");

        Map<Status, Long> byStatus = new HashMap<>();
        Map<Double, Long> byScore = new HashMap<>();
        Map<String, Long> pointsByCity = new HashMap<>();
        for (Specimen s : model.values()) {
            byStatus.merge(s.status, 1L, Long::sum);
            byScore.merge(s.score, 1L, Long::sum);
            pointsByCity.merge(city(s), (long) s.points, Long::sum);
        }
        expectGroups("byStatus", byStatus, List.of(Status.values()), repository::countByStatus,
                repository::countByStatus);
        expectGroups("byScore", byScore, List.of(0.0, -12345.5), repository::countByScore, repository::countByScore);
        expectGroups("pointsByCity", pointsByCity, List.of("Nowhere"), repository::sumPointsByCity,
                repository::sumPointsByCity);
    }

    private <K> void expectGroups(String counter, Map<K, Long> expected, Collection<K> more, Function<K, Long> getter,
            Supplier<Map<K, Long>> all) {
        boolean exact = !damaged.counters.contains(counter);
        Set<K> groups = new LinkedHashSet<>(expected.keySet());
        groups.addAll(more);
        for (K group : groups) {
            Long value = attempt(counter + "(" + group + ")", !exact, () -> getter.apply(group));
            long want = expected.getOrDefault(group, 0L);
            check(!exact || value != null && value == want,
                    counter + "(" + group + ") is " + value + ", the records give " + want);
        }
        Map<K, Long> map = attempt(counter + "()", !exact, all);
        if (exact) {
            Map<K, Long> nonZero = new LinkedHashMap<>();
            expected.forEach((group, value) -> {
                if (value != 0) {
                    nonZero.put(group, value);
                }
            });
            check(new HashMap<>(map).equals(nonZero), counter + "() is " + map + ", the records give " + nonZero);
        }
    }

    // ---- plumbing

    /**
     * An entity a read returned under {@code id}: its key must be {@code id}, and it must equal the one the
     * model holds there, unless the damage lets that record read otherwise.
     */
    private void expectEntity(String read, Id id, Specimen specimen) {
        check(specimen.id().equals(id), read + " returned " + specimen + " for the key " + id);
        Specimen written = model.get(id);
        if (damaged.relaxed.contains(id)) {
            return;
        }
        check(written != null, read + " returned " + specimen + ", and nothing was written under its key: garbage");
        check(written.equals(specimen), read + " returned " + specimen + ", which is not what was written: " + written);
    }

    private <T> T attempt(String what, boolean corruptAllowed, Supplier<T> read) {
        reads++;
        try {
            return read.get();
        } catch (CorruptDataException e) {
            if (!corruptAllowed) {
                throw new AssertionError(context + ": " + what + " threw CorruptDataException where nothing it reads"
                        + " was damaged", e);
            }
            return null;
        } catch (AssertionError e) {
            throw e;
        } catch (RuntimeException e) {
            throw new AssertionError(context + ": " + what + " threw " + e.getClass().getName()
                    + ", which is no documented exception for it", e);
        }
    }

    private void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(context + ": " + message);
        }
    }

    private Set<String> tenants() {
        Set<String> tenants = new LinkedHashSet<>();
        model.keySet().forEach(id -> tenants.add(id.tenant()));
        tenants.add("t-nobody");
        return tenants;
    }

    static String city(Specimen s) {
        return s.place == null ? null : s.place.city();
    }
}
