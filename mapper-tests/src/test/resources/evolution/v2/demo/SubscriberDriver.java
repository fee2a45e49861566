package demo;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.it.evolution.SubscriberVersions.Seen;
import io.kvmapper.it.evolution.SubscriberVersions.Version2;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/** Version 2's repository, as the test sees it. */
public final class SubscriberDriver implements Function<KvStore, Version2> {
    @Override
    public Version2 apply(KvStore store) {
        SubscriberRepository repository = new SubscriberRepository(store);
        return new Version2() {
            @Override
            public Optional<Seen> find(long id) {
                return repository.findById(id).map(SubscriberDriver::seen);
            }

            @Override
            public List<Seen> all() {
                try (Stream<Subscriber> all = repository.findAll()) {
                    return all.map(SubscriberDriver::seen).toList();
                }
            }

            @Override
            public List<Long> idsByTier(String tier) {
                return repository.findByTier(tier).stream().map(Subscriber::id).toList();
            }

            @Override
            public List<Long> idsByRegion(String region) {
                return repository.findByRegion(region).stream().map(Subscriber::id).toList();
            }

            @Override
            public Optional<Long> idByEmail(String email) {
                return repository.findByEmail(email).map(Subscriber::id);
            }

            @Override
            public long countByTier(String tier) {
                return repository.countByTier(tier);
            }

            @Override
            public Map<String, Long> countsByTier() {
                return repository.countByTier();
            }

            @Override
            public long total() {
                return repository.countTotal();
            }

            @Override
            public IntegrityReport verify() {
                return repository.verify();
            }

            @Override
            public void save(Seen s) {
                repository.save(new Subscriber(s.id(), s.email(), s.tier(), s.age(), s.region()));
            }
        };
    }

    private static Seen seen(Subscriber s) {
        return new Seen(s.id(), s.email(), s.tier(), s.age(), s.region());
    }
}
