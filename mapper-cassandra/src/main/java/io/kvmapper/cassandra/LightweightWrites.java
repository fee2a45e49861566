package io.kvmapper.cassandra;

/**
 * The lightweight transactions that claims and checked writes make: each one Paxos round on one key of the data
 * table, at the serial consistency level ({@link Statements#lightweight}), never retried by the driver. What a
 * transaction's parts ask of them, so that each part can be tested with a fake; {@link CqlRequests} makes them.
 */
interface LightweightWrites {
    /** {@code INSERT ... IF NOT EXISTS} of {@code value} under {@code key}. */
    Insert insertIfAbsent(byte[] key, byte[] value);

    /**
     * Writes {@code value} (null: removes the key) if the key holds {@code expected} (null: is absent), as
     * {@code UPDATE ... IF value = ?}, {@code INSERT ... IF NOT EXISTS} or {@code DELETE ... IF value = ?}; with
     * both null, only reads the key at the serial consistency level.
     *
     * @return whether the key held {@code expected}, and so whether the write was applied
     */
    boolean compareAndSet(byte[] key, byte[] expected, byte[] value);

    /**
     * What an {@link #insertIfAbsent} did.
     *
     * @param applied whether the key was absent and now holds the value
     * @param holder when not applied, the key's value; null for a row without one (a value stored as chunks)
     */
    record Insert(boolean applied, byte[] holder) {
    }
}
