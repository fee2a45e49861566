package io.kvmapper.it.evolution;

import io.kvmapper.IntegrityReport;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link SeparateCompilationEvolutionTest} sees of each separately compiled version of the entity
 * {@code demo.Subscriber}. Every version's sources (test resources under {@code evolution/v1}, {@code v2},
 * {@code v3}) hold a class {@code demo.SubscriberDriver} that implements
 * {@code Function<KvStore, Version1>} (or {@code Version2}, {@code Version3}): it creates that version's
 * generated {@code SubscriberRepository} on the store, which checks the store's schema, and returns a view of
 * it, so the test needs no reflection beyond creating the driver.
 */
public final class SubscriberVersions {
    private SubscriberVersions() {
    }

    /** Version 1's repository. */
    public interface Version1 {
        void save(long id, String email, String nick, String plan, int age);
    }

    /** A subscriber as version 2 sees it. */
    public record Seen(long id, String email, String tier, long age, String region) {
    }

    /** Version 2's repository: {@code nick} removed, {@code plan} renamed to {@code tier}, {@code region} added. */
    public interface Version2 {
        Optional<Seen> find(long id);

        /** Every stored subscriber, in key order. */
        List<Seen> all();

        List<Long> idsByTier(String tier);

        List<Long> idsByRegion(String region);

        Optional<Long> idByEmail(String email);

        long countByTier(String tier);

        Map<String, Long> countsByTier();

        long total();

        IntegrityReport verify();

        void save(Seen subscriber);
    }

    /** Version 3's repository, whose key is a String. */
    public interface Version3 {
        Optional<String> emailOf(String id);
    }
}
