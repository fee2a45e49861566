package io.kvmapper.internal.operations;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.spi.KeyRange;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.function.Function;
import java.util.zip.CRC32C;

/**
 * Continuation tokens of paged finders. Self-contained, so a page can be resumed in another process, bound to
 * the query that made them, and tamper-evident. A token is the URL-safe base64 (no padding) of
 *
 * <pre>
 * format (1 byte) | query digest (8 bytes) | last key returned | CRC32C of everything before (4 bytes)
 * </pre>
 *
 * The query digest is the first 8 bytes of the SHA-256 of the scan's kind and its range bounds (the entity, the
 * index and the finder's arguments are all in the range bytes), so a token resumes only the query that made it:
 * a token of {@code findAll} is refused by a {@code Between} finder, and one of {@code findByAAndBBetween(7, 100,
 * 300)} by {@code findByAAndBBetween(7, 0, 300)}. The checksum makes a cut or altered token fail rather than
 * resume elsewhere. Tokens are not secret (they hold the last key, which the caller has seen) and not signed: a
 * forged token with a correct digest and checksum can only resume its own query at a key inside its range, which
 * the caller could ask for directly.
 */
final class Continuations {
    private static final byte FORMAT = 2;
    /** The format of a derived query's token, which {@link #encodeQuery} describes. */
    private static final byte QUERY_FORMAT = 3;
    private static final int DIGEST = 8;
    private static final MessageDigest SHA_256 = newSha256();
    private static final int CHECKSUM = 4;
    /** How a finder's token is refused. */
    private static final Refusals FINDER = new Refusals("it is not a continuation token",
            "it is not a continuation token (or was cut)", "it belongs to another query");
    /** How a derived query's token is refused. */
    private static final Refusals QUERY = new Refusals("it is not a continuation token",
            "it is not a continuation token of a query method (or was cut)",
            "it belongs to another query, or to other arguments");

    /** What a paged scan reads, as the digest tells kinds apart: records, or the entries of an index. */
    enum Scan {
        RECORDS, INDEX
    }

    private Continuations() {
    }

    /** The token resuming a scan of {@code range} of kind {@code scan} after {@code lastKey}. */
    static String encode(Scan scan, KeyRange range, byte[] lastKey) {
        return seal(FORMAT, digest(scan, range), lastKey);
    }

    /**
     * The key after which a scan of {@code range} resumes ({@link io.kvmapper.spi.KvReader#resume}): the last
     * key of the page the continuation ends, extended past every key that extends it as a tuple (the items of
     * an attribute-per-key record lie below its key); {@code null} when nothing of the range is left.
     *
     * @throws InvalidRequestException if the token is not one, was cut or altered, or belongs to another query
     */
    static byte[] resumeAfter(String entityName, String continuation, Scan scan, KeyRange range) {
        byte[] lastKey = unseal(continuation, FORMAT, digest(scan, range), 1, FINDER,
                why -> invalid(entityName, continuation, why));
        if (!range.contains(lastKey)) {
            throw invalid(entityName, continuation, "its key lies outside the query's range");
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
        return seal(QUERY_FORMAT, digest(binding), position);
    }

    /**
     * The position a token of {@link #encodeQuery} holds.
     *
     * @throws InvalidRequestException if the token is not one, was cut or altered, or belongs to another query or
     *     other arguments
     */
    static byte[] queryPosition(String owner, String continuation, byte[] binding) {
        return unseal(continuation, QUERY_FORMAT, digest(binding), 0, QUERY, why -> invalid(owner, continuation, why));
    }

    /**
     * How a kind of sealed token is refused: {@code notOne} when it is not base64, {@code cutOrNotOne} when it is
     * too short or of another format, {@code foreign} when its digest is another query's.
     */
    record Refusals(String notOne, String cutOrNotOne, String foreign) {
    }

    /**
     * The sealed token of {@code body}, the format every continuation shares: the URL-safe base64 (no padding) of
     * {@code format (1 byte) | digest (8 bytes) | body | CRC32C of everything before (4 bytes)}.
     *
     * @param digest the first 8 bytes of a digest of what the token is bound to ({@link #digest(byte[])})
     */
    static String seal(byte format, byte[] digest, byte[] body) {
        ByteBuffer token = ByteBuffer.allocate(1 + DIGEST + body.length + CHECKSUM);
        token.put(format).put(digest, 0, DIGEST).put(body);
        token.putInt(checksum(token.array(), token.position()));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(token.array());
    }

    /**
     * The body of a token of {@link #seal}, checked: of {@code format}, at least {@code minBody} bytes of body,
     * not cut or altered (its checksum), and bound to {@code digest}.
     *
     * @param refuse makes the exception thrown, given why the token is refused
     * @throws InvalidRequestException from {@code refuse} if the token is not one of its kind
     */
    static byte[] unseal(String continuation, byte format, byte[] digest, int minBody, Refusals refusals,
            Function<String, InvalidRequestException> refuse) {
        byte[] token;
        try {
            token = Base64.getUrlDecoder().decode(continuation);
        } catch (IllegalArgumentException e) {
            throw refuse.apply(refusals.notOne());
        }
        if (token.length < 1 + DIGEST + minBody + CHECKSUM || token[0] != format) {
            throw refuse.apply(refusals.cutOrNotOne());
        }
        int checked = token.length - CHECKSUM;
        if (ByteBuffer.wrap(token, checked, CHECKSUM).getInt() != checksum(token, checked)) {
            throw refuse.apply("it was cut or altered (its checksum does not match)");
        }
        if (!Arrays.equals(token, 1, 1 + DIGEST, digest, 0, DIGEST)) {
            throw refuse.apply(refusals.foreign());
        }
        return Arrays.copyOfRange(token, 1 + DIGEST, checked);
    }

    /** The first 8 bytes of the SHA-256 of {@code binding}: what binds a token to what made it. */
    static byte[] digest(byte[] binding) {
        return Arrays.copyOf(sha256().digest(binding), DIGEST);
    }

    private static byte[] digest(Scan scan, KeyRange range) {
        MessageDigest sha = sha256();
        sha.update((byte) scan.ordinal());
        sha.update(ByteBuffer.allocate(4).putInt(range.begin().length).array());
        sha.update(range.begin());
        sha.update(range.end());
        return Arrays.copyOf(sha.digest(), DIGEST);
    }

    /**
     * A fresh SHA-256, cloned from {@link #SHA_256}: {@code MessageDigest.getInstance} looks the algorithm up among
     * the security providers on every call, which cost a short Cassandra finder a tenth of its client time.
     */
    private static MessageDigest sha256() {
        try {
            return (MessageDigest) SHA_256.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the platform's SHA-256 cannot be cloned", e);
        }
    }

    private static MessageDigest newSha256() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.clone(); // fails here, when the class loads, if this platform's SHA-256 cannot be cloned
            return sha;
        } catch (NoSuchAlgorithmException | CloneNotSupportedException e) {
            throw new IllegalStateException("every Java platform provides a SHA-256 that can be cloned", e);
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
