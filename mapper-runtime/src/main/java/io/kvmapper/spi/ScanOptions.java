package io.kvmapper.spi;

/**
 * How a range is scanned.
 *
 * @param reverse whether keys come in descending byte order
 * @param limit the most items to return, or {@code 0} for no limit
 */
public record ScanOptions(boolean reverse, int limit) {
    /** Every key in ascending order. */
    public static final ScanOptions FORWARD = new ScanOptions(false, 0);
    /** Every key in descending order. */
    public static final ScanOptions REVERSE = new ScanOptions(true, 0);

    /** Checks the limit. */
    public ScanOptions {
        if (limit < 0) {
            throw new IllegalArgumentException("scan limit must be 0 (no limit) or positive, was " + limit);
        }
    }

    /** The same direction, stopping after {@code limit} items. */
    public ScanOptions withLimit(int limit) {
        return new ScanOptions(reverse, limit);
    }
}
