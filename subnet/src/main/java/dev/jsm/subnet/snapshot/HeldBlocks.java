package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.BlockTable;
import java.util.BitSet;

/**
 * What the SM knew one of a port's block tables ({@link BlockTable}: P_KeyTable, SLtoVLMappingTable,
 * VLArbitrationTable) to hold when the snapshot was taken, in wire layout: the copy the SA answers the P_Key, SL2VL
 * and VLArb table records from (OpenSM's SA answers from its copies in {@code osm_physp_t} too). A block whose held
 * content was not known has no content here.
 *
 * <p>Immutable; safe to share (content is copied out).
 */
public final class HeldBlocks {

    private final int blockCount;
    private final int blockBytes;
    private final byte[] bytes;
    /** The blocks whose content was known; {@code null} when all were (the common case). */
    private final BitSet known;

    private HeldBlocks(int blockCount, int blockBytes, byte[] bytes, BitSet known) {
        this.blockCount = blockCount;
        this.blockBytes = blockBytes;
        this.bytes = bytes;
        this.known = known;
    }

    /** A copy of what {@code table} knows its port holds, or {@code null} if there is no table. */
    static HeldBlocks of(BlockTable table) {
        if (table == null) {
            return null;
        }
        int n = table.blockCount();
        BitSet known = null;
        if (!table.allHeldKnown()) {
            known = new BitSet(n);
            for (int b = 0; b < n; b++) {
                if (table.isHeldKnown(b)) {
                    known.set(b);
                }
            }
        }
        return new HeldBlocks(n, table.blockBytes(), table.heldCopy(), known);
    }

    /** Number of blocks of the table. */
    public int blockCount() {
        return blockCount;
    }

    /** Bytes per block. */
    public int blockBytes() {
        return blockBytes;
    }

    /** Whether the content of {@code block} was known (a block outside the table was not). */
    public boolean isKnown(int block) {
        return block >= 0 && block < blockCount && (known == null || known.get(block));
    }

    /**
     * Copies the held content of {@code block} to {@code dst[off..off+blockBytes-1]}.
     *
     * @throws IllegalArgumentException if the content of {@code block} was not known
     */
    public void copy(int block, byte[] dst, int off) {
        if (!isKnown(block)) {
            throw new IllegalArgumentException("block " + block + " was not known to be held");
        }
        System.arraycopy(bytes, block * blockBytes, dst, off, blockBytes);
    }
}
