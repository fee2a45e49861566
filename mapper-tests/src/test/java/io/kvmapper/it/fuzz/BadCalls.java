package io.kvmapper.it.fuzz;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.it.TestStores;
import io.kvmapper.tuple.Tuples;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.zip.CRC32C;

/**
 * Draws calls of a specimen repository with bad input, each with what the documentation says of it
 * (docs/reliability.md "Bad input", docs/generated-api.md "Errors", docs/key-encoding.md): refused with
 * {@code InvalidRequestException}, accepted with a stated effect, or either (where the documentation leaves
 * it to what the codec or backend can hold: then a refusal writes nothing and an acceptance reads back).
 */
final class BadCalls {
    /** What the documentation says of a call. */
    enum Outcome {
        REJECTED, ACCEPTED, EITHER
    }

    /**
     * A call and what must come of it.
     *
     * @param effect what an accepted call changes in the model
     * @param result what an accepted call must return
     */
    record Call(String what, Outcome outcome, Supplier<Object> action, Consumer<Map<Id, Specimen>> effect,
            Predicate<Object> result) {
        @Override
        public String toString() {
            return what + " (" + outcome + ")";
        }
    }

    static final String[] SURROGATES = {"a\ud800b", "\udc00", "end\ud83d", "\ud83d\ud83d"};
    /** The largest magnitude a key's integer can have: 255 bytes. */
    private static final BigInteger LARGEST = BigInteger.ONE.shiftLeft(255 * 8).subtract(BigInteger.ONE);

    private final SpecimenKind kind;
    private final Specimens repository;
    private final Specimens other;
    private final KvStore store;
    private final Map<Id, Specimen> model;
    private final Values values;
    private int fresh;

    /**
     * @param other the repository of another specimen entity on the same store, whose continuations are foreign
     */
    BadCalls(SpecimenKind kind, Specimens repository, Specimens other, KvStore store, Map<Id, Specimen> model,
            Values values) {
        this.kind = kind;
        this.repository = repository;
        this.other = other;
        this.store = store;
        this.model = model;
        this.values = values;
    }

    Call draw() {
        return switch (values.random().nextInt(9)) {
            case 0, 1 -> nulls();
            case 2, 3 -> surrogates();
            case 4 -> nans();
            case 5 -> extremes();
            case 6 -> huge();
            case 7 -> continuations();
            default -> pagesAndPositions();
        };
    }

    // ---- nulls

    private Call nulls() {
        Id id = someId();
        Specimen changed = model.get(id).copy();
        return switch (values.random().nextInt(22)) {
            case 0 -> rejected("save(null)", () -> repository.save(null));
            case 1 -> rejected("insert(null)", () -> repository.insert(null));
            case 2 -> {
                Specimen s = newSpecimen();
                s.tenant = null;
                yield rejected("save(" + s + ")", () -> repository.save(s));
            }
            case 3 -> {
                Specimen s = newSpecimen();
                s.tenant = null;
                yield rejected("insert(" + s + ")", () -> repository.insert(s));
            }
            case 4 -> rejected("findById(null, ...)", () -> repository.findById(null, id.seq(), id.weight()));
            case 5 -> rejected("existsById(null, ...)", () -> repository.existsById(null, id.seq(), id.weight()));
            case 6 -> rejected("deleteById(null, ...)", () -> repository.deleteById(null, id.seq(), id.weight()));
            case 7 -> rejected("updateNote(null, ...)", () -> repository.updateNote(null, id.seq(), id.weight(), "x"));
            case 8 -> rejected("appendLines(null, ...)",
                    () -> repository.appendLines(null, id.seq(), id.weight(), "x"));
            case 9 -> rejected("findAllById(null)", () -> repository.findAllById(null));
            case 10 -> rejected("findAllById([" + id + ", null])",
                    () -> repository.findAllById(Arrays.asList(id, null)));
            case 11 -> rejected("findAllById([(null, ...)])", () -> repository.findAllById(List.of(
                    new Id(null, id.seq(), id.weight()))));
            case 12 -> rejected("findByTenant(null)", () -> repository.findByTenant(null));
            case 13 -> rejected("findByTenantAndSeq(null, ...)", () -> repository.findByTenantAndSeq(null, 1));
            case 14 -> values.chance(0.5) ? rejected("findByTenantBetween(null, \"t1\")",
                    () -> repository.findByTenantBetween(null, "t1"))
                    : rejected("findByTenantBetween(\"t0\", null)", () -> repository.findByTenantBetween("t0", null));
            case 15 -> rejected("findByTenantAndSeqAndWeightBetween(null, ...)",
                    () -> repository.findByTenantAndSeqAndWeightBetween(null, 1, 0, 1));
            case 16 -> switch (values.random().nextInt(3)) {
                case 0 -> rejected("findAll((PageRequest) null)", () -> repository.findAll((PageRequest) null));
                case 1 -> rejected("findByTenant(\"t0\", null)", () -> repository.findByTenant("t0", null));
                default -> rejected("findByStatus(ACTIVE, null)", () -> repository.findByStatus(Status.ACTIVE, null));
            };
            case 17 -> rejected("putMarks(" + id + ", null, 1)",
                    () -> repository.putMarks(id.tenant(), id.seq(), id.weight(), null, 1));
            // removing a null map key: no map holds one, so there is nothing to remove; refused, or the record
            // left as it is (a monolithic value does that), are both documented outcomes
            case 18 -> either("removeMarks(" + id + ", null)",
                    () -> repository.removeMarks(id.tenant(), id.seq(), id.weight(), null), m -> { },
                    Boolean.TRUE::equals);
            case 19 -> {
                // a null element: Protobuf's repeated fields cannot hold one; JSON and the attribute-per-key layout
                // keep it
                int variant = values.random().nextInt(4);
                changed.lines = changed.lines == null ? new ArrayList<>() : changed.lines;
                changed.tags = changed.tags == null ? new LinkedHashSet<>() : changed.tags;
                changed.marks = changed.marks == null ? new java.util.LinkedHashMap<>() : changed.marks;
                switch (variant) {
                    case 0 -> changed.lines.add(null);
                    case 1 -> changed.lines.add(0, null);
                    case 2 -> changed.tags.add(null);
                    default -> changed.marks.put("k-null", null);
                }
                Supplier<Object> action = switch (variant) {
                    case 0 -> () -> repository.appendLines(id.tenant(), id.seq(), id.weight(), null);
                    case 1 -> () -> repository.insertLines(id.tenant(), id.seq(), id.weight(), 0, null);
                    case 2 -> () -> repository.addTags(id.tenant(), id.seq(), id.weight(), null);
                    default -> () -> repository.putMarks(id.tenant(), id.seq(), id.weight(), "k-null", null);
                };
                String what = new String[] {"appendLines", "insertLines at 0", "addTags",
                    "putMarks(\"k-null\")"}[variant]
                        + "(" + id + ", null)";
                yield kind.rejectsNullElements() ? rejected(what, action) : accepted(what, action, replaced(changed),
                        Boolean.TRUE::equals);
            }
            case 20 -> {
                Optional<Specimen> none = Optional.empty();
                yield accepted("findByHandle(null)", () -> repository.findByHandle(null), m -> { }, none::equals);
            }
            default -> {
                Set<Id> holders = new LinkedHashSet<>();
                model.forEach((key, s) -> {
                    if (s.tags != null && s.tags.contains(null)) {
                        holders.add(key);
                    }
                });
                yield accepted("findByTags(null)", () -> repository.findByTags(null), m -> { },
                        found -> ids(found).equals(holders));
            }
        };
    }

    // ---- unpaired surrogates

    private Call surrogates() {
        String bad = values.pick(SURROGATES);
        Id id = someId();
        Specimen changed = model.get(id).copy();
        String at = "(" + id + ", " + Id.show(bad) + ")";
        return switch (values.random().nextInt(20)) {
            case 0 -> {
                Specimen s = newSpecimen();
                s.tenant = bad;
                yield rejected("save(" + s + ")", () -> repository.save(s));
            }
            case 1 -> {
                Specimen s = newSpecimen();
                s.tenant = bad;
                yield rejected("insert(" + s + ")", () -> repository.insert(s));
            }
            case 2 -> rejected("findById(" + Id.show(bad) + ", ...)", () -> repository.findById(bad, 1, 1));
            case 3 -> rejected("deleteById(" + Id.show(bad) + ", ...)", () -> repository.deleteById(bad, 1, 1));
            case 4 -> rejected("findByTenant(" + Id.show(bad) + ")", () -> repository.findByTenant(bad));
            case 5 -> rejected("findByTenantBetween(\"\", " + Id.show(bad) + ")",
                    () -> repository.findByTenantBetween("", bad));
            case 6 -> {
                changed.handle = bad;
                yield rejected("save" + changed, () -> repository.save(changed));
            }
            case 7 -> rejected("updateHandle" + at,
                    () -> repository.updateHandle(id.tenant(), id.seq(), id.weight(), bad));
            case 8 -> rejected("findByHandle(" + Id.show(bad) + ")", () -> repository.findByHandle(bad));
            case 9 -> {
                changed.tags = new LinkedHashSet<>(List.of("red", bad));
                yield rejected("save" + changed, () -> repository.save(changed));
            }
            case 10 -> rejected("addTags" + at, () -> repository.addTags(id.tenant(), id.seq(), id.weight(), bad));
            case 11 -> rejected("findByTags(" + Id.show(bad) + ")", () -> repository.findByTags(bad));
            case 12 -> rejected("updatePlace" + at, () -> repository.updatePlace(id.tenant(), id.seq(), id.weight(),
                    new Place(bad, 1)));
            case 13 -> rejected("sumPointsByCity(" + Id.show(bad) + ")", () -> repository.sumPointsByCity(bad));
            case 14 -> rejected("findByCityAndPoints(" + Id.show(bad) + ", 1)",
                    () -> repository.findByCityAndPoints(bad, 1));
            case 15 -> {
                // a plain field: JSON escapes it and reads it back; UTF-8 (Protobuf, tuples) cannot hold it
                changed.note = bad;
                Supplier<Object> action = () -> repository.updateNote(id.tenant(), id.seq(), id.weight(), bad);
                yield kind == SpecimenKind.JSON ? accepted("updateNote" + at, action, replaced(changed),
                        Boolean.TRUE::equals) : rejected("updateNote" + at, action);
            }
            case 16 -> {
                changed.lines = changed.lines == null ? new ArrayList<>() : changed.lines;
                changed.lines.add(bad);
                Supplier<Object> action = () -> repository.appendLines(id.tenant(), id.seq(), id.weight(), bad);
                yield kind == SpecimenKind.JSON ? accepted("appendLines" + at, action, replaced(changed),
                        Boolean.TRUE::equals) : rejected("appendLines" + at, action);
            }
            // a map key: a JSON property name cannot hold it and read back (Jackson refuses it in a name), so
            // every codec refuses it (the fuzzer found JSON storing a record it could not read again)
            case 17 -> rejected("putMarks" + at,
                    () -> repository.putMarks(id.tenant(), id.seq(), id.weight(), bad, 5));
            case 18 -> {
                // removing what no key can hold: refused where the element would be a key, else nothing to remove
                Supplier<Object> action = () -> repository.removeTags(id.tenant(), id.seq(), id.weight(), bad);
                yield either("removeTags" + at, action, m -> { }, Boolean.TRUE::equals);
            }
            default -> {
                Specimen s = newSpecimen();
                s.place = new Place(bad, 3);
                yield rejected("insert(" + s + ")", () -> repository.insert(s));
            }
        };
    }

    // ---- NaNs: every NaN is one key (docs/key-encoding.md)

    private Call nans() {
        double nan = values.nan();
        double another = values.nan();
        return switch (values.random().nextInt(4)) {
            case 0 -> {
                Specimen s = newSpecimen();
                s.weight = nan;
                s.score = values.nan();
                Id id = s.id();
                Specimen stored = s.copy();
                yield accepted("save" + s + ", then findById with the NaN " + bits(another), () -> {
                    repository.save(s);
                    return repository.findById(id.tenant(), id.seq(), another);
                }, m -> m.put(id, stored), found -> found instanceof Optional<?> o && stored.equals(o.orElse(null))
                        && store.unwrap(KvBackend.class).get(RawItems.recordKey(kind, id)) != null);
            }
            case 1 -> {
                Id id = someId();
                Specimen changed = model.get(id).copy();
                changed.score = nan;
                yield accepted("updateScore(" + id + ", " + bits(nan) + "), then findByScore(" + bits(another) + ")",
                        () -> {
                            repository.updateScore(id.tenant(), id.seq(), id.weight(), nan);
                            return repository.findByScore(another);
                        }, replaced(changed), found -> ids(found).contains(id));
            }
            case 2 -> {
                long nans = model.values().stream().filter(s -> Double.isNaN(s.score)).count();
                yield accepted("countByScore(" + bits(nan) + ")", () -> repository.countByScore(nan), m -> { },
                        count -> count.equals(nans));
            }
            default -> {
                Specimen s = newSpecimen();
                s.weight = nan;
                Id id = s.id();
                yield accepted("save" + s + ", then deleteById with the NaN " + bits(another), () -> {
                    repository.save(s);
                    return repository.deleteById(id.tenant(), id.seq(), another)
                            && repository.findById(id.tenant(), id.seq(), nan).isEmpty();
                }, m -> { }, Boolean.TRUE::equals);
            }
        };
    }

    // ---- numbers the encodings cannot hold, or only just

    private Call extremes() {
        Id id = someId();
        Specimen changed = model.get(id).copy();
        BigInteger tooBig = LARGEST.add(BigInteger.ONE).shiftLeft(values.random().nextInt(0, 64));
        BigInteger tooLarge = values.chance(0.5) ? tooBig : tooBig.negate();
        return switch (values.random().nextInt(7)) {
            case 0 -> {
                changed.serial = tooLarge;
                yield rejected("save(serial of " + tooLarge.bitLength() + " bits)", () -> repository.save(changed));
            }
            case 1 -> rejected("updateSerial(" + id + ", " + tooLarge.bitLength() + " bits)",
                    () -> repository.updateSerial(id.tenant(), id.seq(), id.weight(), tooLarge));
            case 2 -> rejected("findBySerial(" + tooLarge.bitLength() + " bits)",
                    () -> repository.findBySerial(tooLarge));
            case 3 -> {
                changed.serial = values.chance(0.5) ? LARGEST : LARGEST.negate();
                yield accepted("updateSerial(" + id + ", the largest magnitude a key holds)",
                        () -> repository.updateSerial(id.tenant(), id.seq(), id.weight(), changed.serial),
                        replaced(changed), Boolean.TRUE::equals);
            }
            default -> {
                // a plain decimal: the monolithic codecs write any; the attribute-per-key layout stores the
                // unscaled value as a tuple integer, which holds at most 255 bytes
                BigDecimal amount = switch (values.random().nextInt(5)) {
                    case 0 -> new BigDecimal(tooBig, values.random().nextInt(-5, 5));
                    case 4 -> new BigDecimal(BigInteger.ONE.shiftLeft(values.between(3400, 5000)),
                            values.between(-9, 9));
                    case 1 -> new BigDecimal(BigInteger.valueOf(values.random().nextLong()), Integer.MIN_VALUE);
                    case 2 -> new BigDecimal(BigInteger.valueOf(values.random().nextLong()), Integer.MAX_VALUE);
                    default -> new BigDecimal(LARGEST, Integer.MIN_VALUE + 1);
                };
                changed.amount = amount;
                yield either("save(amount " + describe(amount) + ")", () -> repository.save(changed), replaced(changed),
                        any());
            }
        };
    }

    // ---- huge values and keys

    private Call huge() {
        Id id = someId();
        Specimen changed = model.get(id).copy();
        int size = values.pick(new Integer[] {1 << 10, 64 << 10, 1 << 20});
        String text = "x".repeat(size - 1) + values.text(1);
        // a key that holds the text is longer than it; one that holds 1 KiB of it is far within the limit
        boolean overLimit = size > io.kvmapper.KvStore.MAX_KEY_BYTES;
        return switch (values.random().nextInt(6)) {
            case 0 -> {
                changed.note = text;
                // on Cassandra a checked write (a lightweight transaction) of a value longer than the chunk size
                // is refused with InvalidRequestException (docs/cassandra.md, chunked values)
                String what = "updateNote(" + id + ", " + size + " chars)";
                Supplier<Object> action = () -> repository.updateNote(id.tenant(), id.seq(), id.weight(), text);
                yield io.kvmapper.it.TestStores.onCassandra()
                        ? either(what, action, replaced(changed), Boolean.TRUE::equals)
                        : accepted(what, action, replaced(changed), Boolean.TRUE::equals);
            }
            case 1 -> {
                // 3,000 lines under any key: a key is at most KvStore.MAX_KEY_BYTES (case 2), so even in the
                // attribute-per-key layout, where every line's key repeats the record key, this is a few megabytes
                // (seed -9026363390938037728 once made a 3 GB unit of work of it under a key of a million characters)
                List<String> lines = new ArrayList<>();
                for (int i = 0; i < 3000; i++) {
                    lines.add("line " + i);
                }
                changed.lines = lines;
                yield accepted("updateLines(" + id + ", 3000 lines)",
                        () -> repository.updateLines(id.tenant(), id.seq(), id.weight(), lines), replaced(changed),
                        Boolean.TRUE::equals);
            }
            // Every key that holds the text below is over KvStore.MAX_KEY_BYTES, on every backend, when it is 64 KiB
            // or 1 MiB: refused then, and nothing written. 1 KiB of it is stored or refused as before the limit.
            case 2 -> {
                Specimen s = newSpecimen();
                s.tenant = text;
                Specimen stored = s.copy();
                String what = "insert(a key of " + size + " chars)";
                yield overLimit ? rejected(what, () -> repository.insert(s))
                        : either(what, () -> repository.insert(s), m -> m.put(stored.id(), stored), any());
            }
            case 3 -> {
                changed.handle = text + fresh++;
                String what = "updateHandle(" + id + ", " + size + " chars)";
                Supplier<Object> action = () -> repository.updateHandle(id.tenant(), id.seq(), id.weight(),
                        changed.handle);
                yield overLimit ? rejected(what, action)
                        : either(what, action, replaced(changed), Boolean.TRUE::equals);
            }
            case 4 -> {
                changed.tags = changed.tags == null ? new LinkedHashSet<>() : changed.tags;
                changed.tags.add(text);
                String what = "addTags(" + id + ", " + size + " chars)";
                Supplier<Object> action = () -> repository.addTags(id.tenant(), id.seq(), id.weight(), text);
                yield overLimit ? rejected(what, action)
                        : either(what, action, replaced(changed), Boolean.TRUE::equals);
            }
            default -> {
                Specimen s = newSpecimen();
                s.place = new Place(text, 1); // indexed (cityAndPoints) and grouped by (pointsByCity)
                Specimen stored = s.copy();
                String what = "insert(a city of " + size + " chars)";
                yield overLimit ? rejected(what, () -> repository.insert(s))
                        : either(what, () -> repository.insert(s), m -> m.put(stored.id(), stored), any());
            }
        };
    }

    // ---- continuations

    /** A finder with paged results, and the range it scans (as the generated mapping builds it). */
    private record Paged(String name, Function<PageRequest, Page<Specimen>> finder, int scan, KeyRange range) {
    }

    private List<Paged> paged() {
        KeyLayout layout = new KeyLayout(kind.entityName(), 1);
        byte[] tenantPrefix = Tuples.encode(List.of(kind.entityName(), "r", "t0"));
        byte[] handles = RawItems.componentPrefix(kind, "i", "handle");
        return List.of(
                new Paged("findAll", repository::findAll, 0, layout.records()),
                new Paged("findByTenant(\"t0\")", request -> repository.findByTenant("t0", request), 0,
                        KeyRange.tuplePrefix(tenantPrefix)),
                new Paged("findByTenantAndSeqBetween(\"t0\", 0, 2000)",
                        request -> repository.findByTenantAndSeqBetween("t0", 0, 2000, request), 0,
                        new KeyRange(Damager.concat(tenantPrefix, Tuples.encode(0L)),
                                Damager.concat(tenantPrefix, Tuples.encode(2000L)))),
                new Paged("findByTenantAndSeqBetween(\"t0\", -5, 2000)",
                        request -> repository.findByTenantAndSeqBetween("t0", -5, 2000, request), 0,
                        new KeyRange(Damager.concat(tenantPrefix, Tuples.encode(-5L)),
                                Damager.concat(tenantPrefix, Tuples.encode(2000L)))),
                new Paged("findByHandleBetween(\"h-page\", \"h-pagf\")",
                        request -> repository.findByHandleBetween("h-page", "h-pagf", request), 1,
                        new KeyRange(Damager.concat(handles, Tuples.encode("h-page")),
                                Damager.concat(handles, Tuples.encode("h-pagf")))),
                new Paged("another entity's findAll", other::findAll, 0, null));
    }

    private Call continuations() {
        List<Paged> finders = paged();
        Paged source = values.pick(finders.subList(0, finders.size()));
        Paged target = values.pick(finders.subList(0, finders.size() - 1));
        Page<Specimen> first = source.finder().apply(PageRequest.ofSize(1));
        String token = first.continuation().orElse(null);
        if (token == null) {
            return pagesAndPositions();
        }
        byte[] bytes = Base64.getUrlDecoder().decode(token);
        if (source.range() != null && !Arrays.equals(bytes, 1, 9, digest(source.scan(), source.range()), 0, 8)) {
            throw new AssertionError("the fuzzer's copy of the continuation format (docs/reliability.md, defect 3) no"
                    + " longer matches the tokens of " + source.name() + ": " + token);
        }
        int size = values.between(1, 3);
        String what = "a continuation of " + source.name();
        return switch (values.random().nextInt(6)) {
            case 0 -> {
                // the same finder with another token: refused unless it is the same bytes in other letters
                String altered = alter(token);
                boolean same = decodesTo(altered, bytes);
                String call = target.name() + " resumed from " + what + ", altered to " + altered;
                Supplier<Object> action = () -> source.finder().apply(PageRequest.resume(altered, size));
                yield same ? accepted(call, action, m -> { }, any()) : rejected(call, action);
            }
            case 1 -> {
                Supplier<Object> action = () -> target.finder().apply(PageRequest.resume(token, size));
                String call = target.name() + " resumed from " + what;
                yield target == source ? accepted(call, action, m -> { }, any()) : rejected(call, action);
            }
            case 2 -> {
                String garbage = values.pick(new String[] {"", " ", "====", "%%%", "AAAA", "not a token", token + token,
                    Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes(values.between(1, 40)))});
                yield rejected(target.name() + " resumed from \"" + garbage + "\"",
                        () -> target.finder().apply(PageRequest.resume(garbage, size)));
            }
            case 3 -> {
                // forged: a valid checksum, but the digest of another query
                byte[] forged = bytes.clone();
                forged[1 + values.random().nextInt(8)] ^= (byte) (1 + values.random().nextInt(255));
                String other = seal(forged);
                yield rejected(source.name() + " resumed from a forged token of another query",
                        () -> source.finder().apply(PageRequest.resume(other, size)));
            }
            default -> {
                if (source.range() == null) {
                    yield rejected(target.name() + " resumed from " + what, () -> target.finder()
                            .apply(PageRequest.resume(token, size)));
                }
                // forged with this query's digest and a valid checksum: refused outside the query's range; inside
                // it, it resumes the query there, as the caller could ask directly (docs/generated-api.md)
                byte[] lastKey = values.chance(0.5) ? Damager.concat(source.range().end(), randomBytes(values.between(0,
                        4))) : Damager.concat(source.range().begin(), randomBytes(values.between(0, 12)));
                byte[] forged = Damager.concat(Arrays.copyOf(bytes, 9), lastKey);
                String sealed = seal(Arrays.copyOf(forged, forged.length + 4));
                boolean inside = source.range().contains(lastKey);
                String call = source.name() + " resumed from a forged token at " + RawItems.hex(lastKey);
                Supplier<Object> action = () -> source.finder().apply(PageRequest.resume(sealed, size));
                List<Specimen> all = everything(source);
                Predicate<Object> fromTheQuery = page -> all.containsAll(((Page<?>) page).items());
                if (!inside) {
                    yield rejected(call, action);
                }
                // Cassandra refuses a key without a first tuple element where it must place it in a partition,
                // and resumes after some such keys all the same: either is right there
                yield TestStores.onCassandra() && !Damager.startsWithElement(lastKey)
                        ? either(call, action, m -> { }, fromTheQuery) : accepted(call, action, m -> { }, fromTheQuery);
            }
        };
    }

    /** Every result of a paged finder, page by page. */
    private static List<Specimen> everything(Paged finder) {
        List<Specimen> all = new ArrayList<>();
        Page<Specimen> page = finder.finder().apply(PageRequest.ofSize(50));
        while (true) {
            all.addAll(page.items());
            if (page.continuation().isEmpty()) {
                return all;
            }
            page = finder.finder().apply(PageRequest.resume(page.continuation().get(), 50));
        }
    }

    /** A token changed the way a careless copy changes it: cut, a letter changed, one added, two swapped. */
    private String alter(String token) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        int at = values.random().nextInt(token.length());
        String altered = switch (values.random().nextInt(5)) {
            case 0 -> token.substring(0, values.random().nextInt(token.length()));
            case 1 -> token.substring(0, at) + alphabet.charAt(values.random().nextInt(64)) + token.substring(at + 1);
            case 2 -> token.substring(0, at) + alphabet.charAt(values.random().nextInt(64)) + token.substring(at);
            case 3 -> token.substring(1);
            default -> at + 1 < token.length() ? token.substring(0, at) + token.charAt(at + 1) + token.charAt(at)
                    + token.substring(at + 2) : token + "A";
        };
        return altered.equals(token) ? token + "A" : altered;
    }

    private static boolean decodesTo(String token, byte[] bytes) {
        try {
            return Arrays.equals(Base64.getUrlDecoder().decode(token), bytes);
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
    }

    /** The query digest of a token: the first 8 bytes of the SHA-256 of the scan's kind and the range's bounds. */
    private static byte[] digest(int scan, KeyRange range) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((byte) scan);
            sha.update(ByteBuffer.allocate(4).putInt(range.begin().length).array());
            sha.update(range.begin());
            sha.update(range.end());
            return Arrays.copyOf(sha.digest(), 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code token} with its last four bytes set to the CRC32C of the others, as base64url: a well-sealed token. */
    private static String seal(byte[] token) {
        CRC32C crc = new CRC32C();
        crc.update(token, 0, token.length - 4);
        ByteBuffer.wrap(token, token.length - 4, 4).putInt((int) crc.getValue());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(token);
    }

    // ---- page sizes and list positions

    private Call pagesAndPositions() {
        Id id = someId();
        int lines = model.get(id).lines == null ? 0 : model.get(id).lines.size();
        int size = values.pick(new Integer[] {0, -1, PageRequest.MAX_SIZE + 1, Integer.MIN_VALUE, Integer.MAX_VALUE});
        return switch (values.random().nextInt(5)) {
            case 0 -> rejected("PageRequest.ofSize(" + size + ")", () -> PageRequest.ofSize(size));
            case 1 -> rejected("PageRequest.resume(\"AAAA\", " + size + ")", () -> PageRequest.resume("AAAA", size));
            case 2 -> rejected("PageRequest.resume(null, 5)", () -> PageRequest.resume(null, 5));
            case 3 -> {
                int at = values.pick(new Integer[] {-1, lines + 1, Integer.MAX_VALUE, Integer.MIN_VALUE});
                yield rejected("insertLines(" + id + ", " + at + ") of " + lines + " lines",
                        () -> repository.insertLines(id.tenant(), id.seq(), id.weight(), at, "x"));
            }
            default -> {
                int at = values.pick(new Integer[] {-1, lines, Integer.MAX_VALUE, Integer.MIN_VALUE});
                yield rejected("removeLinesAt(" + id + ", " + at + ") of " + lines + " lines",
                        () -> repository.removeLinesAt(id.tenant(), id.seq(), id.weight(), at));
            }
        };
    }

    // ---- plumbing

    private Call rejected(String what, Supplier<Object> action) {
        return new Call(what, Outcome.REJECTED, action, m -> { }, any());
    }

    private static Call accepted(String what, Supplier<Object> action, Consumer<Map<Id, Specimen>> effect,
            Predicate<Object> result) {
        return new Call(what, Outcome.ACCEPTED, action, effect, result);
    }

    private static Call either(String what, Supplier<Object> action, Consumer<Map<Id, Specimen>> effect,
            Predicate<Object> result) {
        return new Call(what, Outcome.EITHER, action, effect, result);
    }

    private static Predicate<Object> any() {
        return result -> true;
    }

    /** The model's change when {@code changed} replaces the specimen of its key. */
    private static Consumer<Map<Id, Specimen>> replaced(Specimen changed) {
        Specimen stored = changed.copy();
        return m -> m.put(stored.id(), stored);
    }

    private Id someId() {
        return values.pick(new ArrayList<>(model.keySet()));
    }

    /** A specimen under a key no other has. */
    private Specimen newSpecimen() {
        return values.specimen(kind, new Id("t-new", 5000 + fresh++, values.aDouble()), "h-new" + fresh);
    }

    private byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) values.random().nextInt(256);
        }
        return bytes;
    }

    @SuppressWarnings("unchecked")
    private static Set<Id> ids(Object found) {
        Set<Id> ids = new LinkedHashSet<>();
        for (Specimen specimen : (List<Specimen>) found) {
            ids.add(specimen.id());
        }
        return ids;
    }

    private static String bits(double nan) {
        return "NaN(0x" + Long.toHexString(Double.doubleToRawLongBits(nan)) + ")";
    }

    private static String describe(BigDecimal amount) {
        return "unscaled of " + amount.unscaledValue().bitLength() + " bits, scale " + amount.scale();
    }
}
