package io.kvmapper.internal.operations;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.spi.KeyRange;
import java.util.Arrays;
import java.util.Base64;

/**
 * Continuation tokens of paged finders: URL-safe base64 of a format byte and the last key returned.
 * Self-contained, so a page can be resumed in another process; checked against the query's range on
 * resume, so a token from another query is rejected rather than silently misread.
 */
final class Continuations {
    private static final byte FORMAT = 1;

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

    private static InvalidRequestException invalid(String entityName, String continuation, String why) {
        return new InvalidRequestException(entityName + ": cannot resume from continuation \"" + continuation
                + "\": " + why + "; pass the continuation of a page of the same finder with the same arguments");
    }
}
