package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.tuple.Tuples;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How keys split into partition and sort key: a key whose partition element or sort key is longer than Cassandra's
 * limit for a key column is an {@code InvalidRequestException} before anything reaches the server (the bad-input
 * fuzzer found a 64 KiB key component failing on the server, as a {@code StorageException}).
 */
class PartitionRangeTest {
    private static final String LONG = "x".repeat(PartitionRange.MAX_KEY_COLUMN);

    @Test
    void aPartitionElementLongerThanAKeyColumnIsAnInvalidRequest() {
        byte[] key = Tuples.encode(List.of(List.of("User", "r", LONG), 7L));
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> PartitionRange.partitionLength(key));
        assertTrue(e.getMessage().contains("over the 65,535 bytes Cassandra holds in a key column"), e.getMessage());
        // it agrees with the mapper's own refusal (KeyLimit), which names the same limit, and abbreviates the key
        assertTrue(e.getMessage().contains("over the 10,000 bytes KV Mapper writes in a key on every backend"
                + " (KvStore.MAX_KEY_BYTES); shorten the key components or indexed values"), e.getMessage());
        assertTrue(e.getMessage().startsWith("the key (") && e.getMessage().contains("\"User\", \"r\", \"xxx"),
                e.getMessage());
        assertTrue(e.getMessage().length() < 600, e.getMessage());
    }

    @Test
    void aSortKeyLongerThanAKeyColumnIsAnInvalidRequest() {
        byte[] key = Tuples.encode(List.of(List.of("User", "i", "email"), LONG));
        assertThrows(InvalidRequestException.class, () -> PartitionRange.partitionLength(key));
    }

    @Test
    void aSortKeyOfExactlyAKeyColumnFits() {
        byte[] partition = Tuples.encode(List.of("User", "i", "email"));
        // a string element is its type code, its bytes and a terminating zero
        byte[] atLimit = Tuples.encode(List.of("User", "i", "email"), "x".repeat(65_533));
        assertTrue(atLimit.length - partition.length == PartitionRange.MAX_KEY_COLUMN);
        assertTrue(PartitionRange.partitionLength(atLimit) == partition.length);
        byte[] over = Tuples.encode(List.of("User", "i", "email"), "x".repeat(65_534));
        assertThrows(InvalidRequestException.class, () -> PartitionRange.partitionLength(over));
    }
}
