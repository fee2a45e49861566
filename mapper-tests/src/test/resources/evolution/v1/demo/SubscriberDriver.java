package demo;

import io.kvmapper.KvStore;
import io.kvmapper.it.evolution.SubscriberVersions.Version1;
import java.util.function.Function;

/** Version 1's repository, as the test sees it. */
public final class SubscriberDriver implements Function<KvStore, Version1> {
    @Override
    public Version1 apply(KvStore store) {
        SubscriberRepository repository = new SubscriberRepository(store);
        return (id, email, nick, plan, age) -> repository.save(new Subscriber(id, email, nick, plan, age));
    }
}
