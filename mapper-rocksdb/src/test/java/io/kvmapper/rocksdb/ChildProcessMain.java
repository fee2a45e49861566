package io.kvmapper.rocksdb;

import io.kvmapper.StorageException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KvTransaction;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What the tests run in a second JVM: {@code write <dir>} commits numbered units until killed,
 * printing each sequence number once its commit returned; {@code open <dir>} tries to open the store
 * and prints the outcome.
 */
final class ChildProcessMain {
    static final byte[] LAST = bytes("last");
    static final byte[] COUNT = bytes("count");
    static final byte[] RECORD_PREFIX = bytes("rec/");
    static final byte[] MARKER_PREFIX = bytes("mark/");

    private ChildProcessMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        switch (args[0]) {
            case "write" -> writeUntilKilled(dir);
            case "open" -> tryToOpen(dir);
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    /**
     * Each unit {@code n} writes a record, adds one to a counter, writes a marker and moves the
     * {@code last} pointer: after a crash either all four reflect {@code n} or none does.
     */
    private static void writeUntilKilled(Path dir) {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            byte[] last = backend.get(LAST);
            long sequence = last == null ? 0 : ByteBuffer.wrap(last).getLong();
            while (true) {
                sequence++;
                try (KvTransaction tx = backend.beginTransaction()) {
                    tx.put(key(RECORD_PREFIX, sequence), payload(sequence));
                    tx.add(COUNT, 1);
                    tx.put(key(MARKER_PREFIX, sequence), new byte[0]);
                    tx.put(LAST, ByteBuffer.allocate(Long.BYTES).putLong(sequence).array());
                    tx.commit();
                }
                System.out.println(sequence);
                System.out.flush();
            }
        }
    }

    private static void tryToOpen(Path dir) {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            System.out.println("OPENED " + Counters.decode(COUNT, backend.get(COUNT)));
        } catch (StorageException e) {
            System.out.println("FAILED retryable=" + e.isRetryable() + " " + e.getMessage());
        }
    }

    static byte[] key(byte[] prefix, long sequence) {
        byte[] key = Arrays.copyOf(prefix, prefix.length + Long.BYTES);
        ByteBuffer.wrap(key, prefix.length, Long.BYTES).putLong(sequence);
        return key;
    }

    static byte[] payload(long sequence) {
        return bytes("record " + sequence + " " + "x".repeat((int) (sequence % 200)));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
