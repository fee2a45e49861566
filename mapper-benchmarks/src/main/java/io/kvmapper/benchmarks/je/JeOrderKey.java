package io.kvmapper.benchmarks.je;

import com.sleepycat.persist.model.KeyField;
import com.sleepycat.persist.model.Persistent;

/** The composite key (user, order) of {@link JeOrder}: one user's orders are one key range. */
@Persistent
public class JeOrderKey {
    @KeyField(1)
    long userId;
    @KeyField(2)
    long orderId;

    JeOrderKey() {
    }

    public JeOrderKey(long userId, long orderId) {
        this.userId = userId;
        this.orderId = orderId;
    }

    public long userId() {
        return userId;
    }

    public long orderId() {
        return orderId;
    }
}
