package dev.jsm.subnet;

import java.util.Arrays;
import java.util.BitSet;

/**
 * A switch's linear forwarding table twice: the table routing wants and the table the switch is known to hold.
 * Both are {@code byte[]} indexed by LID with {@link #NO_PATH} (0xFF) for "no route", kept in whole 64-LID blocks
 * (LinearForwardingTable, IBA 14.2.5.10), so the LFT programmer sends only the blocks that differ and marks them
 * programmed when the Set succeeds (OpenSM's {@code new_lft} vs {@code lft} and the block diff of
 * {@code osm_ucast_mgr.c}). As a {@link ProgrammableTable}, block {@code b} is LIDs {@code 64b..64b+63}, one byte
 * each, as the attribute carries them.
 *
 * <p>Confined to the sweep thread.
 *
 * <p>In detail: docs/design/subnet.md#switchlft.
 */
public final class SwitchLft implements ProgrammableTable {

    /** LFT entry meaning "no route to this LID". */
    public static final int NO_PATH = 0xFF;
    /** LIDs per LinearForwardingTable block. */
    public static final int BLOCK_SIZE = 64;
    /** Entries an LFT can have: LIDs 0..0xBFFF. */
    public static final int MAX_ENTRIES = Lid.UNICAST_MAX + 1;

    private static final byte[] EMPTY = new byte[0];

    private byte[] wanted = EMPTY;
    private byte[] programmed = EMPTY;
    /** Whether {@link #wanted} came from {@link #setWanted}: copy before writing. */
    private boolean wantedShared;
    /** Whether {@link #programmed} was handed out or is {@link #wanted}: copy before writing. */
    private boolean programmedShared;
    private final BitSet knownBlocks = new BitSet();

    SwitchLft() {
    }

    /**
     * Replaces the wanted table with {@code lft} itself, not a copy (indexed by LID, {@code lft.length <= 0xC000};
     * LIDs past it have no path): the caller must not write it afterwards. Routing engines write
     * {@code byte[maxLid + 1]} per switch, which nothing writes once the routing is recorded.
     */
    public void setWanted(byte[] lft) {
        if (lft.length > MAX_ENTRIES) {
            throw new IllegalArgumentException("LFT of " + lft.length + " entries exceeds LIDs 0-0xbfff");
        }
        wanted = lft;
        wantedShared = true;
    }

    /** Sets one wanted entry, growing the table; {@code port} is 0..254 or {@link #NO_PATH}. */
    public void setWantedPort(int lid, int port) {
        checkLid(lid);
        if (port < 0 || port > NO_PATH) {
            throw new IllegalArgumentException("port " + port + " out of range (expected 0-254, or 255 for no path)");
        }
        if (lid >= wanted.length || wantedShared) {
            wanted = grow(wanted, Math.max(lid + 1, wanted.length));
            wantedShared = false;
        }
        wanted[lid] = (byte) port;
    }

    /** The wanted egress port for {@code lid}, or {@link #NO_PATH}. */
    public int wantedPort(int lid) {
        return entry(wanted, lid);
    }

    /** The egress port the switch is known to hold for {@code lid}, or {@link #NO_PATH} (also when unknown). */
    public int programmedPort(int lid) {
        return entry(programmed, lid);
    }

    /** The highest LID with a wanted route, 0 if none: the LinearFDBTop to program. */
    public int wantedTop() {
        for (int lid = wanted.length - 1; lid > 0; lid--) {
            if ((wanted[lid] & 0xFF) != NO_PATH) {
                return lid;
            }
        }
        return 0;
    }

    /** Number of blocks that either table covers; blocks past it are all {@link #NO_PATH} in both. */
    public int blockCount() {
        return roundUp(Math.max(wanted.length, programmed.length)) / BLOCK_SIZE;
    }

    /** {@value #BLOCK_SIZE}: one byte per LID. */
    @Override
    public int blockBytes() {
        return BLOCK_SIZE;
    }

    /** Whether block {@code block} must be sent: its programmed content is unknown or differs from the wanted. */
    @Override
    public boolean blockDiffers(int block) {
        if (!knownBlocks.get(block)) {
            return true;
        }
        if (wanted == programmed) {
            return false;
        }
        int from = block * BLOCK_SIZE;
        int to = from + BLOCK_SIZE;
        if (to <= wanted.length && to <= programmed.length) {
            // every sweep asks this of every block of every switch: 2.9 million blocks at 48,896 LIDs
            return Arrays.mismatch(wanted, from, to, programmed, from, to) >= 0;
        }
        for (int lid = from; lid < to; lid++) {
            if (entry(wanted, lid) != entry(programmed, lid)) {
                return true;
            }
        }
        return false;
    }

    /** Copies the 64 wanted entries of {@code block} to {@code dst[off..off+63]} (the SMP payload). */
    @Override
    public void copyWanted(int block, byte[] dst, int off) {
        int from = block * BLOCK_SIZE;
        for (int i = 0; i < BLOCK_SIZE; i++) {
            dst[off + i] = (byte) entry(wanted, from + i);
        }
    }

    /** Records that the Set of {@code block} succeeded: the switch now holds the wanted block. */
    public void markProgrammed(int block) {
        int from = writableBlock(block);
        copyWanted(block, programmed, from);
        knownBlocks.set(block);
    }

    /** Records what the switch holds in {@code block} (a Get or Set response): 64 entries at {@code src[off]}. */
    @Override
    public void setHeld(int block, byte[] src, int off) {
        int from = writableBlock(block);
        System.arraycopy(src, off, programmed, from, BLOCK_SIZE);
        knownBlocks.set(block);
    }

    /** Forgets what the switch holds (it rebooted or is new to this SM): every block differs until programmed. */
    public void forgetProgrammed() {
        programmed = EMPTY;
        programmedShared = false;
        knownBlocks.clear();
    }

    /**
     * The programmed table itself, not a copy (unknown blocks and LIDs past its length read {@link #NO_PATH}), for
     * a snapshot to keep: this table never writes that array again (it copies it before its next change), so the
     * caller must not write it either. It may be the routing result's row (see {@link #shareWantedIfHeld()}).
     */
    public byte[] programmedForSnapshot() {
        programmedShared = true;
        return programmed;
    }

    /**
     * Makes the programmed table the wanted array itself when their entries are equal (the switch holds what routing
     * wants, as after every block was programmed), so that the programmed copy can be collected; a later change to
     * either copies first. Reads both tables once unless they are already one array.
     */
    public void shareWantedIfHeld() {
        if (programmed == wanted) {
            return;
        }
        int common = Math.min(programmed.length, wanted.length);
        if (!Arrays.equals(programmed, 0, common, wanted, 0, common)
                || !noPathFrom(programmed, common) || !noPathFrom(wanted, common)) {
            return;
        }
        programmed = wanted;
        programmedShared = true;
    }

    /** A copy of the wanted table (LIDs past its length have no path). */
    public byte[] wantedCopy() {
        return wanted.clone();
    }

    /** A copy of the programmed table (unknown blocks and LIDs past its length read {@link #NO_PATH}). */
    public byte[] programmedCopy() {
        return programmed.clone();
    }

    /**
     * Makes {@link #programmed} an array of this table's own that holds {@code block}: grown, or copied when a
     * snapshot holds it. Returns the block's first index.
     */
    private int writableBlock(int block) {
        int from = block * BLOCK_SIZE;
        checkLid(from);
        if (from + BLOCK_SIZE > programmed.length) {
            // at once to the wanted table's length: a blank switch is programmed block after block, and growing by
            // one block each time copied the table 208 times per switch at 13,284 LIDs (2.2 GB in one heavy sweep)
            programmed = grow(programmed, Math.max(from + BLOCK_SIZE, wanted.length));
            programmedShared = false;
        } else if (programmedShared) {
            programmed = programmed.clone();
            programmedShared = false;
        }
        return from;
    }

    private static boolean noPathFrom(byte[] table, int from) {
        for (int lid = from; lid < table.length; lid++) {
            if ((table[lid] & 0xFF) != NO_PATH) {
                return false;
            }
        }
        return true;
    }

    private static int entry(byte[] table, int lid) {
        return lid < table.length ? table[lid] & 0xFF : NO_PATH;
    }

    private static void checkLid(int lid) {
        if (lid < 0 || lid >= MAX_ENTRIES) {
            throw new IllegalArgumentException(String.format("LID 0x%x is outside the LFT range 0-0xbfff", lid));
        }
    }

    /** {@code entries} rounded up to whole {@value #BLOCK_SIZE}-LID blocks: the LFT entries a table of them spans. */
    public static int roundUp(int entries) {
        return (entries + BLOCK_SIZE - 1) / BLOCK_SIZE * BLOCK_SIZE;
    }

    private static byte[] blank(int length) {
        byte[] b = new byte[length];
        Arrays.fill(b, (byte) NO_PATH);
        return b;
    }

    private static byte[] grow(byte[] table, int minLength) {
        byte[] b = blank(roundUp(minLength));
        System.arraycopy(table, 0, b, 0, table.length);
        return b;
    }
}
