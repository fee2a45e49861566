package io.kvmapper.internal.operations;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.spi.KeyRange;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.CRC32C;

/**
 * Continuation tokens of paged finders: URL-safe base64 of a format byte and the last key returned.
 * Self-contained, so a page can be resumed in another process; checked against the query's range on
 * resume, so a token from another query is rejected rather than silently misread.
 */
final class Continuations {
    private static final byte FORMAT = 1;
    /** The format of a derived query's token, which {@link #encodeQuery} describes. */
    private static final byte QUERY_FORMAT = 3;
    private static final int DIGEST = 8;
    private static final int CHECKSUM = 4;

    private Continuations() {
    }

    static String encode(byte[] lastKey) {
        byte[] token = new byte[lastKey.length + 1];
        token[0] = FORMAT;
        System.arraycopy(lastKey, 0, token, 1, lastKey.length);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(token);
    }

    /**
     * The key after which a scan of {@code range} resumes ({@link io.kvmapper.spi.KvReader#resume}): the last
     * key of the page the continuation ends, extended past every key that extends it as a tuple (the items of
     * an attribute-per-key record lie below its key); {@code null} when nothing of the range is left.
     */
    static byte[] resumeAfter(String entityName, String continuation, KeyRange range) {
        byte[] token;
        try {
            token = Base64.getUrlDecoder().decode(continuation);
        } catch (IllegalArgumentException e) {
            throw invalid(entityName, continuation, "it is not a continuation token");
        }
        if (token.length < 2 || token[0] != FORMAT) {
            throw invalid(entityName, continuation, "it is not a continuation token");
        }
        byte[] lastKey = Arrays.copyOfRange(token, 1, token.length);
        if (!range.contains(lastKey)) {
            throw invalid(entityName, continuation, "it belongs to another query");
        }
        byte[] after = KeyRange.tuplePrefix(lastKey).end();
        return Arrays.compareUnsigned(after, range.end()) < 0 ? after : null;
    }

    /**
     * The token of a page of a derived query ({@link EntityQuery}), which may merge several ordered scans: the
     * URL-safe base64 (no padding) of
     *
     * <pre>
     * format (1 byte) | digest of the query (8 bytes) | position | CRC32C of everything before (4 bytes)
     * </pre>
     *
     * The digest is the first 8 bytes of the SHA-256 of {@code binding}, which names the method and holds every
     * argument, so a token resumes only the query and the arguments that made it; the checksum makes a cut or
     * altered token fail rather than resume elsewhere. {@code position} is where the merged scan stopped (see
     * {@link EntityQuery}); like the last key of a finder's token it is not secret and not signed: a forged one
     * can only resume the same query at a point inside its own ranges, which the caller could ask for directly.
     */
    static String encodeQuery(byte[] binding, byte[] position) {
        ByteBuffer token = ByteBuffer.allocate(1 + DIGEST + position.length + CHECKSUM);
        token.put(QUERY_FORMAT).put(digest(binding)).put(position);
        token.putInt(checksum(token.array(), token.position()));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(token.array());
    }

    /**
     * The position a token of {@link #encodeQuery} holds.
     *
     * @throws InvalidRequestException if the token is not one, was cut or altered, or belongs to another query or
     *     other arguments
     */
    static byte[] queryPosition(String owner, String continuation, byte[] binding) {
        byte[] token;
        try {
            token = Base64.getUrlDecoder().decode(continuation);
        } catch (IllegalArgumentException e) {
            throw invalid(owner, continuation, "it is not a continuation token");
        }
        if (token.length < 1 + DIGEST + CHECKSUM || token[0] != QUERY_FORMAT) {
            throw invalid(owner, continuation, "it is not a continuation token of a query method (or was cut)");
        }
        int checked = token.length - CHECKSUM;
        if (ByteBuffer.wrap(token, checked, CHECKSUM).getInt() != checksum(token, checked)) {
            throw invalid(owner, continuation, "it was cut or altered (its checksum does not match)");
        }
        if (!Arrays.equals(token, 1, 1 + DIGEST, digest(binding), 0, DIGEST)) {
            throw invalid(owner, continuation, "it belongs to another query, or to other arguments");
        }
        return Arrays.copyOfRange(token, 1 + DIGEST, checked);
    }

    private static byte[] digest(byte[] binding) {
        try {
            return Arrays.copyOf(MessageDigest.getInstance("SHA-256").digest(binding), DIGEST);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }

    private static int checksum(byte[] bytes, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, length);
        return (int) crc.getValue();
    }

    private static InvalidRequestException invalid(String entityName, String continuation, String why) {
        return new InvalidRequestException(entityName + ": cannot resume from continuation \"" + continuation
                + "\": " + why + "; pass the continuation of a page of the same finder with the same arguments");
    }
}
