package dev.jsm.sa.query;

import dev.jsm.sa.limit.AnswerCaps;
import java.util.Arrays;

/**
 * The records a query matched, encoded back to back (each {@code recordSize} bytes, a multiple of 8), as a
 * GetTable response carries them. Grows by doubling, up to {@link AnswerCaps#MAX_BYTES}: a query whose answer
 * would be larger stops with {@link AnswerTooLargeException} (the SA answers ERR_NO_RESOURCES), so no request can
 * make the SA build an answer of any size it asks for.
 *
 * <p>Confined to the thread answering the query.
 */
public final class RecordSet {

    private final int recordSize;
    private byte[] bytes;
    private int count;

    /** An empty set of {@code recordSize}-byte records. */
    public RecordSet(int recordSize) {
        this.recordSize = recordSize;
        this.bytes = new byte[recordSize * 4];
    }

    /** Size of one record in bytes. */
    public int recordSize() {
        return recordSize;
    }

    /** Number of records. */
    public int count() {
        return count;
    }

    /**
     * Makes room for one more record and zeroes it; write it into {@link #buffer()} at the returned offset, then
     * {@link #commit()} it or leave it (the next reserve reuses the slot).
     *
     * @throws AnswerTooLargeException if the set would grow beyond {@link AnswerCaps#MAX_BYTES}
     */
    public int reserve() {
        int off = count * recordSize;
        if (off + recordSize > bytes.length) {
            if (off + recordSize > AnswerCaps.MAX_BYTES) {
                throw new AnswerTooLargeException(recordSize, count);
            }
            int grown = Math.max(bytes.length * 2, off + recordSize);
            bytes = Arrays.copyOf(bytes, Math.min(AnswerCaps.MAX_BYTES, grown));
        } else {
            Arrays.fill(bytes, off, off + recordSize, (byte) 0);
        }
        return off;
    }

    /** The buffer a reserved slot lives in (re-read it after each {@link #reserve()}: it grows). */
    public byte[] buffer() {
        return bytes;
    }

    /** Keeps the record written in the reserved slot. */
    public void commit() {
        count++;
    }

    /** Forgets every record, keeping the buffer (a {@link PathTable} collects each chunk into the same set). */
    void clear() {
        count = 0;
    }

    /** The records, {@code count * recordSize} bytes. */
    public byte[] toBytes() {
        return Arrays.copyOf(bytes, count * recordSize);
    }
}
