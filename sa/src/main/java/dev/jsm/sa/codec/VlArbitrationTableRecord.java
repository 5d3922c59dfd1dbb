package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * VLArbitrationTableRecord (SA attribute 0x0036, 72 bytes; IBA 15.2.5.9): one 32-entry block of a port's VL
 * arbitration table (block 1/2: low priority entries 0-31/32-63, 3/4: high priority), each entry a byte
 * reserved(7:4)|VL(3:0) and a weight byte.
 *
 * <p>Components: 0 LID, 1 OutputPortNum, 2 BlockNum.
 *
 * <p>Immutable; safe to share ({@code entries} is copied in and out).
 *
 * @param lid LID of the end port (switch: port 0)
 * @param outputPortNum output port
 * @param blockNum block 1..4
 * @param entries the 32 entries as 64 bytes
 */
public record VlArbitrationTableRecord(int lid, int outputPortNum, int blockNum, byte[] entries) {

    /** Record size in bytes. */
    public static final int SIZE = 72;
    /** Bytes of one block. */
    public static final int TABLE_SIZE = 64;

    public static final Field LID = Field.u16("LID", 0);
    public static final Field OUTPUT_PORT_NUM = Field.u8("OutputPortNum", 2);
    public static final Field BLOCK_NUM = Field.u8("BlockNum", 3);
    public static final Field VL_ARBITRATION_TABLE = Field.bytes("VLArbitrationTable", 8, TABLE_SIZE);

    public static final Layout LAYOUT = Layout.of("VLArbitrationTableRecord", SIZE, LID, OUTPUT_PORT_NUM,
            BLOCK_NUM, Field.reservedBytes(4, 4), VL_ARBITRATION_TABLE);
    public static final Components COMPONENTS = Components.of(LID, OUTPUT_PORT_NUM, BLOCK_NUM);

    /** Copies the entries; they must be 64 bytes. */
    public VlArbitrationTableRecord {
        entries = TableBytes.copy(entries, TABLE_SIZE, "a VLArbitration block");
    }

    /** A copy of the entries. */
    @Override
    public byte[] entries() {
        return entries.clone();
    }

    /** VL of entry {@code i} (0..31). */
    public int vl(int i) {
        return entries[2 * i] & 0xF;
    }

    /** Weight of entry {@code i} (0..31). */
    public int weight(int i) {
        return entries[2 * i + 1] & 0xFF;
    }

    /** Decodes the record at {@code off}. */
    public static VlArbitrationTableRecord decode(byte[] b, int off) {
        return new VlArbitrationTableRecord(LID.getInt(b, off), OUTPUT_PORT_NUM.getInt(b, off),
                BLOCK_NUM.getInt(b, off), VL_ARBITRATION_TABLE.getBytes(b, off));
    }

    /** Encodes the record at {@code off}, reserved bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        LID.put(b, off, lid);
        OUTPUT_PORT_NUM.put(b, off, outputPortNum);
        BLOCK_NUM.put(b, off, blockNum);
        VL_ARBITRATION_TABLE.putBytes(b, off, entries);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VlArbitrationTableRecord r && r.lid == lid && r.outputPortNum == outputPortNum
                && r.blockNum == blockNum && Arrays.equals(r.entries, entries);
    }

    @Override
    public int hashCode() {
        return ((lid * 31 + outputPortNum) * 31 + blockNum) * 31 + Arrays.hashCode(entries);
    }

    @Override
    public String toString() {
        return "VlArbitrationTableRecord[lid=" + lid + ", outputPortNum=" + outputPortNum + ", blockNum=" + blockNum
                + ", entries=" + HexFormat.of().formatHex(entries) + "]";
    }
}
