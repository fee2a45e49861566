package io.kvmapper.it.layout;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/** The generated repository of one membership twin behind one interface (see {@link Profiles}). */
interface Memberships {
    /** The stored entity name. */
    String entityName();

    /** A new, empty membership of the twin's class. */
    MembershipData create();

    MembershipData save(MembershipData membership);

    Optional<MembershipData> findById(long id);

    /** Every membership, in key order (the stream is closed). */
    List<MembershipData> findAll();

    List<MembershipData> findByGroups(String group);

    boolean updateName(long id, String name);

    boolean updateGroups(long id, Set<String> groups);

    boolean addGroups(long id, String element);

    boolean removeGroups(long id, String element);

    boolean deleteById(long id);

    IntegrityReport verify();

    /** The monolithic twin, MonoMembership. */
    final class Mono implements Memberships {
        private final MonoMembershipRepository repository;

        Mono(KvStore store) {
            this.repository = new MonoMembershipRepository(store);
        }

        @Override
        public String entityName() {
            return "MonoMembership";
        }

        @Override
        public MembershipData create() {
            return new MonoMembership();
        }

        @Override
        public MembershipData save(MembershipData membership) {
            return repository.save((MonoMembership) membership);
        }

        @Override
        public Optional<MembershipData> findById(long id) {
            return repository.findById(id).map(m -> m);
        }

        @Override
        public List<MembershipData> findAll() {
            try (Stream<MonoMembership> all = repository.findAll()) {
                return List.copyOf(all.toList());
            }
        }

        @Override
        public List<MembershipData> findByGroups(String group) {
            return List.copyOf(repository.findByGroups(group));
        }

        @Override
        public boolean updateName(long id, String name) {
            return repository.updateName(id, name);
        }

        @Override
        public boolean updateGroups(long id, Set<String> groups) {
            return repository.updateGroups(id, groups);
        }

        @Override
        public boolean addGroups(long id, String element) {
            return repository.addGroups(id, element);
        }

        @Override
        public boolean removeGroups(long id, String element) {
            return repository.removeGroups(id, element);
        }

        @Override
        public boolean deleteById(long id) {
            return repository.deleteById(id);
        }

        @Override
        public IntegrityReport verify() {
            return repository.verify();
        }
    }

    /** The attribute-per-key twin, ApkMembership. */
    final class Apk implements Memberships {
        private final ApkMembershipRepository repository;

        Apk(KvStore store) {
            this.repository = new ApkMembershipRepository(store);
        }

        @Override
        public String entityName() {
            return "ApkMembership";
        }

        @Override
        public MembershipData create() {
            return new ApkMembership();
        }

        @Override
        public MembershipData save(MembershipData membership) {
            return repository.save((ApkMembership) membership);
        }

        @Override
        public Optional<MembershipData> findById(long id) {
            return repository.findById(id).map(m -> m);
        }

        @Override
        public List<MembershipData> findAll() {
            try (Stream<ApkMembership> all = repository.findAll()) {
                return List.copyOf(all.toList());
            }
        }

        @Override
        public List<MembershipData> findByGroups(String group) {
            return List.copyOf(repository.findByGroups(group));
        }

        @Override
        public boolean updateName(long id, String name) {
            return repository.updateName(id, name);
        }

        @Override
        public boolean updateGroups(long id, Set<String> groups) {
            return repository.updateGroups(id, groups);
        }

        @Override
        public boolean addGroups(long id, String element) {
            return repository.addGroups(id, element);
        }

        @Override
        public boolean removeGroups(long id, String element) {
            return repository.removeGroups(id, element);
        }

        @Override
        public boolean deleteById(long id) {
            return repository.deleteById(id);
        }

        @Override
        public IntegrityReport verify() {
            return repository.verify();
        }
    }
}
