package io.kvmapper.it.reliability;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The generated repository of one sample entity behind one interface, so that one test runs against every
 * codec and layout: each method forwards to the method of the same name of {@link JsonSampleRepository},
 * {@link ProtoSampleRepository} or {@link ApkSampleRepository}.
 */
interface Samples {
    /** The three entities, each opened on a store. */
    List<Function<KvStore, Samples>> ALL = List.of(Json::new, Proto::new, Apk::new);

    /** The stored entity name. */
    String entityName();

    /** A new, empty sample of the entity's class. */
    SampleData create();

    SampleData save(SampleData sample);

    SampleData insert(SampleData sample);

    Optional<SampleData> findById(String site, double x, float y);

    List<SampleData> findAll();

    List<SampleData> findByScore(double score);

    Optional<SampleData> findByRatio(float ratio);

    List<SampleData> findByReadings(Double reading);

    Optional<SampleData> findByHandle(String handle);

    List<SampleData> findByTags(String tag);

    long countByScore(double score);

    long count();

    boolean deleteById(String site, double x, float y);

    boolean updateScore(String site, double x, float y, double score);

    boolean updateHandle(String site, double x, float y, String handle);

    boolean updateLabel(String site, double x, float y, String label);

    boolean addTags(String site, double x, float y, String tag);

    boolean appendReadings(String site, double x, float y, Double reading);

    IntegrityReport verify();

    IntegrityReport repair();

    /** {@link JsonSample}. */
    final class Json implements Samples {
        private final JsonSampleRepository repository;

        Json(KvStore store) {
            repository = new JsonSampleRepository(store);
        }

        @Override
        public String entityName() {
            return "JsonSample";
        }

        @Override
        public SampleData create() {
            return new JsonSample();
        }

        @Override
        public String toString() {
            return "JsonSample";
        }

        @Override
        public SampleData save(SampleData sample) {
            return repository.save((JsonSample) sample);
        }

        @Override
        public SampleData insert(SampleData sample) {
            return repository.insert((JsonSample) sample);
        }

        @Override
        public Optional<SampleData> findById(String site, double x, float y) {
            return repository.findById(site, x, y).map(s -> s);
        }

        @Override
        public List<SampleData> findAll() {
            try (Stream<JsonSample> all = repository.findAll()) {
                return List.copyOf(all.toList());
            }
        }

        @Override
        public List<SampleData> findByScore(double score) {
            return List.copyOf(repository.findByScore(score));
        }

        @Override
        public Optional<SampleData> findByRatio(float ratio) {
            return repository.findByRatio(ratio).map(s -> s);
        }

        @Override
        public List<SampleData> findByReadings(Double reading) {
            return List.copyOf(repository.findByReadings(reading));
        }

        @Override
        public Optional<SampleData> findByHandle(String handle) {
            return repository.findByHandle(handle).map(s -> s);
        }

        @Override
        public List<SampleData> findByTags(String tag) {
            return List.copyOf(repository.findByTags(tag));
        }

        @Override
        public long countByScore(double score) {
            return repository.countByScore(score);
        }

        @Override
        public long count() {
            return repository.count();
        }

        @Override
        public boolean deleteById(String site, double x, float y) {
            return repository.deleteById(site, x, y);
        }

        @Override
        public boolean updateScore(String site, double x, float y, double score) {
            return repository.updateScore(site, x, y, score);
        }

        @Override
        public boolean updateHandle(String site, double x, float y, String handle) {
            return repository.updateHandle(site, x, y, handle);
        }

        @Override
        public boolean updateLabel(String site, double x, float y, String label) {
            return repository.updateLabel(site, x, y, label);
        }

        @Override
        public boolean addTags(String site, double x, float y, String tag) {
            return repository.addTags(site, x, y, tag);
        }

        @Override
        public boolean appendReadings(String site, double x, float y, Double reading) {
            return repository.appendReadings(site, x, y, reading);
        }

        @Override
        public IntegrityReport verify() {
            return repository.verify();
        }

        @Override
        public IntegrityReport repair() {
            return repository.repair();
        }
    }

    /** {@link ProtoSample}. */
    final class Proto implements Samples {
        private final ProtoSampleRepository repository;

        Proto(KvStore store) {
            repository = new ProtoSampleRepository(store);
        }

        @Override
        public String entityName() {
            return "ProtoSample";
        }

        @Override
        public SampleData create() {
            return new ProtoSample();
        }

        @Override
        public String toString() {
            return "ProtoSample";
        }

        @Override
        public SampleData save(SampleData sample) {
            return repository.save((ProtoSample) sample);
        }

        @Override
        public SampleData insert(SampleData sample) {
            return repository.insert((ProtoSample) sample);
        }

        @Override
        public Optional<SampleData> findById(String site, double x, float y) {
            return repository.findById(site, x, y).map(s -> s);
        }

        @Override
        public List<SampleData> findAll() {
            try (Stream<ProtoSample> all = repository.findAll()) {
                return List.copyOf(all.toList());
            }
        }

        @Override
        public List<SampleData> findByScore(double score) {
            return List.copyOf(repository.findByScore(score));
        }

        @Override
        public Optional<SampleData> findByRatio(float ratio) {
            return repository.findByRatio(ratio).map(s -> s);
        }

        @Override
        public List<SampleData> findByReadings(Double reading) {
            return List.copyOf(repository.findByReadings(reading));
        }

        @Override
        public Optional<SampleData> findByHandle(String handle) {
            return repository.findByHandle(handle).map(s -> s);
        }

        @Override
        public List<SampleData> findByTags(String tag) {
            return List.copyOf(repository.findByTags(tag));
        }

        @Override
        public long countByScore(double score) {
            return repository.countByScore(score);
        }

        @Override
        public long count() {
            return repository.count();
        }

        @Override
        public boolean deleteById(String site, double x, float y) {
            return repository.deleteById(site, x, y);
        }

        @Override
        public boolean updateScore(String site, double x, float y, double score) {
            return repository.updateScore(site, x, y, score);
        }

        @Override
        public boolean updateHandle(String site, double x, float y, String handle) {
            return repository.updateHandle(site, x, y, handle);
        }

        @Override
        public boolean updateLabel(String site, double x, float y, String label) {
            return repository.updateLabel(site, x, y, label);
        }

        @Override
        public boolean addTags(String site, double x, float y, String tag) {
            return repository.addTags(site, x, y, tag);
        }

        @Override
        public boolean appendReadings(String site, double x, float y, Double reading) {
            return repository.appendReadings(site, x, y, reading);
        }

        @Override
        public IntegrityReport verify() {
            return repository.verify();
        }

        @Override
        public IntegrityReport repair() {
            return repository.repair();
        }
    }

    /** {@link ApkSample}. */
    final class Apk implements Samples {
        private final ApkSampleRepository repository;

        Apk(KvStore store) {
            repository = new ApkSampleRepository(store);
        }

        @Override
        public String entityName() {
            return "ApkSample";
        }

        @Override
        public SampleData create() {
            return new ApkSample();
        }

        @Override
        public String toString() {
            return "ApkSample";
        }

        @Override
        public SampleData save(SampleData sample) {
            return repository.save((ApkSample) sample);
        }

        @Override
        public SampleData insert(SampleData sample) {
            return repository.insert((ApkSample) sample);
        }

        @Override
        public Optional<SampleData> findById(String site, double x, float y) {
            return repository.findById(site, x, y).map(s -> s);
        }

        @Override
        public List<SampleData> findAll() {
            try (Stream<ApkSample> all = repository.findAll()) {
                return List.copyOf(all.toList());
            }
        }

        @Override
        public List<SampleData> findByScore(double score) {
            return List.copyOf(repository.findByScore(score));
        }

        @Override
        public Optional<SampleData> findByRatio(float ratio) {
            return repository.findByRatio(ratio).map(s -> s);
        }

        @Override
        public List<SampleData> findByReadings(Double reading) {
            return List.copyOf(repository.findByReadings(reading));
        }

        @Override
        public Optional<SampleData> findByHandle(String handle) {
            return repository.findByHandle(handle).map(s -> s);
        }

        @Override
        public List<SampleData> findByTags(String tag) {
            return List.copyOf(repository.findByTags(tag));
        }

        @Override
        public long countByScore(double score) {
            return repository.countByScore(score);
        }

        @Override
        public long count() {
            return repository.count();
        }

        @Override
        public boolean deleteById(String site, double x, float y) {
            return repository.deleteById(site, x, y);
        }

        @Override
        public boolean updateScore(String site, double x, float y, double score) {
            return repository.updateScore(site, x, y, score);
        }

        @Override
        public boolean updateHandle(String site, double x, float y, String handle) {
            return repository.updateHandle(site, x, y, handle);
        }

        @Override
        public boolean updateLabel(String site, double x, float y, String label) {
            return repository.updateLabel(site, x, y, label);
        }

        @Override
        public boolean addTags(String site, double x, float y, String tag) {
            return repository.addTags(site, x, y, tag);
        }

        @Override
        public boolean appendReadings(String site, double x, float y, Double reading) {
            return repository.appendReadings(site, x, y, reading);
        }

        @Override
        public IntegrityReport verify() {
            return repository.verify();
        }

        @Override
        public IntegrityReport repair() {
            return repository.repair();
        }
    }
}
