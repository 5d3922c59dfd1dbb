package dev.jsm.routing.fileformat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The switch blocks of one of OpenSM's dump files ({@link LftDumpFile}, {@link LidMatrixDumpFile}): per block, in
 * file order, the switch's node GUID, the line of its header and the index of its first item (entry or row), the
 * items of block {@code s} being {@code first(s) .. first(s + 1) - 1}. Built by {@link Builder}, which rejects a
 * switch listed twice.
 *
 * <p>Immutable; safe to share.
 */
final class SwitchBlocks {

    private final long[] guids;
    private final int[] lines;
    private final int[] first;

    private SwitchBlocks(long[] guids, int[] lines, int[] first) {
        this.guids = guids;
        this.lines = lines;
        this.first = first;
    }

    /** Number of blocks. */
    int count() {
        return guids.length;
    }

    /** Node GUID of block {@code s}. */
    long guid(int s) {
        return guids[s];
    }

    /** 1-based line of the header of block {@code s}. */
    int line(int s) {
        return lines[s];
    }

    /** First item of block {@code s}; {@code first(count())} is the number of items. */
    int first(int s) {
        return first[s];
    }

    /** Collects the blocks while a dump is parsed. Confined to the parsing thread. */
    static final class Builder {
        private final Map<Long, Integer> seen = new HashMap<>();
        private long[] guids = new long[8];
        private int[] lines = new int[8];
        private int[] first = new int[9];
        private int count;

        /** Number of blocks so far. */
        int count() {
            return count;
        }

        /**
         * Starts the block of switch {@code guid}, whose header is line {@code lineNo} of {@code text} and whose
         * first item will be {@code firstItem}.
         *
         * @throws RoutingFileException if the switch already had a block
         */
        void add(SourceLines text, long guid, int lineNo, int firstItem) throws RoutingFileException {
            Integer earlier = seen.putIfAbsent(guid, lineNo);
            if (earlier != null) {
                throw text.error(lineNo, "each switch once",
                        String.format("switch 0x%016x again (first on line %d)", guid, earlier));
            }
            if (count == guids.length) {
                guids = Arrays.copyOf(guids, count * 2);
                lines = Arrays.copyOf(lines, count * 2);
                first = Arrays.copyOf(first, count * 2 + 1);
            }
            guids[count] = guid;
            lines[count] = lineNo;
            first[count++] = firstItem;
        }

        /** The blocks, the last one ending before item {@code items}. */
        SwitchBlocks build(int items) {
            first[count] = items;
            return new SwitchBlocks(Arrays.copyOf(guids, count), Arrays.copyOf(lines, count),
                    Arrays.copyOf(first, count + 1));
        }
    }
}
