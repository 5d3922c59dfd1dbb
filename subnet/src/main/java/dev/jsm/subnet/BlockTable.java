package dev.jsm.subnet;

import java.util.Arrays;
import java.util.BitSet;

/**
 * One table attribute of one port kept twice, as blocks of a fixed number of bytes in wire layout: the content the
 * SM wants and the content the port is known to hold (from a Get, or from the response to a Set). The programming
 * stages send exactly the blocks that are {@link #isWanted wanted} and {@link #blockDiffers differ}; a block whose
 * held content is not known always differs. Used for a port's P_KeyTable (32 P_Keys = 64 bytes a block), its
 * SLtoVLMappingTable (one {@link Sl2VlMap} of 8 bytes per input port) and its VLArbitrationTable (four
 * {@link VlArbBlock}s of 64 bytes); see {@link PhysPort}.
 *
 * <p>The table starts with nothing wanted (every wanted byte 0) and nothing known. Confined to the sweep thread.
 */
public final class BlockTable implements ProgrammableTable {

    private final int blockBytes;
    private final byte[] wanted;
    private final byte[] held;
    private final BitSet known;
    private final BitSet wantedSet;

    /**
     * @param blocks number of blocks
     * @param blockBytes bytes per block
     * @throws IllegalArgumentException if either is not positive
     */
    public BlockTable(int blocks, int blockBytes) {
        if (blocks <= 0 || blockBytes <= 0) {
            throw new IllegalArgumentException("a table needs blocks and bytes: " + blocks + " x " + blockBytes);
        }
        this.blockBytes = blockBytes;
        this.wanted = new byte[blocks * blockBytes];
        this.held = new byte[blocks * blockBytes];
        this.known = new BitSet(blocks);
        this.wantedSet = new BitSet(blocks);
    }

    /** Number of blocks. */
    public int blockCount() {
        return wanted.length / blockBytes;
    }

    /** Bytes per block. */
    @Override
    public int blockBytes() {
        return blockBytes;
    }

    /** Sets the wanted content of {@code block} from {@code src[off..off+blockBytes-1]}. */
    public void setWanted(int block, byte[] src, int off) {
        System.arraycopy(src, off, wanted, offset(block), blockBytes);
        wantedSet.set(block);
    }

    /** Whether a wanted content was set for {@code block} since the last {@link #clearWanted()}. */
    public boolean isWanted(int block) {
        return wantedSet.get(offset(block) / blockBytes);
    }

    /** Forgets the wanted content: every block wants zeros and none counts as set. */
    public void clearWanted() {
        Arrays.fill(wanted, (byte) 0);
        wantedSet.clear();
    }

    /** Whether {@code block} must be sent: its held content is unknown or differs from the wanted one. */
    @Override
    public boolean blockDiffers(int block) {
        int o = offset(block);
        return !known.get(block) || !Arrays.equals(wanted, o, o + blockBytes, held, o, o + blockBytes);
    }

    /** Copies the wanted content of {@code block} to {@code dst[off..]} (the SMP payload). */
    @Override
    public void copyWanted(int block, byte[] dst, int off) {
        System.arraycopy(wanted, offset(block), dst, off, blockBytes);
    }

    /** Copies the held content of {@code block} to {@code dst[off..]} (zeros when unknown). */
    public void copyHeld(int block, byte[] dst, int off) {
        System.arraycopy(held, offset(block), dst, off, blockBytes);
    }

    /** Records what the port holds in {@code block} (a Get or Set response): {@code src[off..]}. */
    @Override
    public void setHeld(int block, byte[] src, int off) {
        System.arraycopy(src, off, held, offset(block), blockBytes);
        known.set(block);
    }

    /** A copy of the held content of every block, block after block (zeros where unknown): for snapshots. */
    public byte[] heldCopy() {
        return held.clone();
    }

    /** Whether the held content of {@code block} is known. */
    public boolean isHeldKnown(int block) {
        return known.get(offset(block) / blockBytes);
    }

    /** Whether the held content of every block is known. */
    public boolean allHeldKnown() {
        return known.cardinality() == blockCount();
    }

    /** Forgets what the port holds (the port was reset or replaced): every block differs until set again. */
    public void forgetHeld() {
        Arrays.fill(held, (byte) 0);
        known.clear();
    }

    private int offset(int block) {
        if (block < 0 || block >= blockCount()) {
            throw new IllegalArgumentException("block " + block + " out of range (table has " + blockCount()
                    + " blocks)");
        }
        return block * blockBytes;
    }
}
