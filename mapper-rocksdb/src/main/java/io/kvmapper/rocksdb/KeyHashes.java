package io.kvmapper.rocksdb;

import java.util.Arrays;

/** A growable list of key hashes ({@link CommitLedger#hash}): the keys a transaction tracks. */
final class KeyHashes {
    private long[] hashes = new long[8];
    private int size;

    void add(long hash) {
        if (size == hashes.length) {
            hashes = Arrays.copyOf(hashes, size * 2);
        }
        hashes[size++] = hash;
    }

    int size() {
        return size;
    }

    long get(int index) {
        return hashes[index];
    }
}
