package dev.jsm.sa.limit;

/**
 * The two fixed bounds on what one answer may make the SA hold, beside the bounds per requester of
 * {@link SaLimits}: the largest answer built ({@link #MAX_BYTES}) and the largest PathRecord table streamed
 * ({@link #MAX_PATH_RECORDS}). A query over either is refused ({@link Refusal#ANSWER_TOO_LARGE}, ERR_NO_RESOURCES)
 * before it is built.
 */
public final class AnswerCaps {

    /**
     * The largest answer built: a sixteenth of this JVM's maximum heap, within 1-32 MiB ({@link #capFor}). 32 MiB
     * leaves room for the largest ServiceRecord table the registry allows (100,000 records of 176 bytes, 17.6 MB)
     * and for every record of the view of a fabric of some ten thousand ports (PortInfoRecords, 11,664 hosts and
     * 1,620 switches of 36 ports: 5.5 MB). It follows the heap because the launchers size the heap from the fabric
     * (68 MiB at 648 hosts) and building an answer takes up to two and a half times its size (the doubling's old
     * and new arrays, then the copy {@code RecordSet.toBytes} makes): at 648 hosts a table of every PathRecord
     * (31.5 MB) ran such a heap out and ended the daemon. With the answers in flight ({@link SaLimits}, twice this) the
     * SA's tables then take at most about a quarter of the heap.
     */
    public static final int MAX_BYTES = capFor(Runtime.getRuntime().maxMemory());

    /**
     * The largest PathRecord table streamed, in records: 256 MiB on the wire, every PathRecord of 2,048 end ports.
     * The counting pass runs on the SA's thread (about a microsecond a record), so a larger one would hold every
     * other requester up; a GetTable that could hold more is refused (ERR_NO_RESOURCES) before any path is walked.
     */
    public static final long MAX_PATH_RECORDS = 1L << 22;

    private AnswerCaps() {
    }

    /** The answer cap for a JVM whose maximum heap is {@code maxHeapBytes}: see {@link #MAX_BYTES}. */
    static int capFor(long maxHeapBytes) {
        return (int) Math.max(1 << 20, Math.min(32 << 20, maxHeapBytes / 16));
    }
}
