package dev.jsm.routing;

import dev.jsm.subnet.Node;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.SwitchLft;
import java.util.Arrays;

/**
 * The output of a routing engine: one linear forwarding table per switch, {@code byte[maxLid + 1]} indexed by LID,
 * holding the egress port (0 = the switch itself) or {@link #NO_PATH}. Every entry starts as {@link #NO_PATH};
 * engines write only here. Memory is one byte per (switch, LID), {@code S * (maxLid + 1)} bytes.
 *
 * <p>Not thread-safe as a whole, but rows are separate arrays: an engine may fill different switches' rows from
 * different threads, as long as the threads are joined before the tables are read.
 */
public final class LftTables {

    /** LFT entry meaning "no route to this LID" (the same value as {@link SwitchLft#NO_PATH}). */
    public static final int NO_PATH = SwitchLft.NO_PATH;

    private final int maxLid;
    private final byte[][] rows;

    /**
     * Empty tables for {@code switchCount} switches and LIDs {@code 0..maxLid}.
     *
     * @throws IllegalArgumentException if a count is negative or {@code maxLid} exceeds the unicast range
     */
    public LftTables(int switchCount, int maxLid) {
        if (switchCount < 0 || maxLid < 0 || maxLid >= SwitchLft.MAX_ENTRIES) {
            throw new IllegalArgumentException("cannot size LFTs for " + switchCount + " switches and maxLid "
                    + maxLid + " (expected LIDs below 0xc000)");
        }
        this.maxLid = maxLid;
        rows = new byte[switchCount][maxLid + 1];
        clear();
    }

    /** Empty tables sized for {@code in}. */
    public static LftTables forInput(RoutingInput in) {
        return new LftTables(in.switchCount(), in.maxLid());
    }

    /** Number of switches. */
    public int switchCount() {
        return rows.length;
    }

    /** The highest LID; every row has {@code maxLid + 1} entries. */
    public int maxLid() {
        return maxLid;
    }

    /** The live table of switch {@code sw} (not a copy): engines write their results here. */
    public byte[] lft(int sw) {
        return rows[sw];
    }

    /** The egress port of switch {@code sw} for {@code lid}, or {@link #NO_PATH} (also for LIDs past maxLid). */
    public int port(int sw, int lid) {
        return lid >= 0 && lid <= maxLid ? rows[sw][lid] & 0xFF : NO_PATH;
    }

    /**
     * Sets one entry.
     *
     * @throws IllegalArgumentException if {@code port} is outside 0..254 and not {@link #NO_PATH}
     */
    public void setPort(int sw, int lid, int port) {
        if (port < 0 || port > NO_PATH) {
            throw new IllegalArgumentException("port " + port + " out of range (expected 0-254, or 255 for none)");
        }
        rows[sw][lid] = (byte) port;
    }

    /**
     * Copies the columns of the LIDs {@code lids[from..to-1]} into {@code columns}: {@code columns[k * S + sw]} is
     * switch {@code sw}'s entry for {@code lids[from + k]}. Each row is read once, in LID order: reading a column
     * straight from the rows costs a cache miss per switch, which dominates any pass that works LID by LID (the route
     * verifier, the off-sweep balancer).
     *
     * @param columns at least {@code (to - from) * S} bytes
     */
    public void gatherColumns(int[] lids, int from, int to, byte[] columns) {
        int s = rows.length;
        for (int sw = 0; sw < s; sw++) {
            byte[] row = rows[sw];
            for (int k = from, at = sw; k < to; k++, at += s) {
                columns[at] = row[lids[k]];
            }
        }
    }

    /** Writes columns laid out as {@link #gatherColumns} reads them back into the rows. */
    public void scatterColumns(int[] lids, int from, int to, byte[] columns) {
        int s = rows.length;
        for (int sw = 0; sw < s; sw++) {
            byte[] row = rows[sw];
            for (int k = from, at = sw; k < to; k++, at += s) {
                row[lids[k]] = columns[at];
            }
        }
    }

    /**
     * Gives every extra LID of {@code in} ({@link RoutingInput#extraLids()}: a virtual port's own LID) the entry of
     * its end port's base LID in every switch, so that it is routed exactly as that LID. Every routing result passes
     * here before it is checked or used: the chains after the engine that routed, a repair, a rebalancing.
     *
     * @throws IllegalArgumentException if the tables were not sized for {@code in}
     */
    public void copyExtraLids(RoutingInput in) {
        if (in.switchCount() != rows.length || in.maxLid() != maxLid) {
            throw new IllegalArgumentException(this + " are not sized for " + in);
        }
        int[] extra = in.extraLids();
        int[] base = in.extraLidBase();
        if (extra.length == 0) {
            return;
        }
        for (byte[] row : rows) {
            for (int k = 0; k < extra.length; k++) {
                row[extra[k]] = row[base[k]];
            }
        }
    }

    /** Resets every entry to {@link #NO_PATH} (before another engine of a chain tries). */
    public void clear() {
        for (byte[] row : rows) {
            Arrays.fill(row, (byte) NO_PATH);
        }
    }

    /** A deep copy. */
    public LftTables copy() {
        LftTables c = new LftTables(rows.length, maxLid);
        for (int i = 0; i < rows.length; i++) {
            System.arraycopy(rows[i], 0, c.rows[i], 0, rows[i].length);
        }
        return c;
    }

    /** Whether {@code other} has the same size and the same entries. */
    public boolean contentEquals(LftTables other) {
        return maxLid == other.maxLid && Arrays.deepEquals(rows, other.rows);
    }

    /** Bytes held by the entries: {@code S * (maxLid + 1)}. */
    public long entryBytes() {
        return (long) rows.length * (maxLid + 1);
    }

    /**
     * Hands the result to the model: for every switch of {@code in}, makes its row the wanted LFT of the switch with
     * the same node GUID in {@code subnet} (the row itself, not a copy: the LFT programmer then sends the blocks that
     * differ, and the switch may keep the row as what it holds). The tables must not be written afterwards. Switches
     * no longer in the subnet are skipped. Runs on the sweep thread, which owns {@code subnet}.
     *
     * @throws IllegalArgumentException if the tables were not sized for {@code in}
     */
    public void applyWanted(RoutingInput in, Subnet subnet) {
        if (in.switchCount() != rows.length || in.maxLid() != maxLid) {
            throw new IllegalArgumentException("tables for " + rows.length + " switches and maxLid " + maxLid
                    + " do not match " + in);
        }
        for (int sw = 0; sw < rows.length; sw++) {
            Node node = subnet.node(in.switchGuid()[sw]);
            if (node != null && node.isSwitch()) {
                node.asSwitch().lft().setWanted(rows[sw]);
            }
        }
    }

    /** {@code LftTables[S switches x maxLid+1 LIDs]}. */
    @Override
    public String toString() {
        return "LftTables[" + rows.length + " switches x " + (maxLid + 1) + " LIDs]";
    }
}
