package io.kvmapper.internal.layout;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.internal.tuple.TupleText;
import java.util.Locale;

/**
 * The one check of {@link KvStore#MAX_KEY_BYTES}, made where each kind of key is built for a write and before
 * anything is written, and its one message. A length compare on the hot path; the message, built only on
 * refusal, prints the key abbreviated (never a megabyte) with its length. Reads and deletes do not check: a
 * longer key stored before the limit existed can still be read and removed.
 */
public final class KeyLimit {
    /** How much of a refused key a message prints. */
    public static final int SHOWN_CHARS = 120;

    private KeyLimit() {
    }

    /** Whether a key of {@code length} bytes may be written. */
    public static boolean fits(int length) {
        return length <= KvStore.MAX_KEY_BYTES;
    }

    /**
     * {@code key}, once it is no longer than {@link KvStore#MAX_KEY_BYTES}.
     *
     * @param owner what writes the key, as the message starts: {@code "User"}, {@code "User: index 'email'"}
     * @param kind what the key is, such as {@code "the record key"} or {@code "the entry"}
     * @param fix how to stay within the limit, such as {@code "shorten the key components"}
     * @throws InvalidRequestException naming the owner and the key if it is longer
     */
    public static byte[] require(byte[] key, String owner, String kind, String fix) {
        if (!fits(key.length)) {
            throw tooLong(key, owner, kind, fix);
        }
        return key;
    }

    /** The refusal of {@code key}, longer than {@link KvStore#MAX_KEY_BYTES}. */
    public static InvalidRequestException tooLong(byte[] key, String owner, String kind, String fix) {
        return new InvalidRequestException(owner + ": " + kind + " " + TupleText.abbreviated(key, SHOWN_CHARS)
                + " is " + String.format(Locale.ROOT, "%,d", key.length) + " bytes, over the " + limitText() + "; " + fix);
    }

    /** The limit as every refusal of a long key states it, the Cassandra backend's own too. */
    public static String limitText() {
        return String.format(Locale.ROOT, "%,d", KvStore.MAX_KEY_BYTES) + " bytes KV Mapper writes in a key on every backend"
                + " (KvStore.MAX_KEY_BYTES)";
    }
}
