package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * LinearForwardingTableRecord (SA attribute 0x0015, 72 bytes; IBA 15.2.5.6): one 64-entry block of a switch's LFT,
 * as programmed (entry i is the egress port for LID {@code blockNum * 64 + i}, 0xFF = none).
 *
 * <p>Components: 0 LID, 1 BlockNum.
 *
 * <p>Immutable; safe to share ({@code lft} is copied in and out).
 *
 * @param lid LID of the switch
 * @param blockNum LFT block number
 * @param lft the 64 entries
 */
public record LinearForwardingTableRecord(int lid, int blockNum, byte[] lft) {

    /** Record size in bytes. */
    public static final int SIZE = 72;
    /** Entries per block. */
    public static final int ENTRIES = 64;

    public static final Field LID = Field.u16("LID", 0);
    public static final Field BLOCK_NUM = Field.u16("BlockNum", 2);
    public static final Field LFT = Field.bytes("LinearForwardingTable", 8, ENTRIES);

    public static final Layout LAYOUT = Layout.of("LinearForwardingTableRecord", SIZE, LID, BLOCK_NUM,
            Field.reservedBytes(4, 4), LFT);
    public static final Components COMPONENTS = Components.of(LID, BLOCK_NUM);

    /**
     * Copies the entries.
     *
     * @throws IllegalArgumentException unless {@code lft} has 64 entries
     */
    public LinearForwardingTableRecord {
        lft = TableBytes.copy(lft, ENTRIES, "an LFT block");
    }

    /** A copy of the entries. */
    @Override
    public byte[] lft() {
        return lft.clone();
    }

    /** Decodes the record at {@code off}. */
    public static LinearForwardingTableRecord decode(byte[] b, int off) {
        return new LinearForwardingTableRecord(LID.getInt(b, off), BLOCK_NUM.getInt(b, off), LFT.getBytes(b, off));
    }

    /** Encodes the record at {@code off}, reserved bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        LID.put(b, off, lid);
        BLOCK_NUM.put(b, off, blockNum);
        LFT.putBytes(b, off, lft);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LinearForwardingTableRecord r && r.lid == lid && r.blockNum == blockNum
                && Arrays.equals(r.lft, lft);
    }

    @Override
    public int hashCode() {
        return (lid * 31 + blockNum) * 31 + Arrays.hashCode(lft);
    }

    @Override
    public String toString() {
        return "LinearForwardingTableRecord[lid=" + lid + ", blockNum=" + blockNum + ", lft="
                + HexFormat.of().formatHex(lft) + "]";
    }
}
