package io.kvmapper.internal.operations;

import static io.kvmapper.internal.layout.KeyLayout.concat;

import io.kvmapper.Change;
import io.kvmapper.CorruptDataException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.internal.codec.ValueBuffer;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The change feed of one entity with {@code @ChangeFeed} in one store: what a change is stored as, how it is
 * appended in the unit of work that makes it, paged through, and pruned once older than the retention.
 *
 * <h2>Layout</h2>
 * A change lies under {@code ((entity, "f"), stamp...)}: the feed's partition, then the stamp its commit gave it
 * ({@link KvTransaction#putStamped}), so the feed is in commit order (on RocksDB the stamp is the RocksDB
 * sequence number of the change's own record; in memory the commit's sequence and the change's place in it; on
 * Cassandra the commit's write timestamp, a client number and the change's place). Its value is
 * {@code [format][kind][seconds: 8][nanos: 4][key length: varint][record key][snapshot]}: the committed-at instant
 * by the store's clock, the record key, and for a put the entity as its layout encodes a whole record
 * ({@link RecordLayout#snapshot}). A change's position is its stamp in hexadecimal, which compares as a string as
 * the stamps compare as bytes.
 *
 * @param <E> the entity type
 */
final class ChangeFeed<E> {
    private static final byte FORMAT = 1;
    private static final byte PUT = 0;
    private static final byte DELETE = 1;
    /** The bytes of a change before its record key's length: format, kind, seconds and nanos of the instant. */
    private static final int HEADER = 2 + 8 + 4;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    /** The first byte of a continuation of the change feed (other finders' continuations start otherwise). */
    private static final byte CONTINUATION = 'C';
    private static final HexFormat HEX = HexFormat.of();
    private static final Continuations.Refusals REFUSALS = new Continuations.Refusals(
            "it is not a continuation of a page of changes",
            "it is not a continuation of a page of changes (or was cut)",
            "it belongs to another entity's change feed");

    private final String entityName;
    private final RecordLayout<E> records;
    private final Duration retention;
    private final byte[] prefix;
    /** What binds the feed's continuations to it: the first bytes of the SHA-256 of its key prefix. */
    private final byte[] digest;
    private final ChangeListeners.Subscribers<E> subscribers;

    /**
     * @param records the entity's stored records, whose snapshots the changes carry
     * @param retention how long changes stay in the feed
     */
    ChangeFeed(KvStoreImpl store, RecordLayout<E> records, KeyLayout layout, Duration retention) {
        this.entityName = layout.entityName();
        this.records = records;
        this.retention = retention;
        this.prefix = layout.feedPrefix();
        this.digest = Continuations.digest(prefix);
        this.subscribers = store.component(ChangeListeners.class, ChangeListeners::new).subscribers(this);
    }

    /** The entity's stored name. */
    String entityName() {
        return entityName;
    }

    /** The listeners of the feed in this process. */
    ChangeListeners.Subscribers<E> subscribers() {
        return subscribers;
    }

    /** Appends a put of {@code entity}, stored under {@code recordKey}, to the feed, in the unit of work {@code kv}. */
    void put(KvTransaction kv, byte[] recordKey, E entity, Instant now) {
        append(kv, PUT, recordKey, records.snapshot(recordKey, entity), now);
    }

    /** Appends the delete (or expiry) of the record under {@code recordKey}, in the unit of work {@code kv}. */
    void delete(KvTransaction kv, byte[] recordKey, Instant now) {
        append(kv, DELETE, recordKey, null, now);
    }

    private void append(KvTransaction kv, byte kind, byte[] recordKey, byte[] snapshot, Instant now) {
        int keyLength = recordKey.length;
        int snapshotLength = snapshot == null ? 0 : snapshot.length;
        int varintLength = ValueBuffer.varintLength(keyLength);
        // built in one array of its exact size: the change is copied again into the write batch, once
        byte[] bytes = new byte[HEADER + varintLength + keyLength + snapshotLength];
        bytes[0] = FORMAT;
        bytes[1] = kind;
        LONG.set(bytes, 2, now.getEpochSecond());
        INT.set(bytes, 2 + 8, now.getNano());
        int at = ValueBuffer.writeVarint(bytes, HEADER, keyLength);
        System.arraycopy(recordKey, 0, bytes, at, keyLength);
        if (snapshot != null) {
            System.arraycopy(snapshot, 0, bytes, at + keyLength, snapshotLength);
        }
        kv.putStamped(prefix, bytes, subscribers.isEmpty() ? null : key -> subscribers.committed(key, bytes));
    }

    /**
     * A page of the feed from the oldest change retained (or after the change the continuation names), in stamp
     * order. Every page carries a continuation, the last one too: it names the page's last change, or, for a page
     * without changes, the same place as the request, so that a consumer can poll from it later.
     */
    Page<Change<E>> page(KvReader reader, PageRequest request) {
        byte[] after = request.continuation().map(this::stampOf).orElse(null);
        KeyRange all = KeyRange.startingWith(prefix);
        ScanOptions options = ScanOptions.FORWARD.withLimit(request.size());
        List<Change<E>> changes = new ArrayList<>(Math.min(request.size(), 256));
        byte[] last = after;
        try (KvCursor cursor = after == null || after.length == 0 ? reader.scan(all, options)
                : reader.resume(all, options, concat(prefix, after))) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                changes.add(change(item.key(), item.value()));
                last = Arrays.copyOfRange(item.key(), prefix.length, item.key().length);
            }
        }
        return new Page<>(changes, Optional.of(continuation(last)));
    }

    /**
     * Deletes the changes committed before {@code cutoff} from the start of the feed, at most {@code batch} in the
     * unit of work {@code kv}; how many. The feed is in commit order, so the first change committed at or after
     * the cutoff ends the run (one committed earlier behind it, by a clock that went back, waits for its turn).
     */
    int prune(KvTransaction kv, Instant cutoff, int batch) {
        byte[] lastOld = null;
        int old = 0;
        try (KvCursor cursor = kv.scan(KeyRange.startingWith(prefix), ScanOptions.FORWARD.withLimit(batch))) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                if (!committedAt(item.key(), item.value()).isBefore(cutoff)) {
                    break;
                }
                lastOld = item.key();
                old++;
            }
        }
        if (old > 0) {
            // up to the last old change only: a range deletion on Cassandra would also remove a change that
            // commits meanwhile beyond it
            kv.deleteRange(new KeyRange(prefix, KeyRange.successor(lastOld)));
        }
        return old;
    }

    /** How long changes stay in the feed. */
    Duration retention() {
        return retention;
    }

    /** The change stored under {@code key} as {@code value}. */
    Change<E> change(byte[] key, byte[] value) {
        byte[] recordKey;
        Instant committedAt;
        int payload;
        try {
            if (value.length <= HEADER) {
                throw corrupt(key, "it is " + value.length + " bytes long");
            }
            if (value[0] != FORMAT) {
                throw corrupt(key, "it is of a format this version does not know");
            }
            byte kind = value[1];
            committedAt = instant(value);
            int[] at = {HEADER};
            int length = ValueBuffer.readVarint(value, at);
            if (length < 0 || length > value.length - at[0]) {
                throw corrupt(key, "its record key's length " + length + " runs past its end");
            }
            recordKey = Arrays.copyOfRange(value, at[0], at[0] + length);
            payload = at[0] + length;
            String position = HEX.formatHex(key, prefix.length, key.length);
            List<Object> components = records.mapping().keyComponents(recordKey);
            if (kind == DELETE) {
                return new Change<>(Change.Kind.DELETE, components, Optional.empty(), committedAt, position);
            }
            if (kind != PUT) {
                throw corrupt(key, "its kind is " + kind);
            }
            E entity = records.fromSnapshot(recordKey, Arrays.copyOfRange(value, payload, value.length));
            return new Change<>(Change.Kind.PUT, components, Optional.of(entity), committedAt, position);
        } catch (RuntimeException e) {
            if (e instanceof CorruptDataException corrupt) {
                throw corrupt;
            }
            throw corrupt(key, e.toString());
        }
    }

    /** When the change stored under {@code key} as {@code value} was committed. */
    private Instant committedAt(byte[] key, byte[] value) {
        if (value.length < HEADER || value[0] != FORMAT) {
            throw corrupt(key, "it is not a change");
        }
        return instant(value);
    }

    /** The committed-at instant in a change's header, as {@link #append} writes it. */
    private static Instant instant(byte[] value) {
        return Instant.ofEpochSecond((long) LONG.get(value, 2), (int) INT.get(value, 2 + 8));
    }

    /**
     * The continuation naming {@code stamp} (null: the start of the feed). Like other finders' continuations it is
     * bound to its query and tamper-evident: the URL-safe base64 of {@code 'C' | feed digest (8 bytes) | stamp |
     * CRC32C of everything before (4 bytes)}, where the digest is the first 8 bytes of the SHA-256 of the feed's
     * key prefix (which names the entity), so another entity's feed refuses it and a cut or altered one fails.
     */
    private String continuation(byte[] stamp) {
        return Continuations.seal(CONTINUATION, digest, stamp == null ? new byte[0] : stamp);
    }

    /** The stamp a continuation of the feed names; empty for the start of the feed. */
    private byte[] stampOf(String continuation) {
        byte[] stamp = Continuations.unseal(continuation, CONTINUATION, digest, 0, REFUSALS,
                why -> invalid(continuation, why));
        if (stamp.length > 0 && !isTuple(stamp)) {
            throw invalid(continuation, "it names no change");
        }
        return stamp;
    }

    private InvalidRequestException invalid(String continuation, String why) {
        return new InvalidRequestException(entityName + ": cannot resume the change feed from continuation \""
                + continuation + "\": " + why + "; pass one that this entity's changes() returned");
    }

    private static boolean isTuple(byte[] stamp) {
        try {
            Tuples.decode(stamp, 0, stamp.length);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private CorruptDataException corrupt(byte[] key, String why) {
        return new CorruptDataException(entityName + ": the change " + Tuples.toString(key)
                + " of the change feed cannot be read: " + why);
    }
}
