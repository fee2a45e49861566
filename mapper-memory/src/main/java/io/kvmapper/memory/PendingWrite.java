package io.kvmapper.memory;

import io.kvmapper.spi.Counters;

/**
 * What a transaction will do to one key when it commits: replace the value (a put, or a delete), add to
 * it as a counter, or both in that order (a put or delete followed by adds).
 *
 * @param replaces whether the value before the transaction no longer matters: a put or a delete was made
 * @param value the put's value, or {@code null} for a delete or when nothing replaces the value
 * @param adds whether adds follow (even of zero: an add makes an absent key a counter)
 * @param delta the sum of the adds since the last put or delete, wrapping on overflow
 */
record PendingWrite(boolean replaces, byte[] value, boolean adds, long delta) {
    static final PendingWrite DELETE = new PendingWrite(true, null, false, 0);

    static PendingWrite put(byte[] value) {
        return new PendingWrite(true, value, false, 0);
    }

    static PendingWrite add(long delta) {
        return new PendingWrite(false, null, true, delta);
    }

    /** This write followed by an add of {@code more}. */
    PendingWrite plus(long more) {
        return new PendingWrite(replaces, value, true, delta + more);
    }

    /**
     * The value of {@code key} after this write, given its value before ({@code null}: absent; ignored when
     * the write replaces it); {@code null} means absent. The array may be this write's own: copy it before
     * handing it out.
     *
     * @throws io.kvmapper.CorruptDataException if adds meet a value that is not 8 bytes long
     */
    byte[] applyTo(byte[] key, byte[] before) {
        byte[] start = replaces ? value : before;
        return adds ? Counters.encode(Counters.decode(key, start) + delta) : start;
    }
}
