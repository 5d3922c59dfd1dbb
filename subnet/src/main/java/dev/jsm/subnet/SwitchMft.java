package dev.jsm.subnet;

import java.util.BitSet;

/**
 * A switch's multicast forwarding table twice: the table the multicast manager wants and the table the switch is
 * known to hold. An entry is the set of egress ports for one MLID, stored as 16-bit port masks per position
 * (position {@code p} covers ports {@code 16p..16p+15}), in the layout of MulticastForwardingTable blocks
 * (IBA 14.2.5.11: 32 MLIDs per block, attribute modifier = position &lt;&lt; 28 | block), so the programmer sends only
 * the (position, block) pairs that differ. Each position is also a {@link ProgrammableTable} of its own
 * ({@link #position(int)}): block {@code b} of it is MLIDs {@code 0xC000 + 32b ..} as 32 big-endian 16-bit masks, the
 * attribute's wire layout.
 *
 * <p>A block whose programmed content is not known always differs.
 *
 * <p>Confined to the sweep thread.
 */
public final class SwitchMft {

    /** MLIDs per MulticastForwardingTable block. */
    public static final int BLOCK_SIZE = 32;
    /** Ports per position (bits of one mask). */
    public static final int PORTS_PER_POSITION = 16;
    /** Entries an MFT can have: MLIDs 0xC000..0xFFFE. */
    public static final int MAX_ENTRIES = Lid.MULTICAST_MAX - Lid.MULTICAST_MIN + 1;

    private static final int MAX_BLOCKS = (MAX_ENTRIES + BLOCK_SIZE - 1) / BLOCK_SIZE;

    private final int numPorts;
    private final short[][] wanted;
    private final short[][] programmed;
    private final BitSet knownBlocks = new BitSet();
    private final Position[] views;

    SwitchMft(int numPorts) {
        this.numPorts = numPorts;
        int positions = numPorts / PORTS_PER_POSITION + 1;
        wanted = new short[positions][0];
        programmed = new short[positions][0];
        views = new Position[positions];
        for (int p = 0; p < positions; p++) {
            views[p] = new Position(p);
        }
    }

    /** The table of one position (its 16 ports) as blocks of 32 MLIDs in wire layout. */
    public ProgrammableTable position(int position) {
        return views[position];
    }

    /** Number of positions: enough 16-port masks for ports 0..NumPorts. */
    public int positions() {
        return wanted.length;
    }

    /** Adds or removes {@code port} (0..NumPorts) in the wanted entry of {@code mlid}. */
    public void setWantedPort(int mlid, int port, boolean member) {
        int i = offset(mlid);
        if (port < 0 || port > numPorts) {
            throw new IllegalArgumentException("port " + port + " out of range (switch has ports 0-" + numPorts + ")");
        }
        short[] row = wanted[port / PORTS_PER_POSITION];
        if (i >= row.length) {
            if (!member) {
                return;
            }
            row = grow(row, i + 1);
            wanted[port / PORTS_PER_POSITION] = row;
        }
        int bit = 1 << (port % PORTS_PER_POSITION);
        row[i] = (short) (member ? row[i] | bit : row[i] & ~bit);
    }

    /** Whether {@code port} is in the wanted entry of {@code mlid}. */
    public boolean wantedHasPort(int mlid, int port) {
        if (port < 0 || port > numPorts) {
            return false;
        }
        return (wantedMask(mlid, port / PORTS_PER_POSITION) & (1 << (port % PORTS_PER_POSITION))) != 0;
    }

    /** Clears the wanted entry of {@code mlid} (a multicast update recomputes the groups that changed). */
    public void clearWanted(int mlid) {
        int i = offset(mlid);
        for (short[] row : wanted) {
            if (i < row.length) {
                row[i] = 0;
            }
        }
    }

    /** Clears every wanted entry (the multicast manager recomputes all groups in a heavy sweep). */
    public void clearWanted() {
        for (int p = 0; p < wanted.length; p++) {
            wanted[p] = new short[0];
        }
    }

    /** The wanted 16-bit port mask of {@code mlid} at {@code position}. */
    public int wantedMask(int mlid, int position) {
        return mask(wanted[position], offset(mlid));
    }

    /** The 16-bit port mask the switch is known to hold for {@code mlid} at {@code position} (0 when unknown). */
    public int programmedMask(int mlid, int position) {
        return mask(programmed[position], offset(mlid));
    }

    /** The highest MLID with a wanted port, 0 if none. */
    public int wantedTop() {
        int top = -1;
        for (short[] row : wanted) {
            for (int i = row.length - 1; i > top; i--) {
                if (row[i] != 0) {
                    top = i;
                    break;
                }
            }
        }
        return top < 0 ? 0 : Lid.MULTICAST_MIN + top;
    }

    /** Number of blocks per position that either table covers; later blocks are empty in both. */
    public int blockCount() {
        int entries = 0;
        for (int p = 0; p < wanted.length; p++) {
            entries = Math.max(entries, Math.max(wanted[p].length, programmed[p].length));
        }
        return entries / BLOCK_SIZE;
    }

    /** Whether (position, block) must be sent: its programmed content is unknown or differs from the wanted. */
    public boolean blockDiffers(int position, int block) {
        if (!knownBlocks.get(position * MAX_BLOCKS + block)) {
            return true;
        }
        int from = block * BLOCK_SIZE;
        for (int i = from; i < from + BLOCK_SIZE; i++) {
            if (mask(wanted[position], i) != mask(programmed[position], i)) {
                return true;
            }
        }
        return false;
    }

    /** Copies the 32 wanted masks of (position, block) to {@code dst[0..31]} (the SMP payload). */
    public void copyWantedBlock(int position, int block, int[] dst) {
        int from = block * BLOCK_SIZE;
        for (int i = 0; i < BLOCK_SIZE; i++) {
            dst[i] = mask(wanted[position], from + i);
        }
    }

    /** Records that the Set of (position, block) succeeded: the switch now holds the wanted block. */
    public void markProgrammed(int position, int block) {
        int[] masks = new int[BLOCK_SIZE];
        copyWantedBlock(position, block, masks);
        setProgrammedBlock(position, block, masks);
    }

    /** Records what the switch holds in (position, block) (from a Get): 32 masks in {@code masks[0..31]}. */
    public void setProgrammedBlock(int position, int block, int[] masks) {
        if (block < 0 || block >= MAX_BLOCKS) {
            throw new IllegalArgumentException("MFT block " + block + " out of range (expected 0-" + (MAX_BLOCKS - 1)
                    + ")");
        }
        int from = block * BLOCK_SIZE;
        if (from + BLOCK_SIZE > programmed[position].length) {
            programmed[position] = grow(programmed[position], from + BLOCK_SIZE);
        }
        for (int i = 0; i < BLOCK_SIZE; i++) {
            programmed[position][from + i] = (short) masks[i];
        }
        knownBlocks.set(position * MAX_BLOCKS + block);
    }

    /** Forgets what the switch holds: every block differs until programmed. */
    public void forgetProgrammed() {
        for (int p = 0; p < programmed.length; p++) {
            programmed[p] = new short[0];
        }
        knownBlocks.clear();
    }

    /** A copy of the programmed table, indexed {@code [position][mlid - 0xC000]}; unknown entries read 0. */
    public short[][] programmedCopy() {
        short[][] copy = new short[programmed.length][];
        for (int p = 0; p < programmed.length; p++) {
            copy[p] = programmed[p].clone();
        }
        return copy;
    }

    /** One position's blocks: 32 masks of 16 bits each, big-endian, as MulticastForwardingTable carries them. */
    private final class Position implements ProgrammableTable {

        private final int position;

        Position(int position) {
            this.position = position;
        }

        @Override
        public int blockBytes() {
            return 2 * BLOCK_SIZE;
        }

        @Override
        public boolean blockDiffers(int block) {
            return SwitchMft.this.blockDiffers(position, block);
        }

        @Override
        public void copyWanted(int block, byte[] dst, int off) {
            int from = block * BLOCK_SIZE;
            for (int i = 0; i < BLOCK_SIZE; i++) {
                int m = mask(wanted[position], from + i);
                dst[off + 2 * i] = (byte) (m >>> 8);
                dst[off + 2 * i + 1] = (byte) m;
            }
        }

        @Override
        public void setHeld(int block, byte[] src, int off) {
            int[] masks = new int[BLOCK_SIZE];
            for (int i = 0; i < BLOCK_SIZE; i++) {
                masks[i] = (src[off + 2 * i] & 0xFF) << 8 | src[off + 2 * i + 1] & 0xFF;
            }
            setProgrammedBlock(position, block, masks);
        }
    }

    private static int mask(short[] row, int i) {
        return i < row.length ? row[i] & 0xFFFF : 0;
    }

    private static int offset(int mlid) {
        if (!Lid.isMulticast(mlid)) {
            throw new IllegalArgumentException(String.format("0x%04x is not a multicast LID (0xc000-0xfffe)", mlid));
        }
        return mlid - Lid.MULTICAST_MIN;
    }

    private static short[] grow(short[] row, int minLength) {
        int length = Math.min((minLength + BLOCK_SIZE - 1) / BLOCK_SIZE * BLOCK_SIZE, MAX_BLOCKS * BLOCK_SIZE);
        short[] r = new short[length];
        System.arraycopy(row, 0, r, 0, row.length);
        return r;
    }
}
