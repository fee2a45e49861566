package io.kvmapper.internal.index;

import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.mapping.KeyText;
import io.kvmapper.spi.KvBackend;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the maintainer of each index and counter of an entity, and of its expiry index: the one place that chooses a maintainer by the
 * kind of component (the FoundationDB Record Layer's {@code IndexMaintainerFactory}).
 */
public final class MaintainerFactory {
    private MaintainerFactory() {
    }

    /**
     * The maintainers of the indexes, counters and expiry index {@code mapping} defines, on {@code backend}: counters remove
     * groups that fall to zero only where the backend detects conflicts ({@link KvBackend#detectsConflicts()}),
     * and tell whether an online counter build has passed a record in the backend's scan order
     * ({@link KvBackend#compareInScanOrder}).
     *
     * @param states the live states of the components in the store, which every write consults
     */
    public static <E> EntityMaintainers<E> maintainers(EntityMapping<E> mapping, KeyLayout layout,
            ComponentStates states, KvBackend backend) {
        List<IndexMaintainer<E>> indexes = new ArrayList<>();
        for (IndexDefinition<E> index : mapping.indexes()) {
            indexes.add(index.unique() ? new UniqueIndexMaintainer<>(layout, index, states, KeyText.of(mapping))
                    : new ValueIndexMaintainer<>(layout, index, states));
        }
        List<CounterMaintainer<E>> counters = new ArrayList<>();
        for (CounterDefinition<E> counter : mapping.counters()) {
            counters.add(new CounterMaintainer<>(layout, counter, states, backend.detectsConflicts(),
                    backend::compareInScanOrder));
        }
        ExpiryIndexMaintainer<E> expiry = mapping.expiry() == null ? null
                : new ExpiryIndexMaintainer<>(layout, mapping.expiry(), states);
        return new EntityMaintainers<>(mapping.entityName(), indexes, expiry, counters);
    }
}
