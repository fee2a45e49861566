package io.kvmapper.benchmarks;

import io.kvmapper.benchmarks.shop.Order;
import io.kvmapper.benchmarks.shop.User;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.LRUCache;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.UInt64AddOperator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * The limit: hand-written code on raw RocksDB doing the mapper's work with the mapper's key layout
 * ({@link RawKeys}), Jackson streaming for values, and one {@link WriteBatch} per write. A plain
 * {@code RocksDB} (no transactions): the existence checks of an insert are plain reads before the batch,
 * so, unlike the mapper, two concurrent writers could both pass them; the benchmark is single-threaded.
 */
final class RawRocksContender implements Contender {
    static {
        RocksDB.loadLibrary();
    }

    private static final JsonFactory JSON = new JsonFactory();
    private static final byte[] EMPTY = new byte[0];
    private static final byte[] PLUS_ONE = counterDelta(1);
    private static final byte[] MINUS_ONE = counterDelta(-1);

    private final UInt64AddOperator mergeOperator = new UInt64AddOperator();
    private final LRUCache blockCache = new LRUCache(RocksSettings.BLOCK_CACHE_BYTES);
    private final BloomFilter bloomFilter = new BloomFilter(RocksSettings.BLOOM_BITS_PER_KEY, false);
    private final DBOptions dbOptions = new DBOptions();
    private final ColumnFamilyOptions columnOptions = RocksSettings.strictMergeLimit();
    private final Options options;
    private final WriteOptions writeOptions = new WriteOptions().setSync(RocksSettings.SYNC_WRITES);
    private final RocksDB db;

    RawRocksContender(Path dir) {
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setBlockCache(blockCache)
                .setFilterPolicy(bloomFilter)
                .setWholeKeyFiltering(true);
        this.options = new Options(dbOptions, columnOptions)
                .setCreateIfMissing(true)
                .setMergeOperator(mergeOperator)
                .setMaxSuccessiveMerges(RocksSettings.MAX_SUCCESSIVE_MERGES)
                .setWriteBufferSize(RocksSettings.WRITE_BUFFER_BYTES)
                .setMemtablePrefixBloomSizeRatio(RocksSettings.MEMTABLE_BLOOM_RATIO)
                .setMemtableWholeKeyFiltering(true)
                .setTableFormatConfig(table);
        try {
            this.db = RocksDB.open(options, dir.toString());
        } catch (RocksDBException e) {
            close();
            throw new IllegalStateException("could not open " + dir, e);
        }
    }

    @Override
    public void insertUser(User user) {
        try (WriteBatch batch = new WriteBatch()) {
            addUser(batch, user);
            db.write(writeOptions, batch);
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * {@inheritDoc} One {@link WriteBatch} for all; the existence checks read the store, not the batch, so
     * a duplicate within one call goes undetected (the loader never makes one).
     */
    @Override
    public void insertUsers(List<User> users) {
        try (WriteBatch batch = new WriteBatch()) {
            for (User user : users) {
                addUser(batch, user);
            }
            db.write(writeOptions, batch);
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Checks that the user's id and email are free, then adds its record, entries and counters to {@code batch}. */
    private void addUser(WriteBatch batch, User user) throws RocksDBException {
        byte[] key = userKey(user.id());
        byte[] emailEntry = RawKeys.startingWith(RawKeys.USER_EMAIL_ENTRY).string(user.email()).bytes();
        if (db.get(key) != null) {
            throw new IllegalStateException("user " + user.id() + " exists");
        }
        if (db.get(emailEntry) != null) {
            throw new IllegalStateException("email " + user.email() + " is taken");
        }
        batch.put(key, encode(user));
        batch.put(emailEntry, key);
        batch.put(statusEntry(user.status(), user.id()), EMPTY);
        batch.merge(RawKeys.USER_TOTAL_COUNTER, PLUS_ONE);
        batch.merge(byStatusKey(user.status()), PLUS_ONE);
    }

    @Override
    public void insertOrder(Order order) {
        byte[] key = RawKeys.startingWith(RawKeys.ORDER_RECORD_HEAD).number(order.userId()).endNested()
                .number(order.orderId()).bytes();
        try {
            if (db.get(key) != null) {
                throw new IllegalStateException("order " + order + " exists");
            }
            try (WriteBatch batch = new WriteBatch()) {
                batch.put(key, encode(order));
                batch.merge(RawKeys.startingWith(RawKeys.ORDER_REVENUE_COUNTER).number(order.day().toEpochDay())
                        .bytes(), counterDelta(order.totalCents()));
                db.write(writeOptions, batch);
            }
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public User findUser(long id) {
        byte[] value = get(userKey(id));
        return value == null ? null : decodeUser(value);
    }

    @Override
    public User findUserByEmail(String email) {
        byte[] key = get(RawKeys.startingWith(RawKeys.USER_EMAIL_ENTRY).string(email).bytes());
        if (key == null) {
            return null;
        }
        byte[] value = get(key);
        return value == null ? null : decodeUser(value);
    }

    @Override
    public List<Order> ordersOf(long userId) {
        byte[] prefix = RawKeys.startingWith(RawKeys.ORDER_RECORD_HEAD).number(userId).endNested().bytes();
        List<Order> orders = new ArrayList<>();
        try (RocksIterator it = db.newIterator()) {
            for (it.seek(prefix); it.isValid(); it.next()) {
                byte[] key = it.key();
                if (!startsWith(key, prefix)) {
                    break;
                }
                orders.add(decodeOrder(it.value()));
            }
        }
        return orders;
    }

    /**
     * {@inheritDoc} One iterator over the status entries' prefix (the id is the entry key's last element),
     * then one {@code multiGetAsList} for the records.
     */
    @Override
    public List<User> usersWithStatus(User.Status status, int limit) {
        byte[] prefix = RawKeys.startingWith(RawKeys.USER_STATUS_ENTRY).string(status.name()).bytes();
        List<byte[]> keys = new ArrayList<>(limit);
        try (RocksIterator it = db.newIterator()) {
            for (it.seek(prefix); it.isValid() && keys.size() < limit; it.next()) {
                byte[] entry = it.key();
                if (!startsWith(entry, prefix)) {
                    break;
                }
                keys.add(userKey(entryId(entry, prefix.length)));
            }
        }
        List<User> found = new ArrayList<>(keys.size());
        try {
            for (byte[] value : db.multiGetAsList(keys)) {
                if (value != null) {
                    found.add(decodeUser(value));
                }
            }
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
        return found;
    }

    /** The id at {@code offset} of a status entry's key: {@link RawKeys#number}'s encoding. */
    private static long entryId(byte[] entry, int offset) {
        int n = entry[offset] - RawKeys.INT_ZERO;
        long id = 0;
        for (int i = 1; i <= n; i++) {
            id = (id << 8) | (entry[offset + i] & 0xFF);
        }
        return id;
    }

    @Override
    public boolean updateStatus(long id, User.Status status) {
        byte[] key = userKey(id);
        byte[] value = get(key);
        if (value == null) {
            return false;
        }
        User old = decodeUser(value);
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(key, encode(old.withStatus(status)));
            if (old.status() != status) {
                batch.delete(statusEntry(old.status(), id));
                batch.put(statusEntry(status, id), EMPTY);
                batch.merge(byStatusKey(old.status()), MINUS_ONE);
                batch.merge(byStatusKey(status), PLUS_ONE);
            }
            db.write(writeOptions, batch);
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
        return true;
    }

    @Override
    public long countByStatus(User.Status status) {
        byte[] value = get(byStatusKey(status));
        return value == null ? 0 : ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    @Override
    public String memoryReport() {
        return RocksSettings.memoryReport(name -> {
            try {
                return db.getProperty(name);
            } catch (RocksDBException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Override
    public void close() {
        if (db != null) {
            db.close();
        }
        writeOptions.close();
        if (options != null) {
            options.close();
        }
        columnOptions.close();
        dbOptions.close();
        bloomFilter.close();
        blockCache.close();
        mergeOperator.close();
    }

    private byte[] get(byte[] key) {
        try {
            return db.get(key);
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] userKey(long id) {
        return RawKeys.startingWith(RawKeys.USER_RECORD_HEAD).number(id).endNested().bytes();
    }

    private static byte[] statusEntry(User.Status status, long id) {
        return RawKeys.startingWith(RawKeys.USER_STATUS_ENTRY).string(status.name()).number(id).bytes();
    }

    private static byte[] byStatusKey(User.Status status) {
        return RawKeys.startingWith(RawKeys.USER_BY_STATUS_COUNTER).string(status.name()).bytes();
    }

    private static byte[] counterDelta(long delta) {
        return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(delta).array();
    }

    private static boolean startsWith(byte[] key, byte[] prefix) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static byte[] encode(User user) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(96);
        try (JsonGenerator json = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
            json.writeStartObject();
            json.writeNumberProperty("id", user.id());
            json.writeStringProperty("email", user.email());
            json.writeStringProperty("name", user.name());
            json.writeStringProperty("status", user.status().name());
            json.writeEndObject();
        }
        return out.toByteArray();
    }

    private static byte[] encode(Order order) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(96);
        try (JsonGenerator json = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
            json.writeStartObject();
            json.writeNumberProperty("userId", order.userId());
            json.writeNumberProperty("orderId", order.orderId());
            json.writeStringProperty("day", order.day().toString());
            json.writeNumberProperty("totalCents", order.totalCents());
            json.writeEndObject();
        }
        return out.toByteArray();
    }

    private static User decodeUser(byte[] value) {
        long id = 0;
        String email = null;
        String name = null;
        User.Status status = null;
        try (JsonParser json = JSON.createParser(ObjectReadContext.empty(), value)) {
            json.nextToken();
            for (String field = json.nextName(); field != null; field = json.nextName()) {
                JsonToken token = json.nextToken();
                switch (field) {
                    case "id" -> id = json.getLongValue();
                    case "email" -> email = json.getString();
                    case "name" -> name = json.getString();
                    case "status" -> status = User.Status.valueOf(json.getString());
                    default -> throw new IllegalStateException("unexpected field " + field + " (" + token + ")");
                }
            }
        }
        return new User(id, email, name, status);
    }

    private static Order decodeOrder(byte[] value) {
        long userId = 0;
        long orderId = 0;
        LocalDate day = null;
        long totalCents = 0;
        try (JsonParser json = JSON.createParser(ObjectReadContext.empty(), value)) {
            json.nextToken();
            for (String field = json.nextName(); field != null; field = json.nextName()) {
                JsonToken token = json.nextToken();
                switch (field) {
                    case "userId" -> userId = json.getLongValue();
                    case "orderId" -> orderId = json.getLongValue();
                    case "day" -> day = LocalDate.parse(json.getString());
                    case "totalCents" -> totalCents = json.getLongValue();
                    default -> throw new IllegalStateException("unexpected field " + field + " (" + token + ")");
                }
            }
        }
        return new Order(userId, orderId, day, totalCents);
    }
}
