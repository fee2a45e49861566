package demo;

import io.kvmapper.KvStore;
import io.kvmapper.it.evolution.SubscriberVersions.Version3;
import java.util.function.Function;

/** Version 3's repository, as the test sees it. */
public final class SubscriberDriver implements Function<KvStore, Version3> {
    @Override
    public Version3 apply(KvStore store) {
        SubscriberRepository repository = new SubscriberRepository(store);
        return id -> repository.findById(id).map(Subscriber::email);
    }
}
