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
        assertTrue(e.getMessage().contains("at most 65535 bytes"), e.getMessage());
    }

    @Test
    void aSortKeyLongerThanAKeyColumnIsAnInvalidRequest() {
        byte[] key = Tuples.encode(List.of(List.of("User", "i", "email"), LONG));
        assertThrows(InvalidRequestException.class, () -> PartitionRange.partitionLength(key));
    }
}
