package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * VLArbitrationTable (attribute 0x0018, 64 bytes; IBA 14.2.5.9): 32 entries of an output port's high- or
 * low-priority VL arbitration list, each {@code reserved(4) | VL(4)} followed by an 8-bit weight (in units of 64
 * bytes; weight 0 skips the entry).
 *
 * <p>Attribute modifier bits 31:16 select the block ({@link #BLOCK_LOW_0_31} .. {@link #BLOCK_HIGH_32_63}), bits
 * 7:0 the port on a switch ({@link #modifier}). How many entries a port really has is its PortInfo
 * VLArbitrationLowCap/HighCap; entries past the capacity read as zero.
 *
 * <p>Immutable (the arrays are copied in and out); safe to share.
 *
 * @param vls VL of each entry, 32 entries of 0..15
 * @param weights weight of each entry, 32 entries of 0..255
 */
public record VlArbitrationTable(byte[] vls, int[] weights) {

    /** Entries per block. */
    public static final int ENTRIES = 32;
    /** Block 1: low-priority entries 0..31. */
    public static final int BLOCK_LOW_0_31 = 1;
    /** Block 2: low-priority entries 32..63. */
    public static final int BLOCK_LOW_32_63 = 2;
    /** Block 3: high-priority entries 0..31. */
    public static final int BLOCK_HIGH_0_31 = 3;
    /** Block 4: high-priority entries 32..63. */
    public static final int BLOCK_HIGH_32_63 = 4;

    /** {@code VL[i]}: the VL of entry {@code i} (low nibble of the entry's first byte). */
    public static final Field[] VL = BlockFields.repeat("VL[", "]", ENTRIES, 4, 16, 4);
    /** {@code Weight[i]}: the weight of entry {@code i}. */
    public static final Field[] WEIGHT = BlockFields.repeat("Weight[", "]", ENTRIES, 8, 16, 8);
    public static final Layout LAYOUT = Layout.of("VLArbitrationTable", 64,
            BlockFields.concat(BlockFields.reserved(ENTRIES, 0, 16, 4), VL, WEIGHT));

    /**
     * @throws IllegalArgumentException unless both arrays have 32 entries in range
     */
    public VlArbitrationTable {
        BlockFields.checkLength("VLArbitrationTable VLs", vls.length, ENTRIES);
        BlockFields.checkLength("VLArbitrationTable weights", weights.length, ENTRIES);
        vls = vls.clone();
        weights = weights.clone();
        for (int i = 0; i < ENTRIES; i++) {
            BlockFields.checkRange("VLArbitrationTable VL", vls[i], 0, 15);
            BlockFields.checkRange("VLArbitrationTable weight", weights[i], 0, 255);
        }
    }

    /** Decodes a block at {@code off} (normally {@code Smp.DATA_OFFSET}); reserved bits are ignored. */
    public static VlArbitrationTable decode(byte[] b, int off) {
        byte[] v = new byte[ENTRIES];
        int[] w = new int[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            v[i] = (byte) VL[i].getInt(b, off);
            w[i] = WEIGHT[i].getInt(b, off);
        }
        return new VlArbitrationTable(v, w);
    }

    /** Encodes the block at {@code off}; reserved bits are written as zero. */
    public void encodeTo(byte[] b, int off) {
        for (int i = 0; i < ENTRIES; i++) {
            b[off + 2 * i] = 0;
            VL[i].put(b, off, vls[i]);
            WEIGHT[i].put(b, off, weights[i]);
        }
    }

    /** The VL of entry {@code index} (0..31). */
    public int vl(int index) {
        BlockFields.checkIndex("VLArbitrationTable", index, ENTRIES);
        return vls[index];
    }

    /** The weight of entry {@code index} (0..31). */
    public int weight(int index) {
        BlockFields.checkIndex("VLArbitrationTable", index, ENTRIES);
        return weights[index];
    }

    /** A copy of the 32 VLs. */
    @Override
    public byte[] vls() {
        return vls.clone();
    }

    /** A copy of the 32 weights. */
    @Override
    public int[] weights() {
        return weights.clone();
    }

    /**
     * Attribute modifier selecting a block of a port's table.
     *
     * @param block {@link #BLOCK_LOW_0_31} .. {@link #BLOCK_HIGH_32_63}
     * @param port output port (switches; 0 for CAs)
     */
    public static long modifier(int block, int port) {
        BlockFields.checkRange("VLArbitrationTable block", block, BLOCK_LOW_0_31, BLOCK_HIGH_32_63);
        BlockFields.checkRange("VLArbitrationTable port", port, 0, 255);
        return ((long) block << 16) | port;
    }

    /** The block (bits 31:16) of an attribute modifier; values outside 1..4 are invalid requests. */
    public static int block(long attributeModifier) {
        return (int) ((attributeModifier >>> 16) & 0xFFFF);
    }

    /** The port (bits 7:0) of an attribute modifier. */
    public static int port(long attributeModifier) {
        return (int) (attributeModifier & 0xFF);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VlArbitrationTable other && Arrays.equals(vls, other.vls)
                && Arrays.equals(weights, other.weights);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(vls) + Arrays.hashCode(weights);
    }

    /** {@code VlArbitrationTable[0:1 1:2 ...]}: {@code VL:weight} per entry. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("VlArbitrationTable[");
        for (int i = 0; i < ENTRIES; i++) {
            sb.append(i == 0 ? "" : " ").append(vls[i]).append(':').append(weights[i]);
        }
        return sb.append(']').toString();
    }
}
