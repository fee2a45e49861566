package io.kvmapper.samples.documents;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.KvStore;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.StoredKeys;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * A very large entity split into chunks: the data-modelling article's "Composite | entity:id:chunk" row,
 * and its answer to the mistake of storing large objects as single keys. A 3,000,000-byte document is
 * stored as {@link DocumentChunk}s of at most 32 KiB under {@code (("DocumentChunk", "r", id), chunk)},
 * written in one unit of work, streamed back in chunk order by a paged prefix scan that never holds more
 * than 8 chunks, replaced by a shorter version without leaving a stale chunk, and deleted.
 *
 * <p>The Cassandra backend already splits any value longer than its {@code valueChunkSize} into chunks,
 * transparently ({@code docs/cassandra.md}), so one huge entity would be stored there too; but it is read
 * back whole, in one piece of memory. Modelling the chunks explicitly is what lets a reader stream a large
 * object, and keeps every value small on every backend.
 *
 * <p>One document is one partition, so writing it touches one partition: on RocksDB one transaction, on
 * Cassandra one unlogged batch, applied atomically and in isolation as one mutation (which Cassandra
 * bounds at 16 MiB by default; {@link ChunkedDocuments} says what larger objects would need).
 */
public final class ChunkedDocumentSample implements Sample {
    private static final String REPORT = "report-2026.txt";
    private static final int SIZE = 3_000_000;
    private static final int SHORTER_SIZE = 100_000;

    @Override
    public String title() {
        return "Large objects: a 3 MB document in 32 KiB chunks (entity:id:chunk), streamed back in chunk order";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        ChunkedDocuments documents = new ChunkedDocuments(store);
        documents.delete(REPORT);

        byte[] report = text("v1", SIZE);
        int chunks = documents.write(REPORT, report).chunks();
        out.printf(Locale.ROOT, "wrote %s, %,d bytes, as %d chunks of at most %,d bytes, in one unit of work%n",
                REPORT, report.length, chunks, ChunkedDocuments.CHUNK_SIZE);
        equal("chunks written", 92, chunks);
        List<String> keys = StoredKeys.ofPartition(store, "DocumentChunk", REPORT);
        out.println("its keys, in chunk order: " + keys.get(0) + ", " + keys.get(1) + ", ..., "
                + keys.get(keys.size() - 1));
        equal("keys under the document's prefix", 92, keys.size());
        int largest = StoredKeys.largestValueOfPartition(store, "DocumentChunk", REPORT);
        out.printf(Locale.ROOT, "the largest stored value: %,d bytes (a chunk's bytes, its key fields, a header and a checksum)%n",
                largest);
        equal("the largest value holds one chunk, not the document", true,
                largest > ChunkedDocuments.CHUNK_SIZE && largest < ChunkedDocuments.CHUNK_SIZE + 64);

        ChunkedDocuments.Read read = readBack(documents, report, out);
        equal("chunks read back", 92, read.chunks());
        equal("reads it took", 12, read.reads());

        byte[] shorter = text("v2", SHORTER_SIZE);
        ChunkedDocuments.Written replaced = documents.write(REPORT, shorter);
        keys = StoredKeys.ofPartition(store, "DocumentChunk", REPORT);
        out.printf(Locale.ROOT, "replaced by a %,d-byte version: %d chunks, written in one unit of work that also"
                + " deleted the %d stale chunks %d to %d; keys now: %d, the last %s%n", shorter.length,
                replaced.chunks(), replaced.staleDeleted(), replaced.chunks(), chunks - 1, keys.size(),
                keys.get(keys.size() - 1));
        equal("the shorter version", new ChunkedDocuments.Written(4, 88), replaced);
        equal("keys left after the replacement: no stale chunk", 4, keys.size());
        readBack(documents, shorter, out);

        int deleted = documents.delete(REPORT);
        keys = StoredKeys.ofPartition(store, "DocumentChunk", REPORT);
        ChunkedDocuments.Read gone = readBack(documents, new byte[0], null);
        out.println("deleted " + REPORT + ": " + deleted + " chunks in one unit of work; keys left under its prefix: "
                + keys.size() + "; reading it now gives " + gone.chunks() + " chunks");
        equal("keys left after the delete", 0, keys.size());
        equal("chunks read after the delete", 0, gone.chunks());
    }

    /**
     * Streams the document through SHA-256 (so the sample never holds a second copy) and checks that it
     * matches {@code expected}; prints what it read if {@code out} is given.
     */
    private static ChunkedDocuments.Read readBack(ChunkedDocuments documents, byte[] expected, PrintStream out) {
        MessageDigest digest = sha256();
        ChunkedDocuments.Read read;
        try (DigestOutputStream sink = new DigestOutputStream(OutputStream.nullOutputStream(), digest)) {
            read = documents.readTo(REPORT, sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String readHash = HexFormat.of().formatHex(digest.digest());
        String writtenHash = HexFormat.of().formatHex(sha256().digest(expected));
        if (out != null) {
            out.printf(Locale.ROOT, "streamed back in %d read(s) of at most %d chunks: %d chunks, %,d bytes, SHA-256"
                    + " %s..., as written: %b%n", read.reads(), ChunkedDocuments.PAGE, read.chunks(), read.bytes(),
                    readHash.substring(0, 16), readHash.equals(writtenHash));
        }
        equal("bytes read back", (long) expected.length, read.bytes());
        equal("SHA-256 of what was read back", writtenHash, readHash);
        return read;
    }

    /** A deterministic text of exactly {@code size} bytes whose lines are numbered, so no two chunks are alike. */
    private static byte[] text(String version, int size) {
        StringBuilder text = new StringBuilder(size + 100);
        for (int line = 1; text.length() < size; line++) {
            text.append("report ").append(version).append(", line ").append(line)
                    .append(": the quick brown fox jumps over the lazy dog\n");
        }
        text.setLength(size);
        return text.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
