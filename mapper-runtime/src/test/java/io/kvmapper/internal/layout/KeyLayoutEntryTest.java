package io.kvmapper.internal.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.internal.tuple.TupleWriter;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyLayout#isEntry}, the in-place check a fetch through an index makes for every record, agrees with
 * building the entry ({@link KeyLayout#entry}) and comparing: for keys with and without partition components, and
 * for entries that differ from the built one in any byte or in length.
 */
class KeyLayoutEntryTest {
    @Test
    void anEntryIsTheOneBuiltFromItsPartsAndNoOtherKeyIs() {
        for (int partitionSize = 0; partitionSize <= 2; partitionSize++) {
            KeyLayout layout = new KeyLayout("Member", partitionSize);
            byte[] prefix = layout.indexPrefix("city");
            for (String city : new String[] {"", "Lyon", "Saint-Étienne"}) {
                byte[] value = new TupleWriter(16).writeString(city).toByteArray();
                byte[] recordKey = recordKey(partitionSize, 42L, "x");
                byte[] entry = layout.entry(prefix, value, recordKey);
                assertArrayEquals(recordKey, layout.recordKeyOf(entry, prefix.length, 1));
                assertTrue(layout.isEntry(entry, prefix, value, recordKey));
                for (int i = 0; i < entry.length; i++) {
                    byte[] changed = entry.clone();
                    changed[i] ^= 0x01;
                    assertFalse(layout.isEntry(changed, prefix, value, recordKey), "byte " + i + " changed");
                }
                assertFalse(layout.isEntry(Arrays.copyOf(entry, entry.length - 1), prefix, value, recordKey));
                assertFalse(layout.isEntry(Arrays.copyOf(entry, entry.length + 1), prefix, value, recordKey));
                byte[] otherValue = new TupleWriter(16).writeString(city + "s").toByteArray();
                assertFalse(layout.isEntry(entry, prefix, otherValue, recordKey));
                assertFalse(layout.isEntry(entry, prefix, value, recordKey(partitionSize, 43L, "x")));
            }
        }
    }

    /** {@code ((Member, "r", 42[, "x"]), ...)}: the first {@code partitionSize} components in the partition. */
    private static byte[] recordKey(int partitionSize, long id, String name) {
        TupleWriter key = new TupleWriter(64).beginNested().appendRaw(RecordKeys.partitionHead("Member"));
        if (partitionSize >= 1) {
            key.writeLong(id);
        }
        if (partitionSize >= 2) {
            key.writeString(name);
        }
        key.endNested();
        if (partitionSize < 1) {
            key.writeLong(id);
        }
        if (partitionSize < 2) {
            key.writeString(name);
        }
        return key.toByteArray();
    }
}
