package io.kvmapper.it.schema;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.KvMapperException;
import io.kvmapper.KvStore;
import io.kvmapper.OptimisticLockException;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The crash test's child process: {@code CrashWriterMain <store dir> <seed> <mode>} opens the store and
 * writes {@link CrashAccount}s from two threads until it is killed: inserts, whole-entity saves, partial
 * updates and deletes, some of them refused by the version check or the key check. It prints
 * {@code started} once it has written.
 *
 * <p>Modes: {@code full} takes handles from a small pool, so that the unique index refuses some writes;
 * {@code build} and {@code v0} derive each handle from the id, so that no two accounts ever share one
 * (an index being built cannot refuse a duplicate beyond its cursor, and {@code v0} has no index at all):
 * {@code build} writes through {@link CrashAccount}, {@code v0} through {@link CrashAccountV0}, which has
 * no indexes or counters, so opening the store with it drops them.
 */
public final class CrashWriterMain {
    static final int KEY_SPACE = 3_000;
    static final int HANDLES = 4_000;
    static final String[] TIERS = {"bronze", "silver", "gold", "platinum"};

    private CrashWriterMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        long seed = Long.parseLong(args[1]);
        String mode = args[2];
        boolean pooledHandles = mode.equals("full");
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            e.printStackTrace();
            Runtime.getRuntime().halt(3); // an unexpected failure: die now, so the test sees it
        });
        KvStore store = RocksKvStore.open(dir);
        Accounts accounts = mode.equals("v0") ? new Old(new CrashAccountV0Repository(store))
                : new Full(new CrashAccountRepository(store));
        AtomicBoolean started = new AtomicBoolean();
        Thread[] writers = new Thread[2];
        for (int w = 0; w < writers.length; w++) {
            Random random = new Random(seed * 31 + w);
            writers[w] = new Thread(() -> {
                while (true) {
                    int burst = 1 + random.nextInt(pooledHandles ? 50 : 20);
                    for (int i = 0; i < burst; i++) {
                        try {
                            write(accounts, random, pooledHandles);
                        } catch (DuplicateKeyException | UniqueConstraintException | OptimisticLockException e) {
                            // refused: the store is unchanged
                        } catch (KvMapperException e) {
                            if (!e.isRetryable()) {
                                throw e;
                            }
                        }
                        if (started.compareAndSet(false, true)) {
                            System.out.println("started");
                            System.out.flush();
                        }
                    }
                    try {
                        // pauses, so that online builds get between the writes
                        Thread.sleep(random.nextInt(pooledHandles ? 4 : 15));
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "crash-writer-" + w);
            writers[w].start();
        }
        for (Thread writer : writers) {
            writer.join(); // until killed
        }
    }

    private static void write(Accounts accounts, Random random, boolean pooledHandles) {
        long id = random.nextInt(KEY_SPACE);
        String handle = pooledHandles ? "h" + random.nextInt(HANDLES) : "h" + id + "." + random.nextInt(100);
        String tier = TIERS[random.nextInt(TIERS.length)];
        long balance = 1 + random.nextInt(1_000);
        int kind = random.nextInt(20);
        if (kind < 6) {
            accounts.insert(id, handle, tier, balance);
        } else if (kind < 12) {
            accounts.replace(id, handle, tier, balance);
        } else if (kind < 15) {
            accounts.updateTier(id, tier);
        } else if (kind < 17) {
            accounts.updateBalance(id, balance);
        } else {
            accounts.delete(id);
        }
    }

    /** The writes, through either code version. */
    private interface Accounts {
        void insert(long id, String handle, String tier, long balance);

        /** Saves a changed copy of the stored entity (or a new one), with the version it was read at. */
        void replace(long id, String handle, String tier, long balance);

        void updateTier(long id, String tier);

        void updateBalance(long id, long balance);

        void delete(long id);
    }

    private record Full(CrashAccountRepository repository) implements Accounts {
        @Override
        public void insert(long id, String handle, String tier, long balance) {
            repository.insert(new CrashAccount(id, handle, tier, balance, 0));
        }

        @Override
        public void replace(long id, String handle, String tier, long balance) {
            Optional<CrashAccount> current = repository.findById(id);
            repository.save(new CrashAccount(id, handle, tier, balance, current.map(CrashAccount::version).orElse(0L)));
        }

        @Override
        public void updateTier(long id, String tier) {
            repository.updateTier(id, tier);
        }

        @Override
        public void updateBalance(long id, long balance) {
            repository.updateBalance(id, balance);
        }

        @Override
        public void delete(long id) {
            repository.deleteById(id);
        }
    }

    private record Old(CrashAccountV0Repository repository) implements Accounts {
        @Override
        public void insert(long id, String handle, String tier, long balance) {
            repository.insert(new CrashAccountV0(id, handle, tier, balance, 0));
        }

        @Override
        public void replace(long id, String handle, String tier, long balance) {
            Optional<CrashAccountV0> current = repository.findById(id);
            repository.save(new CrashAccountV0(id, handle, tier, balance,
                    current.map(CrashAccountV0::version).orElse(0L)));
        }

        @Override
        public void updateTier(long id, String tier) {
            repository.updateTier(id, tier);
        }

        @Override
        public void updateBalance(long id, long balance) {
            repository.updateBalance(id, balance);
        }

        @Override
        public void delete(long id) {
            repository.deleteById(id);
        }
    }
}
