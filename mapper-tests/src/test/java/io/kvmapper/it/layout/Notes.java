package io.kvmapper.it.layout;

import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The generated repository of one note twin behind one interface (see {@link Profiles}). */
interface Notes {
    /** A new, empty note of the twin's class. */
    NoteData create();

    /** The same repository inside {@code tx}. */
    Notes with(Transaction tx);

    NoteData save(NoteData note);

    Optional<NoteData> findById(String owner, long seq);

    boolean updateText(String owner, long seq, String text);

    boolean updatePlace(String owner, long seq, Residence place);

    boolean updateLines(String owner, long seq, List<String> lines);

    boolean appendLines(String owner, long seq, String element);

    boolean insertLines(String owner, long seq, int index, String element);

    boolean removeLinesAt(String owner, long seq, int index);

    boolean updateLabels(String owner, long seq, Set<String> labels);

    boolean addLabels(String owner, long seq, String element);

    boolean removeLabels(String owner, long seq, String element);

    boolean updateCounts(String owner, long seq, Map<String, Integer> counts);

    boolean putCounts(String owner, long seq, String key, Integer value);

    boolean removeCounts(String owner, long seq, String key);

    boolean deleteById(String owner, long seq);

    /** The monolithic twin, MonoNote. */
    final class Mono implements Notes {
        private final MonoNoteRepository repository;

        Mono(KvStore store) {
            this(new MonoNoteRepository(store));
        }

        private Mono(MonoNoteRepository repository) {
            this.repository = repository;
        }

        @Override
        public Notes with(Transaction tx) {
            return new Mono(repository.with(tx));
        }

        @Override
        public NoteData create() {
            return new MonoNote();
        }

        @Override
        public NoteData save(NoteData note) {
            return repository.save((MonoNote) note);
        }

        @Override
        public Optional<NoteData> findById(String owner, long seq) {
            return repository.findById(owner, seq).map(n -> n);
        }

        @Override
        public boolean updateText(String owner, long seq, String text) {
            return repository.updateText(owner, seq, text);
        }

        @Override
        public boolean updatePlace(String owner, long seq, Residence place) {
            return repository.updatePlace(owner, seq, place);
        }

        @Override
        public boolean updateLines(String owner, long seq, List<String> lines) {
            return repository.updateLines(owner, seq, lines);
        }

        @Override
        public boolean appendLines(String owner, long seq, String element) {
            return repository.appendLines(owner, seq, element);
        }

        @Override
        public boolean insertLines(String owner, long seq, int index, String element) {
            return repository.insertLines(owner, seq, index, element);
        }

        @Override
        public boolean removeLinesAt(String owner, long seq, int index) {
            return repository.removeLinesAt(owner, seq, index);
        }

        @Override
        public boolean updateLabels(String owner, long seq, Set<String> labels) {
            return repository.updateLabels(owner, seq, labels);
        }

        @Override
        public boolean addLabels(String owner, long seq, String element) {
            return repository.addLabels(owner, seq, element);
        }

        @Override
        public boolean removeLabels(String owner, long seq, String element) {
            return repository.removeLabels(owner, seq, element);
        }

        @Override
        public boolean updateCounts(String owner, long seq, Map<String, Integer> counts) {
            return repository.updateCounts(owner, seq, counts);
        }

        @Override
        public boolean putCounts(String owner, long seq, String key, Integer value) {
            return repository.putCounts(owner, seq, key, value);
        }

        @Override
        public boolean removeCounts(String owner, long seq, String key) {
            return repository.removeCounts(owner, seq, key);
        }

        @Override
        public boolean deleteById(String owner, long seq) {
            return repository.deleteById(owner, seq);
        }
    }

    /** The attribute-per-key twin, ApkNote. */
    final class Apk implements Notes {
        private final ApkNoteRepository repository;

        Apk(KvStore store) {
            this(new ApkNoteRepository(store));
        }

        private Apk(ApkNoteRepository repository) {
            this.repository = repository;
        }

        @Override
        public Notes with(Transaction tx) {
            return new Apk(repository.with(tx));
        }

        @Override
        public NoteData create() {
            return new ApkNote();
        }

        @Override
        public NoteData save(NoteData note) {
            return repository.save((ApkNote) note);
        }

        @Override
        public Optional<NoteData> findById(String owner, long seq) {
            return repository.findById(owner, seq).map(n -> n);
        }

        @Override
        public boolean updateText(String owner, long seq, String text) {
            return repository.updateText(owner, seq, text);
        }

        @Override
        public boolean updatePlace(String owner, long seq, Residence place) {
            return repository.updatePlace(owner, seq, place);
        }

        @Override
        public boolean updateLines(String owner, long seq, List<String> lines) {
            return repository.updateLines(owner, seq, lines);
        }

        @Override
        public boolean appendLines(String owner, long seq, String element) {
            return repository.appendLines(owner, seq, element);
        }

        @Override
        public boolean insertLines(String owner, long seq, int index, String element) {
            return repository.insertLines(owner, seq, index, element);
        }

        @Override
        public boolean removeLinesAt(String owner, long seq, int index) {
            return repository.removeLinesAt(owner, seq, index);
        }

        @Override
        public boolean updateLabels(String owner, long seq, Set<String> labels) {
            return repository.updateLabels(owner, seq, labels);
        }

        @Override
        public boolean addLabels(String owner, long seq, String element) {
            return repository.addLabels(owner, seq, element);
        }

        @Override
        public boolean removeLabels(String owner, long seq, String element) {
            return repository.removeLabels(owner, seq, element);
        }

        @Override
        public boolean updateCounts(String owner, long seq, Map<String, Integer> counts) {
            return repository.updateCounts(owner, seq, counts);
        }

        @Override
        public boolean putCounts(String owner, long seq, String key, Integer value) {
            return repository.putCounts(owner, seq, key, value);
        }

        @Override
        public boolean removeCounts(String owner, long seq, String key) {
            return repository.removeCounts(owner, seq, key);
        }

        @Override
        public boolean deleteById(String owner, long seq) {
            return repository.deleteById(owner, seq);
        }
    }
}
