package io.kvmapper.cli.entities;

import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;

/**
 * Writes memos into a RocksDB store, in units of work of 1,000: for the tests that move more data than the tool's
 * heap holds, and, as a main class, for measuring the tool on a million records ({@code docs/cli.md}).
 */
public final class Memos {
    private Memos() {
    }

    /** {@code count} memos with texts of {@code textLength} characters, in ten topics. */
    public static void write(KvStore store, int count, int textLength) {
        MemoRepository memos = new MemoRepository(store);
        String filler = "lorem ipsum dolor sit amet ".repeat(textLength / 27 + 1).substring(0, textLength);
        for (int from = 0; from < count; from += 1_000) {
            int start = from;
            store.transact(tx -> {
                MemoRepository inTx = memos.with(tx);
                for (int id = start; id < Math.min(count, start + 1_000); id++) {
                    inTx.insert(new Memo(id, "topic-" + id % 10, id + " " + filler));
                }
            });
        }
    }

    /** {@code Memos DIR COUNT TEXT_LENGTH}: writes the memos into the RocksDB store in DIR. */
    public static void main(String[] args) {
        try (KvStore store = RocksKvStore.open(Path.of(args[0]))) {
            write(store, Integer.parseInt(args[1]), Integer.parseInt(args[2]));
        }
    }
}
