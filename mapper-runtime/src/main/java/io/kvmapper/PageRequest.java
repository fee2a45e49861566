package io.kvmapper;

import java.util.Optional;

/**
 * Which page of a list finder to return: its size, and for every page but the first the continuation
 * of the page before. A continuation is an opaque string that stays valid across processes and
 * restarts; it resumes the scan right after the last item of the previous page.
 */
public final class PageRequest {
    /** The largest page size accepted. */
    public static final int MAX_SIZE = 10_000;

    private final String continuation;
    private final int size;

    private PageRequest(String continuation, int size) {
        if (size < 1 || size > MAX_SIZE) {
            throw new InvalidRequestException("page size must be between 1 and " + MAX_SIZE + ", was " + size);
        }
        this.continuation = continuation;
        this.size = size;
    }

    /**
     * The first page, of at most {@code size} items.
     *
     * @throws InvalidRequestException if {@code size} is not between 1 and {@link #MAX_SIZE}
     */
    public static PageRequest ofSize(int size) {
        return new PageRequest(null, size);
    }

    /**
     * The page after the one whose {@link Page#continuation()} is {@code continuation}.
     *
     * @throws InvalidRequestException if {@code continuation} is null (ask for the first page with
     *     {@link #ofSize}) or {@code size} is not between 1 and {@link #MAX_SIZE}
     */
    public static PageRequest resume(String continuation, int size) {
        if (continuation == null) {
            throw new InvalidRequestException("cannot resume from a null continuation: pass the continuation of the"
                    + " page before, or ask for the first page with PageRequest.ofSize(" + size + ")");
        }
        return new PageRequest(continuation, size);
    }

    /** The most items on the page. */
    public int size() {
        return size;
    }

    /** The continuation to resume from; empty for the first page. */
    public Optional<String> continuation() {
        return Optional.ofNullable(continuation);
    }

    @Override
    public String toString() {
        return continuation == null ? "PageRequest[first, size=" + size + "]"
                : "PageRequest[resume=" + continuation + ", size=" + size + "]";
    }
}
