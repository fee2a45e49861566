package io.kvmapper.it.evolution;

import io.kvmapper.KvStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@link EvolutionScenario} for Protobuf values in the monolithic layout: ProtoSubscriberV1, V2 and V3. */
class ProtobufEvolutionTest extends EvolutionScenario {
    @Override
    String entity() {
        return "ProtoSubscriber";
    }

    @Override
    void saveV1(KvStore store, long id, String email, String nick, String plan, int age, Address address,
            List<String> tags) {
        new ProtoSubscriberV1Repository(store).save(new ProtoSubscriberV1(id, email, nick, plan, age, address, tags));
    }

    @Override
    void openV1(KvStore store) {
        new ProtoSubscriberV1Repository(store);
    }

    @Override
    void openV3(KvStore store) {
        new ProtoSubscriberV3Repository(store);
    }

    @Override
    Version2 openV2(KvStore store) {
        ProtoSubscriberV2Repository repository = new ProtoSubscriberV2Repository(store);
        return new Version2() {
            @Override
            public Optional<Seen> find(long id) {
                return repository.findById(id).map(ProtobufEvolutionTest::seen);
            }

            @Override
            public List<Long> idsByTier(String tier) {
                return repository.findByTier(tier).stream().map(ProtoSubscriberV2::id).toList();
            }

            @Override
            public List<Long> idsByRegion(String region) {
                return repository.findByRegion(region).stream().map(ProtoSubscriberV2::id).toList();
            }

            @Override
            public Optional<Long> idByEmail(String email) {
                return repository.findByEmail(email).map(ProtoSubscriberV2::id);
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
                repository.save(new ProtoSubscriberV2(s.id(), s.email(), s.tier(), s.age(), s.address(), s.tags(),
                        s.region()));
            }
        };
    }

    private static Seen seen(ProtoSubscriberV2 s) {
        return new Seen(s.id(), s.email(), s.tier(), s.age(), s.address(), s.tags(), s.region());
    }
}
