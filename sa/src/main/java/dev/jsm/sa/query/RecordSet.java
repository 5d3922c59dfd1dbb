package dev.jsm.sa.query;

import java.util.Arrays;

/**
 * The records a query matched, encoded back to back (each {@code recordSize} bytes, a multiple of 8), as a
 * GetTable response carries them. Grows by doubling, up to {@link #MAX_BYTES}: a query whose answer would be
 * larger stops with {@link AnswerTooLargeException} (the SA answers ERR_NO_RESOURCES), so no request can make the
 * SA build an answer of any size it asks for.
 *
 * <p>Confined to the thread answering the query.
 */
public final class RecordSet {

    /**
     * The largest answer built: a sixteenth of this JVM's maximum heap, within 1-32 MiB ({@link #capFor}). 32 MiB
     * leaves room for the largest ServiceRecord table the registry allows (100,000 records of 176 bytes, 17.6 MB)
     * and for every record of the view of a fabric of some ten thousand ports (PortInfoRecords, 11,664 hosts and
     * 1,620 switches of 36 ports: 5.5 MB). It follows the heap because the launchers size the heap from the fabric
     * (68 MiB at 648 hosts) and building an answer takes up to two and a half times its size (the doubling's old
     * and new arrays, then {@link #toBytes}): at 648 hosts a table of every PathRecord (31.5 MB) ran such a heap out
     * and ended the daemon. With the answers in flight ({@code SaLimits}, twice this) the SA's tables then take at
     * most about a quarter of the heap.
     */
    public static final int MAX_BYTES = capFor(Runtime.getRuntime().maxMemory());

    private final int recordSize;
    private byte[] bytes;
    private int count;

    /** The answer cap for a JVM whose maximum heap is {@code maxHeapBytes}: see {@link #MAX_BYTES}. */
    static int capFor(long maxHeapBytes) {
        return (int) Math.max(1 << 20, Math.min(32 << 20, maxHeapBytes / 16));
    }

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
     * @throws AnswerTooLargeException if the set would grow beyond {@link #MAX_BYTES}
     */
    public int reserve() {
        int off = count * recordSize;
        if (off + recordSize > bytes.length) {
            if (off + recordSize > MAX_BYTES) {
                throw new AnswerTooLargeException(recordSize, count);
            }
            bytes = Arrays.copyOf(bytes, Math.min(MAX_BYTES, Math.max(bytes.length * 2, off + recordSize)));
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
