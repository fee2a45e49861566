package io.kvmapper.it.layout;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The generated repository of one profile twin behind one interface, so that one test runs against
 * both layouts: every method forwards to the method of the same name of {@link MonoProfileRepository}
 * or {@link ApkProfileRepository}.
 */
interface Profiles {
    /** The stored entity name. */
    String entityName();

    /** A new, empty profile of the twin's class. */
    ProfileData create();

    /** The same repository inside {@code tx}. */
    Profiles with(Transaction tx);

    ProfileData save(ProfileData profile);

    void insert(ProfileData profile);

    /** Every profile, in key order (the stream is closed). */
    List<ProfileData> findAll();

    boolean updateName(long id, String name);

    boolean updateEmail(long id, String email);

    boolean updateStatus(long id, String status);

    boolean updateScore(long id, int score);

    boolean updateHome(long id, Residence home);

    boolean updateTags(long id, List<String> tags);

    boolean appendTags(long id, String element);

    boolean insertTags(long id, int index, String element);

    boolean removeTagsAt(long id, int index);

    boolean updateNotes(long id, List<String> notes);

    boolean appendNotes(long id, String element);

    boolean insertNotes(long id, int index, String element);

    boolean removeNotesAt(long id, int index);

    boolean updateBadges(long id, Set<Integer> badges);

    boolean addBadges(long id, Integer element);

    boolean removeBadges(long id, Integer element);

    boolean updateRatings(long id, Map<String, Long> ratings);

    boolean putRatings(long id, String key, Long value);

    boolean removeRatings(long id, String key);

    boolean updateSeries(long id, Map<String, List<Integer>> series);

    boolean putSeries(long id, String key, List<Integer> value);

    boolean removeSeries(long id, String key);

    boolean updatePrevious(long id, List<Residence> previous);

    boolean appendPrevious(long id, Residence element);

    boolean insertPrevious(long id, int index, Residence element);

    boolean removePreviousAt(long id, int index);

    boolean updateGroups(long id, List<List<String>> groups);

    boolean appendGroups(long id, List<String> element);

    boolean insertGroups(long id, int index, List<String> element);

    boolean removeGroupsAt(long id, int index);

    boolean updatePlaces(long id, Map<String, Coordinates> places);

    boolean putPlaces(long id, String key, Coordinates value);

    boolean removePlaces(long id, String key);

    Optional<ProfileData> findByEmail(String email);

    List<ProfileData> findByStatus(String status);

    List<ProfileData> findByTags(String tag);

    List<ProfileData> findByCityAndFloor(String city, Integer floor);

    List<ProfileData> findByLat(Double lat);

    long countTotal();

    long countByStatus(String status);

    Map<String, Long> countByStatus();

    long sumScoreByCity(String city);

    Map<String, Long> sumScoreByCity();

    Optional<ProfileData> findById(long id);

    List<ProfileData> findAllById(Collection<Long> ids);

    boolean existsById(long id);

    boolean deleteById(long id);

    IntegrityReport verify();

    IntegrityReport repair();

    /** The monolithic twin, MonoProfile. */
    final class Mono implements Profiles {
        private final MonoProfileRepository repository;

        Mono(KvStore store) {
            this(new MonoProfileRepository(store));
        }

        private Mono(MonoProfileRepository repository) {
            this.repository = repository;
        }

        @Override
        public String entityName() {
            return "MonoProfile";
        }

        @Override
        public ProfileData create() {
            return new MonoProfile();
        }

        @Override
        public Profiles with(Transaction tx) {
            return new Mono(repository.with(tx));
        }

        @Override
        public ProfileData save(ProfileData profile) {
            return repository.save((MonoProfile) profile);
        }

        @Override
        public void insert(ProfileData profile) {
            repository.insert((MonoProfile) profile);
        }

        @Override
        public List<ProfileData> findAll() {
            try (Stream<MonoProfile> all = repository.findAll()) {
                return List.copyOf(all.toList());
            }
        }

        @Override
        public boolean updateName(long id, String name) {
            return repository.updateName(id, name);
        }

        @Override
        public boolean updateEmail(long id, String email) {
            return repository.updateEmail(id, email);
        }

        @Override
        public boolean updateStatus(long id, String status) {
            return repository.updateStatus(id, status);
        }

        @Override
        public boolean updateScore(long id, int score) {
            return repository.updateScore(id, score);
        }

        @Override
        public boolean updateHome(long id, Residence home) {
            return repository.updateHome(id, home);
        }

        @Override
        public boolean updateTags(long id, List<String> tags) {
            return repository.updateTags(id, tags);
        }

        @Override
        public boolean appendTags(long id, String element) {
            return repository.appendTags(id, element);
        }

        @Override
        public boolean insertTags(long id, int index, String element) {
            return repository.insertTags(id, index, element);
        }

        @Override
        public boolean removeTagsAt(long id, int index) {
            return repository.removeTagsAt(id, index);
        }

        @Override
        public boolean updateNotes(long id, List<String> notes) {
            return repository.updateNotes(id, notes);
        }

        @Override
        public boolean appendNotes(long id, String element) {
            return repository.appendNotes(id, element);
        }

        @Override
        public boolean insertNotes(long id, int index, String element) {
            return repository.insertNotes(id, index, element);
        }

        @Override
        public boolean removeNotesAt(long id, int index) {
            return repository.removeNotesAt(id, index);
        }

        @Override
        public boolean updateBadges(long id, Set<Integer> badges) {
            return repository.updateBadges(id, badges);
        }

        @Override
        public boolean addBadges(long id, Integer element) {
            return repository.addBadges(id, element);
        }

        @Override
        public boolean removeBadges(long id, Integer element) {
            return repository.removeBadges(id, element);
        }

        @Override
        public boolean updateRatings(long id, Map<String, Long> ratings) {
            return repository.updateRatings(id, ratings);
        }

        @Override
        public boolean putRatings(long id, String key, Long value) {
            return repository.putRatings(id, key, value);
        }

        @Override
        public boolean removeRatings(long id, String key) {
            return repository.removeRatings(id, key);
        }

        @Override
        public boolean updateSeries(long id, Map<String, List<Integer>> series) {
            return repository.updateSeries(id, series);
        }

        @Override
        public boolean putSeries(long id, String key, List<Integer> value) {
            return repository.putSeries(id, key, value);
        }

        @Override
        public boolean removeSeries(long id, String key) {
            return repository.removeSeries(id, key);
        }

        @Override
        public boolean updatePrevious(long id, List<Residence> previous) {
            return repository.updatePrevious(id, previous);
        }

        @Override
        public boolean appendPrevious(long id, Residence element) {
            return repository.appendPrevious(id, element);
        }

        @Override
        public boolean insertPrevious(long id, int index, Residence element) {
            return repository.insertPrevious(id, index, element);
        }

        @Override
        public boolean removePreviousAt(long id, int index) {
            return repository.removePreviousAt(id, index);
        }

        @Override
        public boolean updateGroups(long id, List<List<String>> groups) {
            return repository.updateGroups(id, groups);
        }

        @Override
        public boolean appendGroups(long id, List<String> element) {
            return repository.appendGroups(id, element);
        }

        @Override
        public boolean insertGroups(long id, int index, List<String> element) {
            return repository.insertGroups(id, index, element);
        }

        @Override
        public boolean removeGroupsAt(long id, int index) {
            return repository.removeGroupsAt(id, index);
        }

        @Override
        public boolean updatePlaces(long id, Map<String, Coordinates> places) {
            return repository.updatePlaces(id, places);
        }

        @Override
        public boolean putPlaces(long id, String key, Coordinates value) {
            return repository.putPlaces(id, key, value);
        }

        @Override
        public boolean removePlaces(long id, String key) {
            return repository.removePlaces(id, key);
        }

        @Override
        public Optional<ProfileData> findByEmail(String email) {
            return repository.findByEmail(email).map(p -> p);
        }

        @Override
        public List<ProfileData> findByStatus(String status) {
            return List.copyOf(repository.findByStatus(status));
        }

        @Override
        public List<ProfileData> findByTags(String tag) {
            return List.copyOf(repository.findByTags(tag));
        }

        @Override
        public List<ProfileData> findByCityAndFloor(String city, Integer floor) {
            return List.copyOf(repository.findByCityAndFloor(city, floor));
        }

        @Override
        public List<ProfileData> findByLat(Double lat) {
            return List.copyOf(repository.findByLat(lat));
        }

        @Override
        public long countTotal() {
            return repository.countTotal();
        }

        @Override
        public long countByStatus(String status) {
            return repository.countByStatus(status);
        }

        @Override
        public Map<String, Long> countByStatus() {
            return repository.countByStatus();
        }

        @Override
        public long sumScoreByCity(String city) {
            return repository.sumScoreByCity(city);
        }

        @Override
        public Map<String, Long> sumScoreByCity() {
            return repository.sumScoreByCity();
        }

        @Override
        public Optional<ProfileData> findById(long id) {
            return repository.findById(id).map(p -> p);
        }

        @Override
        public List<ProfileData> findAllById(Collection<Long> ids) {
            return List.copyOf(repository.findAllById(ids));
        }

        @Override
        public boolean existsById(long id) {
            return repository.existsById(id);
        }

        @Override
        public boolean deleteById(long id) {
            return repository.deleteById(id);
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

    /** The attribute-per-key twin, ApkProfile. */
    final class Apk implements Profiles {
        private final ApkProfileRepository repository;

        Apk(KvStore store) {
            this(new ApkProfileRepository(store));
        }

        private Apk(ApkProfileRepository repository) {
            this.repository = repository;
        }

        @Override
        public String entityName() {
            return "ApkProfile";
        }

        @Override
        public ProfileData create() {
            return new ApkProfile();
        }

        @Override
        public Profiles with(Transaction tx) {
            return new Apk(repository.with(tx));
        }

        @Override
        public ProfileData save(ProfileData profile) {
            return repository.save((ApkProfile) profile);
        }

        @Override
        public void insert(ProfileData profile) {
            repository.insert((ApkProfile) profile);
        }

        @Override
        public List<ProfileData> findAll() {
            try (Stream<ApkProfile> all = repository.findAll()) {
                return List.copyOf(all.toList());
            }
        }

        @Override
        public boolean updateName(long id, String name) {
            return repository.updateName(id, name);
        }

        @Override
        public boolean updateEmail(long id, String email) {
            return repository.updateEmail(id, email);
        }

        @Override
        public boolean updateStatus(long id, String status) {
            return repository.updateStatus(id, status);
        }

        @Override
        public boolean updateScore(long id, int score) {
            return repository.updateScore(id, score);
        }

        @Override
        public boolean updateHome(long id, Residence home) {
            return repository.updateHome(id, home);
        }

        @Override
        public boolean updateTags(long id, List<String> tags) {
            return repository.updateTags(id, tags);
        }

        @Override
        public boolean appendTags(long id, String element) {
            return repository.appendTags(id, element);
        }

        @Override
        public boolean insertTags(long id, int index, String element) {
            return repository.insertTags(id, index, element);
        }

        @Override
        public boolean removeTagsAt(long id, int index) {
            return repository.removeTagsAt(id, index);
        }

        @Override
        public boolean updateNotes(long id, List<String> notes) {
            return repository.updateNotes(id, notes);
        }

        @Override
        public boolean appendNotes(long id, String element) {
            return repository.appendNotes(id, element);
        }

        @Override
        public boolean insertNotes(long id, int index, String element) {
            return repository.insertNotes(id, index, element);
        }

        @Override
        public boolean removeNotesAt(long id, int index) {
            return repository.removeNotesAt(id, index);
        }

        @Override
        public boolean updateBadges(long id, Set<Integer> badges) {
            return repository.updateBadges(id, badges);
        }

        @Override
        public boolean addBadges(long id, Integer element) {
            return repository.addBadges(id, element);
        }

        @Override
        public boolean removeBadges(long id, Integer element) {
            return repository.removeBadges(id, element);
        }

        @Override
        public boolean updateRatings(long id, Map<String, Long> ratings) {
            return repository.updateRatings(id, ratings);
        }

        @Override
        public boolean putRatings(long id, String key, Long value) {
            return repository.putRatings(id, key, value);
        }

        @Override
        public boolean removeRatings(long id, String key) {
            return repository.removeRatings(id, key);
        }

        @Override
        public boolean updateSeries(long id, Map<String, List<Integer>> series) {
            return repository.updateSeries(id, series);
        }

        @Override
        public boolean putSeries(long id, String key, List<Integer> value) {
            return repository.putSeries(id, key, value);
        }

        @Override
        public boolean removeSeries(long id, String key) {
            return repository.removeSeries(id, key);
        }

        @Override
        public boolean updatePrevious(long id, List<Residence> previous) {
            return repository.updatePrevious(id, previous);
        }

        @Override
        public boolean appendPrevious(long id, Residence element) {
            return repository.appendPrevious(id, element);
        }

        @Override
        public boolean insertPrevious(long id, int index, Residence element) {
            return repository.insertPrevious(id, index, element);
        }

        @Override
        public boolean removePreviousAt(long id, int index) {
            return repository.removePreviousAt(id, index);
        }

        @Override
        public boolean updateGroups(long id, List<List<String>> groups) {
            return repository.updateGroups(id, groups);
        }

        @Override
        public boolean appendGroups(long id, List<String> element) {
            return repository.appendGroups(id, element);
        }

        @Override
        public boolean insertGroups(long id, int index, List<String> element) {
            return repository.insertGroups(id, index, element);
        }

        @Override
        public boolean removeGroupsAt(long id, int index) {
            return repository.removeGroupsAt(id, index);
        }

        @Override
        public boolean updatePlaces(long id, Map<String, Coordinates> places) {
            return repository.updatePlaces(id, places);
        }

        @Override
        public boolean putPlaces(long id, String key, Coordinates value) {
            return repository.putPlaces(id, key, value);
        }

        @Override
        public boolean removePlaces(long id, String key) {
            return repository.removePlaces(id, key);
        }

        @Override
        public Optional<ProfileData> findByEmail(String email) {
            return repository.findByEmail(email).map(p -> p);
        }

        @Override
        public List<ProfileData> findByStatus(String status) {
            return List.copyOf(repository.findByStatus(status));
        }

        @Override
        public List<ProfileData> findByTags(String tag) {
            return List.copyOf(repository.findByTags(tag));
        }

        @Override
        public List<ProfileData> findByCityAndFloor(String city, Integer floor) {
            return List.copyOf(repository.findByCityAndFloor(city, floor));
        }

        @Override
        public List<ProfileData> findByLat(Double lat) {
            return List.copyOf(repository.findByLat(lat));
        }

        @Override
        public long countTotal() {
            return repository.countTotal();
        }

        @Override
        public long countByStatus(String status) {
            return repository.countByStatus(status);
        }

        @Override
        public Map<String, Long> countByStatus() {
            return repository.countByStatus();
        }

        @Override
        public long sumScoreByCity(String city) {
            return repository.sumScoreByCity(city);
        }

        @Override
        public Map<String, Long> sumScoreByCity() {
            return repository.sumScoreByCity();
        }

        @Override
        public Optional<ProfileData> findById(long id) {
            return repository.findById(id).map(p -> p);
        }

        @Override
        public List<ProfileData> findAllById(Collection<Long> ids) {
            return List.copyOf(repository.findAllById(ids));
        }

        @Override
        public boolean existsById(long id) {
            return repository.existsById(id);
        }

        @Override
        public boolean deleteById(long id) {
            return repository.deleteById(id);
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
