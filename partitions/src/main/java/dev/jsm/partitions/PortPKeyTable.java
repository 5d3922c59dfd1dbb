package dev.jsm.partitions;

import java.util.Arrays;

/**
 * The whole P_Key table of one port (IBA 14.2.5.7; the MAD codec's {@code PKeyTable} is one 32-entry block of it):
 * {@code capacity} 16-bit entries in blocks of 32, 0 meaning an empty
 * entry, bit 0x8000 the full-member bit. Used both for what a port holds (read with P_KeyTable Get, or last
 * programmed) and for what the SM wants it to hold; {@link #changedBlocks(PortPKeyTable)} tells which blocks to Set.
 *
 * <p>Immutable; safe to share.
 */
public final class PortPKeyTable {

    /** Entries per P_KeyTable block. */
    public static final int BLOCK_SIZE = 32;

    private final int capacity;
    private final int[] entries;

    private PortPKeyTable(int capacity, int[] entries) {
        this.capacity = capacity;
        this.entries = entries;
    }

    /**
     * A table of {@code capacity} entries holding {@code entries} from index 0 (the rest empty).
     *
     * @throws IllegalArgumentException if capacity is negative or more entries than capacity are given
     */
    public static PortPKeyTable of(int capacity, int... entries) {
        if (capacity < 0 || entries.length > capacity) {
            throw new IllegalArgumentException("P_Key table of capacity " + capacity + " cannot hold "
                    + entries.length + " entries");
        }
        int[] e = new int[blocksFor(capacity) * BLOCK_SIZE];
        for (int i = 0; i < entries.length; i++) {
            e[i] = entries[i] & 0xFFFF;
        }
        return new PortPKeyTable(capacity, e);
    }

    /** An empty table of {@code capacity} entries. */
    public static PortPKeyTable empty(int capacity) {
        return of(capacity);
    }

    /**
     * A copy with block {@code block} replaced by {@code values} (up to 32 entries; missing ones empty), as read
     * from one P_KeyTable Get.
     *
     * @throws IllegalArgumentException if the block is outside the table or more than 32 values are given
     */
    public PortPKeyTable withBlock(int block, int... values) {
        if (block < 0 || block >= blockCount() || values.length > BLOCK_SIZE) {
            throw new IllegalArgumentException("block " + block + " with " + values.length
                    + " entries does not fit a P_Key table of " + blockCount() + " blocks");
        }
        int[] e = entries.clone();
        Arrays.fill(e, block * BLOCK_SIZE, (block + 1) * BLOCK_SIZE, 0);
        for (int i = 0; i < values.length; i++) {
            e[block * BLOCK_SIZE + i] = values[i] & 0xFFFF;
        }
        return new PortPKeyTable(capacity, e);
    }

    /** Number of 32-entry blocks needed for {@code capacity} entries. */
    public static int blocksFor(int capacity) {
        return (capacity + BLOCK_SIZE - 1) / BLOCK_SIZE;
    }

    /** The number of blocks. */
    public int blockCount() {
        return entries.length / BLOCK_SIZE;
    }

    /** The entry at {@code index} (0 if empty or beyond the table). */
    public int entry(int index) {
        return index >= 0 && index < entries.length ? entries[index] : 0;
    }

    /** The 32 entries of block {@code block}; a copy. */
    public int[] block(int block) {
        return Arrays.copyOfRange(entries, block * BLOCK_SIZE, (block + 1) * BLOCK_SIZE);
    }

    /** All entries, {@code blockCount() * 32} of them; a copy. */
    public int[] entries() {
        return entries.clone();
    }

    /** The number of non-empty entries. */
    public int used() {
        int n = 0;
        for (int v : entries) {
            if (v != 0) {
                n++;
            }
        }
        return n;
    }

    /**
     * The blocks of this (wanted) table that differ from {@code held}, ascending. Every block differs when
     * {@code held} is {@code null} (unknown); a block {@code held} lacks counts as empty there.
     */
    public int[] changedBlocks(PortPKeyTable held) {
        int[] out = new int[blockCount()];
        int n = 0;
        for (int b = 0; b < blockCount(); b++) {
            if (held == null || !sameBlock(held, b)) {
                out[n++] = b;
            }
        }
        return Arrays.copyOf(out, n);
    }

    private boolean sameBlock(PortPKeyTable held, int b) {
        for (int i = b * BLOCK_SIZE; i < (b + 1) * BLOCK_SIZE; i++) {
            if (entries[i] != held.entry(i)) {
                return false;
            }
        }
        return true;
    }

    /** Same capacity and entries. */
    @Override
    public boolean equals(Object o) {
        return o instanceof PortPKeyTable t && t.capacity == capacity && Arrays.equals(t.entries, entries);
    }

    /** Consistent with {@link #equals}. */
    @Override
    public int hashCode() {
        return 31 * capacity + Arrays.hashCode(entries);
    }

    /** {@code [0]=0xffff [1]=0x8001 (cap 128)}: the non-empty entries. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < entries.length; i++) {
            if (entries[i] != 0) {
                sb.append(String.format("[%d]=0x%04x ", i, entries[i]));
            }
        }
        return sb.append("(cap ").append(capacity).append(')').toString();
    }
}
