package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * MulticastForwardingTableRecord (SA attribute 0x0017, 72 bytes; IBA 15.2.5.8): one block of a switch's MFT, the
 * 16-port masks of 32 MLIDs ({@code 0xC000 + 32 * blockNum + i}) for ports {@code 16 * position ..
 * 16 * position + 15}.
 *
 * <p>Components: 0 LID, 1 Position, 2 reserved, 3 BlockNum.
 *
 * <p>Immutable; safe to share ({@code masks} is copied in and out).
 *
 * @param lid LID of the switch
 * @param position port group (4 bits)
 * @param blockNum block (9 bits)
 * @param masks the 32 port masks as 64 big-endian bytes
 */
public record MulticastForwardingTableRecord(int lid, int position, int blockNum, byte[] masks) {

    /** Record size in bytes. */
    public static final int SIZE = 72;
    /** Bytes of one block. */
    public static final int TABLE_SIZE = 64;

    public static final Field LID = Field.u16("LID", 0);
    public static final Field POSITION = Field.bits("Position", 2, 7, 4);
    private static final Field POSITION_RESERVED = Field.reserved(2 * 8 + 4, 3);
    public static final Field BLOCK_NUM = Field.bits("BlockNum", 2 * 8 + 7, 9);
    public static final Field MFT = Field.bytes("MulticastForwardingTable", 8, TABLE_SIZE);

    public static final Layout LAYOUT = Layout.of("MulticastForwardingTableRecord", SIZE, LID, POSITION,
            POSITION_RESERVED, BLOCK_NUM, Field.reservedBytes(4, 4), MFT);
    public static final Components COMPONENTS = Components.of(LID, POSITION, POSITION_RESERVED, BLOCK_NUM);

    /** Copies the masks; they must be 64 bytes. */
    public MulticastForwardingTableRecord {
        masks = TableBytes.copy(masks, TABLE_SIZE, "an MFT block");
    }

    /** A copy of the masks. */
    @Override
    public byte[] masks() {
        return masks.clone();
    }

    /** The port mask of entry {@code i} (0..31). */
    public int mask(int i) {
        return (masks[2 * i] & 0xFF) << 8 | masks[2 * i + 1] & 0xFF;
    }

    /** Decodes the record at {@code off}. */
    public static MulticastForwardingTableRecord decode(byte[] b, int off) {
        return new MulticastForwardingTableRecord(LID.getInt(b, off), POSITION.getInt(b, off),
                BLOCK_NUM.getInt(b, off), MFT.getBytes(b, off));
    }

    /** Encodes the record at {@code off}, reserved bits zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        LID.put(b, off, lid);
        POSITION.put(b, off, position);
        BLOCK_NUM.put(b, off, blockNum);
        MFT.putBytes(b, off, masks);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MulticastForwardingTableRecord r && r.lid == lid && r.position == position
                && r.blockNum == blockNum && Arrays.equals(r.masks, masks);
    }

    @Override
    public int hashCode() {
        return ((lid * 31 + position) * 31 + blockNum) * 31 + Arrays.hashCode(masks);
    }

    @Override
    public String toString() {
        return "MulticastForwardingTableRecord[lid=" + lid + ", position=" + position + ", blockNum=" + blockNum
                + ", masks=" + HexFormat.of().formatHex(masks) + "]";
    }
}
