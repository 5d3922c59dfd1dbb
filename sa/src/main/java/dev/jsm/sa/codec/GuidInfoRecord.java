package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * GUIDInfoRecord (SA attribute 0x0030, 72 bytes; IBA 15.2.5.18): one block of 8 GUIDs of a port's GUIDInfo table
 * (entry 0 of block 0 is the port GUID; others are alias GUIDs, which Set and Delete manage).
 *
 * <p>Components: 0 LID, 1 BlockNum, 2 and 3 reserved, 4..11 GUID0..GUID7.
 *
 * <p>Immutable; safe to share ({@code guids} is copied in and out).
 *
 * @param lid LID of the end port
 * @param blockNum block number
 * @param guids the 8 GUIDs
 */
public record GuidInfoRecord(int lid, int blockNum, long[] guids) {

    /** Record size in bytes. */
    public static final int SIZE = 72;
    /** GUIDs per block. */
    public static final int GUIDS = 8;

    public static final Field LID = Field.u16("LID", 0);
    public static final Field BLOCK_NUM = Field.u8("BlockNum", 2);
    private static final Field[] GUID = new Field[GUIDS];

    static {
        for (int i = 0; i < GUIDS; i++) {
            GUID[i] = Field.u64("GUID" + i, 8 + 8 * i);
        }
    }

    public static final Layout LAYOUT = Layout.of("GUIDInfoRecord", SIZE, fields().toArray(new Field[0]));
    public static final Components COMPONENTS = Components.of(fields());

    /** Copies the GUIDs; there must be 8. */
    public GuidInfoRecord {
        if (guids.length != GUIDS) {
            throw new IllegalArgumentException("a GUIDInfo block has 8 GUIDs, not " + guids.length);
        }
        guids = guids.clone();
    }

    /** A copy of the GUIDs. */
    @Override
    public long[] guids() {
        return guids.clone();
    }

    /** Decodes the record at {@code off}. */
    public static GuidInfoRecord decode(byte[] b, int off) {
        long[] g = new long[GUIDS];
        for (int i = 0; i < GUIDS; i++) {
            g[i] = GUID[i].getLong(b, off);
        }
        return new GuidInfoRecord(LID.getInt(b, off), BLOCK_NUM.getInt(b, off), g);
    }

    /** Encodes the record at {@code off}, reserved bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        LID.put(b, off, lid);
        BLOCK_NUM.put(b, off, blockNum);
        for (int i = 0; i < GUIDS; i++) {
            GUID[i].put(b, off, guids[i]);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GuidInfoRecord r && r.lid == lid && r.blockNum == blockNum && Arrays.equals(r.guids,
                guids);
    }

    @Override
    public int hashCode() {
        return (lid * 31 + blockNum) * 31 + Arrays.hashCode(guids);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("GuidInfoRecord[lid=" + lid + ", blockNum=" + blockNum + ", guids=");
        for (int i = 0; i < GUIDS; i++) {
            sb.append(i == 0 ? "" : ",").append(String.format("0x%016x", guids[i]));
        }
        return sb.append(']').toString();
    }

    private static List<Field> fields() {
        List<Field> f = new ArrayList<>(List.of(LID, BLOCK_NUM, Field.reservedBytes(3, 1),
                Field.reservedBytes(4, 4)));
        f.addAll(List.of(GUID));
        return f;
    }
}
