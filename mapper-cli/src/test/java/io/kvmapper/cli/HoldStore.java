package io.kvmapper.cli;

import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;

/**
 * An application holding a store, run in a process of its own: opens the store in {@code args[0]}, prints
 * {@code HOLDING}, and keeps adding to a multimap until it is killed.
 */
final class HoldStore {
    private HoldStore() {
    }

    public static void main(String[] args) throws InterruptedException {
        try (KvStore store = RocksKvStore.open(Path.of(args[0]))) {
            System.out.println("HOLDING");
            System.out.flush();
            while (true) {
                store.multimap("held", String.class, Long.class).add("ticks", System.nanoTime());
                Thread.sleep(20);
            }
        }
    }
}
