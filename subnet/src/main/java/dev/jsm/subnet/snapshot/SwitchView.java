package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Lid;
import dev.jsm.subnet.SwitchAttributes;
import dev.jsm.subnet.SwitchLft;
import dev.jsm.subnet.SwitchMft;

/**
 * A switch as it was when the snapshot was taken: its SwitchInfo values and the forwarding tables it was known to
 * hold (the programmed LFT and MFT), which is what the SA's LinearForwardingTableRecord and
 * MulticastForwardingTableRecord and the dump files report.
 *
 * <p>Immutable; safe to share. The tables are never handed out: the MFT is a private copy, the LFT the array
 * {@link SwitchLft#programmedForSnapshot()} gave, which nothing writes any more.
 */
public final class SwitchView {

    private final int index;
    private final int nodeIndex;
    private final long nodeGuid;
    private final SwitchAttributes attributes;
    private final byte[] lft;
    private final short[][] mft;

    SwitchView(int index, int nodeIndex, long nodeGuid, SwitchAttributes attributes, byte[] lft, short[][] mft) {
        this.index = index;
        this.nodeIndex = nodeIndex;
        this.nodeGuid = nodeGuid;
        this.attributes = attributes;
        this.lft = lft;
        this.mft = mft;
    }

    /** Index of the switch's node. */
    public int nodeIndex() {
        return nodeIndex;
    }

    /** The switch's node GUID. */
    public long nodeGuid() {
        return nodeGuid;
    }

    /** The SwitchInfo values. */
    public SwitchAttributes attributes() {
        return attributes;
    }

    /** Number of LFT entries held, rounded up to whole 64-LID blocks (later LIDs have no path). */
    public int lftSize() {
        return SwitchLft.roundUp(lft.length);
    }

    /** The programmed egress port for {@code lid}, or {@link SwitchLft#NO_PATH}. */
    public int lftPort(int lid) {
        return lid >= 0 && lid < lft.length ? lft[lid] & 0xFF : SwitchLft.NO_PATH;
    }

    /** Copies the 64 entries of LFT block {@code block} to {@code dst[off..off+63]}. */
    public void copyLftBlock(int block, byte[] dst, int off) {
        for (int i = 0; i < SwitchLft.BLOCK_SIZE; i++) {
            dst[off + i] = (byte) lftPort(block * SwitchLft.BLOCK_SIZE + i);
        }
    }

    /** A copy of the programmed LFT. */
    public byte[] lftCopy() {
        return lft.clone();
    }

    /** Number of MFT positions (16-port masks per MLID). */
    public int mftPositions() {
        return mft.length;
    }

    /** The programmed 16-bit port mask of multicast LID {@code mlid} at {@code position}, 0 if none. */
    public int mftMask(int mlid, int position) {
        if (!Lid.isMulticast(mlid) || position < 0 || position >= mft.length) {
            return 0;
        }
        int i = mlid - Lid.MULTICAST_MIN;
        return i < mft[position].length ? mft[position][i] & 0xFFFF : 0;
    }

    /** Whether {@code port} forwards multicast LID {@code mlid}. */
    public boolean mftHasPort(int mlid, int port) {
        int bit = 1 << (port % SwitchMft.PORTS_PER_POSITION);
        return port >= 0 && (mftMask(mlid, port / SwitchMft.PORTS_PER_POSITION) & bit) != 0;
    }

    /** {@code switch 0x... #index}. */
    @Override
    public String toString() {
        return "switch " + Guid.toString(nodeGuid) + " #" + index;
    }
}
