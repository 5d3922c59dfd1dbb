package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * P_KeyTableRecord (SA attribute 0x0033, 72 bytes; IBA 15.2.5.11): one 32-entry block of a port's P_Key table
 * (each entry: membership bit 15, P_Key bits 14:0).
 *
 * <p>Components: 0 LID, 1 BlockNum, 2 PortNum.
 *
 * <p>Immutable; safe to share ({@code pKeys} is copied in and out).
 *
 * @param lid LID of the end port (switch: port 0)
 * @param blockNum P_Key table block
 * @param portNum port number (switch external ports; 0 otherwise)
 * @param pKeys the 32 entries as 64 big-endian bytes
 */
public record PKeyTableRecord(int lid, int blockNum, int portNum, byte[] pKeys) {

    /** Record size in bytes. */
    public static final int SIZE = 72;
    /** Bytes of one block (32 entries). */
    public static final int TABLE_SIZE = 64;

    public static final Field LID = Field.u16("LID", 0);
    public static final Field BLOCK_NUM = Field.u16("BlockNum", 2);
    public static final Field PORT_NUM = Field.u8("PortNum", 4);
    public static final Field P_KEY_TABLE = Field.bytes("P_KeyTable", 8, TABLE_SIZE);

    public static final Layout LAYOUT = Layout.of("P_KeyTableRecord", SIZE, LID, BLOCK_NUM, PORT_NUM,
            Field.reservedBytes(5, 3), P_KEY_TABLE);
    public static final Components COMPONENTS = Components.of(LID, BLOCK_NUM, PORT_NUM);

    /** Copies the table; it must have 64 bytes. */
    public PKeyTableRecord {
        pKeys = TableBytes.copy(pKeys, TABLE_SIZE, "a P_Key block");
    }

    /** A copy of the table bytes. */
    @Override
    public byte[] pKeys() {
        return pKeys.clone();
    }

    /** Entry {@code i} (0..31) of the block. */
    public int pKey(int i) {
        return (pKeys[2 * i] & 0xFF) << 8 | pKeys[2 * i + 1] & 0xFF;
    }

    /** Decodes the record at {@code off}. */
    public static PKeyTableRecord decode(byte[] b, int off) {
        return new PKeyTableRecord(LID.getInt(b, off), BLOCK_NUM.getInt(b, off), PORT_NUM.getInt(b, off),
                P_KEY_TABLE.getBytes(b, off));
    }

    /** Encodes the record at {@code off}, reserved bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        LID.put(b, off, lid);
        BLOCK_NUM.put(b, off, blockNum);
        PORT_NUM.put(b, off, portNum);
        P_KEY_TABLE.putBytes(b, off, pKeys);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PKeyTableRecord r && r.lid == lid && r.blockNum == blockNum && r.portNum == portNum
                && Arrays.equals(r.pKeys, pKeys);
    }

    @Override
    public int hashCode() {
        return ((lid * 31 + blockNum) * 31 + portNum) * 31 + Arrays.hashCode(pKeys);
    }

    @Override
    public String toString() {
        return "PKeyTableRecord[lid=" + lid + ", blockNum=" + blockNum + ", portNum=" + portNum + ", pKeys="
                + HexFormat.of().formatHex(pKeys) + "]";
    }
}
