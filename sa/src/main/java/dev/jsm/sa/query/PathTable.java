package dev.jsm.sa.query;

import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.limit.AnswerCaps;
import dev.jsm.sa.rmpp.RmppPayload;
import java.util.Arrays;

/**
 * A PathRecord GetTable answer that is never held whole: a first pass over the request's end-port pairs counts
 * their records and notes where every chunk of about {@value #CHUNK_RECORDS} records starts (its first pair and
 * record); the RMPP sender then reads it segment by segment and each chunk is collected again when a segment needs
 * it, one chunk held at a time. A table of every PathRecord grows with the square of the end ports (702 x 702 x 64
 * bytes = 31.5 MB at 648 hosts), far beyond the heap the launchers size from the fabric (68 MiB there), which ran
 * out building it; streamed, it holds one chunk (about 512 KiB) and the index, and its paths are computed twice.
 * The records are those a built table would have, because the view does not change under an answer.
 *
 * <p>Confined to the thread that reads it (the RMPP sender's monitor; the SA agent's thread). At most
 * {@link AnswerCaps#MAX_PATH_RECORDS} records.
 */
final class PathTable implements RmppPayload {

    /** A GetTable whose pairs could give more records than this (256 KiB) is streamed. */
    static final int STREAMED_ABOVE = 4096;
    /** Records per chunk (at least: a chunk ends at the first pair boundary past this). */
    static final int CHUNK_RECORDS = 4096;

    private final PathRecordQuery.Pairs pairs;
    private final int count;
    /** Chunk {@code k} is pairs {@code firstPair[k]} to {@code firstPair[k + 1]}; {@code chunks + 1} entries used. */
    private final long[] firstPair;
    /** Chunk {@code k} is records {@code firstRecord[k]} to {@code firstRecord[k + 1]}. */
    private final int[] firstRecord;
    private final int chunks;
    private final RecordSet chunk = new RecordSet(PathRecord.SIZE);
    private int loaded = -1;

    private PathTable(PathRecordQuery.Pairs pairs, int count, long[] firstPair, int[] firstRecord, int chunks) {
        this.pairs = pairs;
        this.count = count;
        this.firstPair = firstPair;
        this.firstRecord = firstRecord;
        this.chunks = chunks;
    }

    /**
     * The streamed answer of {@code pairs}: counts its records chunk by chunk (without making them).
     *
     * @throws AnswerTooLargeException if the pairs could give more than {@link AnswerCaps#MAX_PATH_RECORDS} records
     */
    static SaAnswer answer(PathRecordQuery.Pairs pairs) {
        if (pairs.mostRecords() > AnswerCaps.MAX_PATH_RECORDS) {
            throw new AnswerTooLargeException("up to " + pairs.mostRecords() + " PathRecords (over the "
                    + AnswerCaps.MAX_PATH_RECORDS + " the SA streams)");
        }
        long[] firstPair = new long[16];
        int[] firstRecord = new int[16];
        int chunks = 0;
        int records = 0;
        int inChunk = 0;
        long total = pairs.count();
        for (long pair = 0; pair < total; pair++) {
            if (pair == 0 || inChunk >= CHUNK_RECORDS) {
                if (chunks + 2 > firstPair.length) {
                    firstPair = Arrays.copyOf(firstPair, firstPair.length * 2);
                    firstRecord = Arrays.copyOf(firstRecord, firstRecord.length * 2);
                }
                firstPair[chunks] = pair;
                firstRecord[chunks] = records;
                chunks++;
                inChunk = 0;
            }
            int made = (int) pairs.collect(pair, pair + 1, null);
            records += made;
            inChunk += made;
        }
        firstPair[chunks] = total;
        firstRecord[chunks] = records;
        return SaAnswer.streamed(PathRecord.SIZE, records, new PathTable(pairs, records, firstPair, firstRecord,
                chunks));
    }

    @Override
    public int length() {
        return count * PathRecord.SIZE;
    }

    @Override
    public void copy(int from, byte[] to, int at, int n) {
        while (n > 0) {
            int k = chunkOf(from / PathRecord.SIZE);
            load(k);
            int offset = from - firstRecord[k] * PathRecord.SIZE;
            int bytes = Math.min(n, chunk.count() * PathRecord.SIZE - offset);
            System.arraycopy(chunk.buffer(), offset, to, at, bytes);
            from += bytes;
            at += bytes;
            n -= bytes;
        }
    }

    @Override
    public long heldBytes() {
        return chunk.buffer().length + firstPair.length * 12L;
    }

    /**
     * The chunk that holds record {@code record} (below {@link #count}): only the last chunk can be empty, so no
     * two chunks before it start at the same record.
     */
    private int chunkOf(int record) {
        int k = Arrays.binarySearch(firstRecord, 0, chunks, record);
        return k >= 0 ? k : -k - 2;
    }

    private void load(int k) {
        if (loaded == k) {
            return;
        }
        chunk.clear();
        pairs.collect(firstPair[k], firstPair[k + 1], chunk);
        if (chunk.count() != firstRecord[k + 1] - firstRecord[k]) {
            throw new IllegalStateException("PathRecord chunk " + k + " gave " + chunk.count() + " records, not "
                    + (firstRecord[k + 1] - firstRecord[k]) + ": the view changed under the answer");
        }
        loaded = k;
    }
}
