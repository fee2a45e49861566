package io.kvmapper.benchmarks;

import io.kvmapper.benchmarks.queries.Member;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * The hand-written side of {@code QueryBenchmark}: the two queries as someone would write them on raw RocksDB with
 * KV Mapper's key layout ({@link RawKeys}): a range of the age index's entries, or one range per city of the city
 * index merged by key, then the records in one {@code multiGet}, decoded with Jackson streaming. The store holds
 * the same keys as the mapper's (values without the mapper's header) and opens with the same settings
 * ({@link RocksSettings}). Single-threaded.
 */
final class RawQueries implements AutoCloseable {
    static {
        RocksDB.loadLibrary();
    }

    private static final JsonFactory JSON = new JsonFactory();
    private static final byte[] EMPTY = new byte[0];

    private final LRUCache blockCache = new LRUCache(RocksSettings.BLOCK_CACHE_BYTES);
    private final BloomFilter bloomFilter = new BloomFilter(RocksSettings.BLOOM_BITS_PER_KEY, false);
    private final Options options;
    private final WriteOptions writeOptions = new WriteOptions().setSync(RocksSettings.SYNC_WRITES);
    private final RocksDB db;

    RawQueries(Path dir) {
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setBlockCache(blockCache)
                .setFilterPolicy(bloomFilter)
                .setWholeKeyFiltering(true);
        this.options = new Options()
                .setCreateIfMissing(true)
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

    /** Writes the members with their two index entries, in batches. */
    void load(List<Member> members) {
        for (int from = 0; from < members.size(); from += 1000) {
            try (WriteBatch batch = new WriteBatch()) {
                for (Member member : members.subList(from, Math.min(from + 1000, members.size()))) {
                    byte[] id = RawKeys.startingWith(new byte[0]).number(member.id()).bytes();
                    batch.put(recordKey(id), encode(member));
                    batch.put(RawKeys.startingWith(RawKeys.MEMBER_AGE_ENTRY).number(member.age()).number(member.id())
                            .bytes(), EMPTY);
                    batch.put(RawKeys.startingWith(RawKeys.MEMBER_CITY_ENTRY).string(member.city()).number(member.id())
                            .bytes(), EMPTY);
                }
                db.write(writeOptions, batch);
            } catch (RocksDBException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The members aged {@code from} (inclusive) to {@code to} (exclusive), by age, then by id. */
    List<Member> byAgeBetween(int from, int to) {
        byte[] begin = RawKeys.startingWith(RawKeys.MEMBER_AGE_ENTRY).number(from).bytes();
        byte[] end = RawKeys.startingWith(RawKeys.MEMBER_AGE_ENTRY).number(to).bytes();
        List<byte[]> keys = new ArrayList<>();
        scan(begin, end, keys, false);
        return fetch(keys);
    }

    /** The members of any of {@code cities}, by id, each once. */
    List<Member> byCityIn(Collection<String> cities) {
        List<byte[]> keys = new ArrayList<>();
        for (String city : cities) {
            byte[] prefix = RawKeys.startingWith(RawKeys.MEMBER_CITY_ENTRY).string(city).bytes();
            byte[] end = Arrays.copyOf(prefix, prefix.length + 1);
            end[prefix.length] = (byte) 0xFF;
            scan(prefix, end, keys, true);
        }
        keys.sort(Arrays::compareUnsigned);
        List<byte[]> distinct = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            if (distinct.isEmpty() || !Arrays.equals(distinct.get(distinct.size() - 1), key)) {
                distinct.add(key);
            }
        }
        return fetch(distinct);
    }

    /**
     * Adds the record key of every entry in {@code [begin, end)}: an entry is the index's prefix (as long as
     * {@code begin}'s for the city, a fixed length for the age), the value (a string, or a non-negative integer),
     * then the id.
     */
    private void scan(byte[] begin, byte[] end, List<byte[]> keys, boolean stringValue) {
        int valueStart = stringValue ? RawKeys.MEMBER_CITY_ENTRY.length : RawKeys.MEMBER_AGE_ENTRY.length;
        try (RocksIterator it = db.newIterator()) {
            for (it.seek(begin); it.isValid(); it.next()) {
                byte[] entry = it.key();
                if (Arrays.compareUnsigned(entry, end) >= 0) {
                    break;
                }
                int idStart = stringValue ? stringEnd(entry, valueStart) : valueStart + 1 + entry[valueStart] - 0x14;
                keys.add(recordKey(Arrays.copyOfRange(entry, idStart, entry.length)));
            }
        }
    }

    /** Where the string element starting at {@code at} ends: after its 00 that no FF follows. */
    private static int stringEnd(byte[] key, int at) {
        for (int i = at + 1; i < key.length; i++) {
            if (key[i] == 0 && (i + 1 == key.length || key[i + 1] != (byte) 0xFF)) {
                return i + 1;
            }
            if (key[i] == 0) {
                i++;
            }
        }
        throw new IllegalStateException("unterminated string");
    }

    private List<Member> fetch(List<byte[]> keys) {
        List<Member> members = new ArrayList<>(keys.size());
        if (keys.isEmpty()) {
            return members;
        }
        try {
            for (byte[] value : db.multiGetAsList(keys)) {
                if (value != null) {
                    members.add(decode(value));
                }
            }
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
        return members;
    }

    private static byte[] recordKey(byte[] id) {
        byte[] key = Arrays.copyOf(RawKeys.MEMBER_RECORD_HEAD, RawKeys.MEMBER_RECORD_HEAD.length + id.length + 1);
        System.arraycopy(id, 0, key, RawKeys.MEMBER_RECORD_HEAD.length, id.length);
        return key;
    }

    private static byte[] encode(Member member) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(96);
        try (JsonGenerator json = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
            json.writeStartObject();
            json.writeNumberProperty("id", member.id());
            json.writeStringProperty("name", member.name());
            json.writeNumberProperty("age", member.age());
            json.writeStringProperty("city", member.city());
            json.writeNumberProperty("points", member.points());
            json.writeEndObject();
        }
        return out.toByteArray();
    }

    private static Member decode(byte[] value) {
        long id = 0;
        String name = null;
        int age = 0;
        String city = null;
        long points = 0;
        try (JsonParser json = JSON.createParser(ObjectReadContext.empty(), value)) {
            json.nextToken();
            for (String field = json.nextName(); field != null; field = json.nextName()) {
                JsonToken token = json.nextToken();
                switch (field) {
                    case "id" -> id = json.getLongValue();
                    case "name" -> name = json.getString();
                    case "age" -> age = json.getIntValue();
                    case "city" -> city = json.getString();
                    case "points" -> points = json.getLongValue();
                    default -> throw new IllegalStateException("unexpected field " + field + " (" + token + ")");
                }
            }
        }
        return new Member(id, name, age, city, points);
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
        bloomFilter.close();
        blockCache.close();
    }
}
