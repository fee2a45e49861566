package io.kvmapper.internal.store;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import io.kvmapper.spi.KvTransaction;
import java.util.Objects;

/** The one implementation of {@link Transaction}: a store's unit of work over one backend transaction. */
public final class TransactionImpl implements Transaction {
    private final KvStoreImpl store;
    private final KvTransaction kv;

    TransactionImpl(KvStoreImpl store, KvTransaction kv) {
        this.store = store;
        this.kv = kv;
    }

    /**
     * The backend transaction of {@code tx}, after checking that it is a unit of work of {@code store}.
     *
     * @param owner what uses the transaction, for the message (an entity or multimap name)
     * @throws InvalidRequestException if {@code tx} belongs to another store
     */
    public static KvTransaction kvOf(Transaction tx, KvStoreImpl store, String owner) {
        Objects.requireNonNull(tx, "tx");
        TransactionImpl impl = tx instanceof TransactionImpl t ? t : tx.unwrap(TransactionImpl.class);
        if (impl.store != store) {
            throw new InvalidRequestException(owner + ": the transaction belongs to another store than this one");
        }
        return impl.kv;
    }

    /** The backend transaction. */
    public KvTransaction kv() {
        return kv;
    }

    @Override
    public KvStore store() {
        return store;
    }

    @Override
    public <T> T unwrap(Class<T> type) {
        Objects.requireNonNull(type, "type");
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        if (type.isInstance(kv)) {
            return type.cast(kv);
        }
        throw new InvalidRequestException("this transaction is not a " + type.getName() + " and its backend's, " + kv
                + ", is not one either");
    }
}
