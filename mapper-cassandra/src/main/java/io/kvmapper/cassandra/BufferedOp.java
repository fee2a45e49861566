package io.kvmapper.cassandra;

import io.kvmapper.spi.Counters;
import java.util.Arrays;

/** A buffered write of one key ({@link WriteSet}): the last one made, with later adds folded in. */
sealed interface BufferedOp {
    /** The key's value after this write, given its value in the store before it. */
    byte[] applyTo(byte[] stored);

    /** Whether {@link #applyTo} needs the stored value. */
    default boolean readsStored() {
        return false;
    }

    /** The operation's name, for messages. */
    String describe();

    /** Store {@code value}. */
    record Put(byte[] value) implements BufferedOp {
        @Override
        public byte[] applyTo(byte[] stored) {
            return value.clone();
        }

        @Override
        public String describe() {
            return "put";
        }
    }

    /** Remove the key. */
    enum Delete implements BufferedOp {
        INSTANCE;

        @Override
        public byte[] applyTo(byte[] stored) {
            return null;
        }

        @Override
        public String describe() {
            return "delete";
        }
    }

    /** Add {@code delta} to whatever the store holds (absent or not 8 bytes: zero). */
    record Add(long delta) implements BufferedOp {
        @Override
        public byte[] applyTo(byte[] stored) {
            return Counters.encode(StoredValues.asCounter(stored) + delta);
        }

        @Override
        public boolean readsStored() {
            return true;
        }

        @Override
        public String describe() {
            return "add";
        }
    }

    /** Give up the claim of {@code holder}: the key reads as absent if {@code holder} holds it. */
    record Release(byte[] holder) implements BufferedOp {
        @Override
        public byte[] applyTo(byte[] stored) {
            return stored == null || Arrays.equals(stored, holder) ? null : stored.clone();
        }

        @Override
        public boolean readsStored() {
            return true;
        }

        @Override
        public String describe() {
            return "release";
        }
    }

    /** Write {@code value} (null: remove) if the key still holds {@code expected} (null: is absent). */
    record Checked(byte[] expected, byte[] value) implements BufferedOp {
        @Override
        public byte[] applyTo(byte[] stored) {
            return value == null ? null : value.clone();
        }

        @Override
        public String describe() {
            return "writeIfUnchanged";
        }
    }
}
