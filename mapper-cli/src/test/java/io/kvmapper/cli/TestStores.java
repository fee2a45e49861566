package io.kvmapper.cli;

import io.kvmapper.KvStore;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.cli.entities.AttrGadget;
import io.kvmapper.cli.entities.AttrGadgetRepository;
import io.kvmapper.cli.entities.Clip;
import io.kvmapper.cli.entities.ClipRepository;
import io.kvmapper.cli.entities.Gadget;
import io.kvmapper.cli.entities.GadgetRepository;
import io.kvmapper.cli.entities.ProtoGadget;
import io.kvmapper.cli.entities.ProtoGadgetRepository;
import io.kvmapper.cli.entities.RandomEntities;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.samples.SampleClock;
import io.kvmapper.samples.SamplesMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The stores the tests run the tool on: what the samples write (both layouts, a multimap, indexes and counters
 * of many kinds), plus random records of the test entities (every field type, JSON and Protobuf, both layouts,
 * databind fields), written by their generated repositories.
 */
final class TestStores {
    /** Records of each test entity a store gets. */
    static final int RECORDS = 40;

    private TestStores() {
    }

    /**
     * Runs the samples against {@code store}, whose clock is {@code clock} (the samples of expiry and change feeds
     * move it), then writes the test entities' records into it.
     */
    static void fill(KvStore store, SampleClock clock, long seed) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            SamplesMain.runAll(store, clock, out);
        }
        writeEntities(store, seed, RECORDS);
    }

    /** Writes {@code count} random records of each test entity with their generated repositories. */
    static void writeEntities(KvStore store, long seed, int count) {
        RandomEntities json = new RandomEntities(seed, true);
        RandomEntities proto = new RandomEntities(seed + 1, false);
        GadgetRepository gadgets = new GadgetRepository(store);
        ProtoGadgetRepository protoGadgets = new ProtoGadgetRepository(store);
        // a @Version entity in the attribute-per-key layout is refused where transactions detect no conflicts
        // (Cassandra); the samples' Person and Title are in that layout there
        AttrGadgetRepository attrGadgets = KvStoreImpl.of(store).backend().detectsConflicts()
                ? new AttrGadgetRepository(store) : null;
        ClipRepository clips = new ClipRepository(store);
        for (int i = 0; i < count; i++) {
            saveUnlessTaken(() -> gadgets.save(withVersion0(json.of(Gadget.class))));
            saveUnlessTaken(() -> protoGadgets.save(withVersion0(proto.of(ProtoGadget.class))));
            AttrGadget attr = json.of(AttrGadget.class);
            if (attrGadgets != null) {
                saveUnlessTaken(() -> attrGadgets.save(withVersion0(attr)));
            }
            saveUnlessTaken(() -> clips.save(json.of(Clip.class)));
        }
    }

    /** A random entity saved over another's unique value is skipped; a new one carries version 0. */
    private static void saveUnlessTaken(Runnable save) {
        try {
            save.run();
        } catch (UniqueConstraintException | io.kvmapper.OptimisticLockException e) {
            // another random record holds the value, or the key with another version: keep that one
        }
    }

    /** {@code record} as a new entity: its {@code @Version} component 0. */
    private static <T extends Record> T withVersion0(T record) {
        java.lang.reflect.RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                values[i] = components[i].isAnnotationPresent(io.kvmapper.annotation.Version.class) ? 0L
                        : components[i].getAccessor().invoke(record);
            }
            @SuppressWarnings("unchecked")
            T copy = (T) record.getClass().getDeclaredConstructor(types).newInstance(values);
            return copy;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A RocksDB store in {@code dir} written by the samples and the test entities. */
    static Path rocksdb(Path dir) {
        SampleClock clock = SamplesMain.newClock();
        try (KvStore store = RocksKvStore.options().clock(clock).expiryInterval(SamplesMain.EXPIRY_INTERVAL)
                .open(dir)) {
            fill(store, clock, 42);
        }
        return dir;
    }

    /** A copy of the RocksDB store in {@code from}, which must be closed. */
    static Path copy(Path from, Path to) {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.sorted(Comparator.naturalOrder()).toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return to;
    }
}
