package io.kvmapper.runtime;

import io.kvmapper.CorruptDataException;
import io.kvmapper.DuplicateKeyException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The one implementation of every repository operation for one entity; generated repositories build
 * keys and ranges and delegate here. Outside a transaction each write runs as its own unit of work
 * through {@link KvStore#transact}; inside one ({@link #with}) it joins it. Thread-safe.
 *
 * @param <E> the entity type
 */
public final class EntityOperations<E> {
    private final KvStore store;
    private final EntityMapping<E> mapping;
    private final Transaction transaction;

    /** Operations on {@code store} for the entity {@code mapping} describes. */
    public EntityOperations(KvStore store, EntityMapping<E> mapping) {
        this(Objects.requireNonNull(store, "store"), Objects.requireNonNull(mapping, "mapping"), null);
    }

    private EntityOperations(KvStore store, EntityMapping<E> mapping, Transaction transaction) {
        this.store = store;
        this.mapping = mapping;
        this.transaction = transaction;
    }

    /** The same operations, working inside {@code tx}. */
    public EntityOperations<E> with(Transaction tx) {
        Objects.requireNonNull(tx, "tx");
        if (tx.store() != store) {
            throw new InvalidRequestException(mapping.entityName()
                    + ": the transaction belongs to another store than this repository");
        }
        return new EntityOperations<>(store, mapping, tx);
    }

    /** The entity under {@code key}. */
    public Optional<E> find(byte[] key) {
        byte[] value = reader().get(key);
        return value == null ? Optional.empty() : Optional.of(decode(key, value));
    }

    /** The entities under {@code keys}, in that order, skipping absent ones; one multi-get. */
    public List<E> findAll(List<byte[]> keys) {
        if (keys.isEmpty()) {
            return List.of();
        }
        List<byte[]> values = reader().getAll(keys);
        List<E> found = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            byte[] value = values.get(i);
            if (value != null) {
                found.add(decode(keys.get(i), value));
            }
        }
        return found;
    }

    /** Whether an entity is stored under {@code key}. */
    public boolean exists(byte[] key) {
        return reader().get(key) != null;
    }

    /** Inserts or replaces {@code entity}. */
    public E save(E entity) {
        byte[] key = mapping.keyOf(Objects.requireNonNull(entity, "entity"));
        byte[] value = encode(entity);
        execute(kv -> kv.put(key, value));
        return entity;
    }

    /** Inserts {@code entity}, failing if its key is taken. */
    public void insert(E entity) {
        byte[] key = mapping.keyOf(Objects.requireNonNull(entity, "entity"));
        byte[] value = encode(entity);
        execute(kv -> {
            if (kv.get(key) != null) {
                throw new DuplicateKeyException(mapping.entityName(), Tuples.toString(key));
            }
            kv.put(key, value);
        });
    }

    /** Deletes the entity under {@code key}; whether there was one. */
    public boolean delete(byte[] key) {
        return apply(kv -> {
            if (kv.get(key) == null) {
                return false;
            }
            kv.delete(key);
            return true;
        });
    }

    /** Streams the entities in {@code range} in key order; the stream must be closed. */
    public Stream<E> stream(KeyRange range) {
        if (range.isEmpty()) {
            return Stream.empty();
        }
        KvCursor cursor = reader().scan(range, ScanOptions.FORWARD);
        Spliterator<E> entities = new Spliterators.AbstractSpliterator<>(Long.MAX_VALUE,
                Spliterator.ORDERED | Spliterator.NONNULL) {
            @Override
            public boolean tryAdvance(Consumer<? super E> action) {
                if (!cursor.hasNext()) {
                    return false;
                }
                KeyValue item = cursor.next();
                action.accept(decode(item.key(), item.value()));
                return true;
            }
        };
        return StreamSupport.stream(entities, false).onClose(cursor::close);
    }

    /** Every entity in {@code range}, in key order. */
    public List<E> list(KeyRange range) {
        List<E> found = new ArrayList<>();
        if (range.isEmpty()) {
            return found;
        }
        try (KvCursor cursor = reader().scan(range, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                found.add(decode(item.key(), item.value()));
            }
        }
        return found;
    }

    /** One page of the entities in {@code range}, in key order. */
    public Page<E> page(KeyRange range, PageRequest request) {
        Objects.requireNonNull(request, "page");
        KeyRange rest = request.continuation()
                .map(token -> Continuations.resume(mapping.entityName(), token, range))
                .orElse(range);
        List<E> items = new ArrayList<>(Math.min(request.size(), 256));
        if (rest.isEmpty()) {
            return new Page<>(items, Optional.empty());
        }
        byte[] lastKey = null;
        boolean more = false;
        try (KvCursor cursor = reader().scan(rest, ScanOptions.FORWARD.withLimit(request.size() + 1))) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                if (items.size() == request.size()) {
                    more = true;
                    break;
                }
                items.add(decode(item.key(), item.value()));
                lastKey = item.key();
            }
        }
        return new Page<>(items, more ? Optional.of(Continuations.encode(lastKey)) : Optional.empty());
    }

    private KvReader reader() {
        return transaction != null ? transaction.kv() : store.backend();
    }

    /** Runs {@code work} in this repository's transaction, or in a unit of work of its own. */
    private <T> T apply(Function<KvTransaction, T> work) {
        if (transaction != null) {
            return work.apply(transaction.kv());
        }
        return store.transact((Transaction tx) -> work.apply(tx.kv()));
    }

    private void execute(Consumer<KvTransaction> work) {
        apply(kv -> {
            work.accept(kv);
            return null;
        });
    }

    private byte[] encode(E entity) {
        ValueBuffer out = new ValueBuffer(128);
        ValueHeader.write(out, mapping.codec().codecId(), mapping.schemaVersion());
        try {
            mapping.codec().encode(entity, out);
        } catch (RuntimeException e) {
            throw new InvalidRequestException(mapping.entityName() + ": cannot encode the entity: " + e, e);
        }
        return out.toByteArray();
    }

    private E decode(byte[] key, byte[] value) {
        ValueCodec<E> codec = mapping.codec();
        int payload = ValueHeader.payloadOffset(value, codec.codecId(), mapping.entityName(), key);
        E entity;
        try {
            entity = codec.decode(value, payload, value.length - payload);
        } catch (CorruptDataException e) {
            throw new CorruptDataException(mapping.entityName() + " " + Tuples.toString(key) + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new CorruptDataException(mapping.entityName() + " " + Tuples.toString(key)
                    + ": the stored value is not a valid encoding: " + e.getMessage(), e);
        }
        checkKey(key, entity);
        return entity;
    }

    /** The key fields inside a value must name the key it is stored under; anything else is corruption. */
    private void checkKey(byte[] key, E entity) {
        byte[] own;
        try {
            own = mapping.keyOf(entity);
        } catch (InvalidRequestException e) {
            throw new CorruptDataException(mapping.entityName() + " " + Tuples.toString(key)
                    + ": the stored value lacks a key field: " + e.getMessage(), e);
        }
        if (!Arrays.equals(own, key)) {
            throw new CorruptDataException(mapping.entityName() + " " + Tuples.toString(key)
                    + ": the stored value holds the key fields of " + Tuples.toString(own));
        }
    }
}
