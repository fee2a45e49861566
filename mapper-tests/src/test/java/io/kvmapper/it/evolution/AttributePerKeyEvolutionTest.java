package io.kvmapper.it.evolution;

import io.kvmapper.KvStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@link EvolutionScenario} for the attribute-per-key layout: AttrSubscriberV1, V2 and V3. */
class AttributePerKeyEvolutionTest extends EvolutionScenario {
    @Override
    String entity() {
        return "AttrSubscriber";
    }

    @Override
    void saveV1(KvStore store, long id, String email, String nick, String plan, int age, Address address,
            List<String> tags) {
        new AttrSubscriberV1Repository(store).save(new AttrSubscriberV1(id, email, nick, plan, age, address, tags));
    }

    @Override
    void openV1(KvStore store) {
        new AttrSubscriberV1Repository(store);
    }

    @Override
    void openV3(KvStore store) {
        new AttrSubscriberV3Repository(store);
    }

    @Override
    Version2 openV2(KvStore store) {
        AttrSubscriberV2Repository repository = new AttrSubscriberV2Repository(store);
        return new Version2() {
            @Override
            public Optional<Seen> find(long id) {
                return repository.findById(id).map(AttributePerKeyEvolutionTest::seen);
            }

            @Override
            public List<Long> idsByTier(String tier) {
                return repository.findByTier(tier).stream().map(AttrSubscriberV2::id).toList();
            }

            @Override
            public List<Long> idsByRegion(String region) {
                return repository.findByRegion(region).stream().map(AttrSubscriberV2::id).toList();
            }

            @Override
            public Optional<Long> idByEmail(String email) {
                return repository.findByEmail(email).map(AttrSubscriberV2::id);
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
            public void save(Seen s) {
                repository.save(new AttrSubscriberV2(s.id(), s.email(), s.tier(), s.age(), s.address(), s.tags(),
                        s.region()));
            }
        };
    }

    private static Seen seen(AttrSubscriberV2 s) {
        return new Seen(s.id(), s.email(), s.tier(), s.age(), s.address(), s.tags(), s.region());
    }
}
