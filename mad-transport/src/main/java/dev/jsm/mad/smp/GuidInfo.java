package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * GUIDInfo (attribute 0x0014, 64 bytes; IBA 14.2.5.5): one block of 8 port GUIDs. Entry 0 of block 0 is the
 * port's own GUID; the others are alias GUIDs the SM assigns (OpenSM's {@code osm_guid_mgr}, SR-IOV virtual
 * ports). The attribute modifier is the block number; PortInfo.GUIDCap says how many entries exist.
 *
 * <p>Immutable (the array is copied in and out); safe to share.
 *
 * @param guids the 8 GUIDs of the block (0 = unused)
 */
public record GuidInfo(long[] guids) {

    /** Entries per block. */
    public static final int ENTRIES = 8;
    /** Highest block number: GUIDCap is 8 bits, so at most 32 blocks. */
    public static final int MAX_BLOCK = 31;

    /** {@code GUID[i]}: entry {@code i} of the block. */
    public static final Field[] GUID = BlockFields.repeat("GUID[", "]", ENTRIES, 0, 64, 64);
    public static final Layout LAYOUT = Layout.of("GUIDInfo", 64, GUID);

    /**
     * @throws IllegalArgumentException unless {@code guids} has 8 entries
     */
    public GuidInfo {
        BlockFields.checkLength("GUIDInfo", guids.length, ENTRIES);
        guids = guids.clone();
    }

    /** Decodes a block at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static GuidInfo decode(byte[] b, int off) {
        long[] g = new long[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            g[i] = GUID[i].getLong(b, off);
        }
        return new GuidInfo(g);
    }

    /** Encodes the block at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        for (int i = 0; i < ENTRIES; i++) {
            GUID[i].put(b, off, guids[i]);
        }
    }

    /** Entry {@code index} (0..7). */
    public long guid(int index) {
        BlockFields.checkIndex("GUIDInfo", index, ENTRIES);
        return guids[index];
    }

    /** A copy of the 8 GUIDs. */
    @Override
    public long[] guids() {
        return guids.clone();
    }

    /** Attribute modifier selecting a block. */
    public static long modifier(int block) {
        BlockFields.checkRange("GUIDInfo block", block, 0, MAX_BLOCK);
        return block;
    }

    /** The block an attribute modifier selects; values above {@link #MAX_BLOCK} are invalid requests. */
    public static int block(long attributeModifier) {
        return (int) Math.min(attributeModifier & 0xFFFF_FFFFL, Integer.MAX_VALUE);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GuidInfo other && Arrays.equals(guids, other.guids);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(guids);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("GuidInfo[");
        for (int i = 0; i < ENTRIES; i++) {
            sb.append(i == 0 ? "" : " ").append(String.format("0x%016x", guids[i]));
        }
        return sb.append(']').toString();
    }
}
