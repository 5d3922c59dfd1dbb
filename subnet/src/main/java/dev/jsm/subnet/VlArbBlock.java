package dev.jsm.subnet;

import java.util.Arrays;

/**
 * 32 entries of a port's high- or low-priority VL arbitration list, each a VL and a weight (in units of 64 bytes;
 * weight 0 skips the entry): the model's form of one VLArbitrationTable block (IBA 14.2.5.9), which QoS plans and
 * the SA reports. A port's list has up to 64 entries, so a port's VLArb {@link BlockTable} has four blocks: low
 * entries 0-31 and 32-63, high entries 0-31 and 32-63 (attribute modifier blocks 1 to 4).
 *
 * <p>Wire layout, in which the table keeps it (64 bytes): entry {@code i} is byte {@code 2i} (reserved high nibble,
 * written 0; VL in the low nibble) and byte {@code 2i+1} (weight). The daemon's tests check {@link #writeTo} and
 * {@link #read} against the MAD codec, so this layout and the codec's cannot drift apart.
 *
 * <p>Immutable; safe to share.
 */
public final class VlArbBlock {

    /** Entries per block. */
    public static final int ENTRIES = 32;
    /** Bytes of a block in wire layout. */
    public static final int BLOCK_BYTES = 2 * ENTRIES;

    /** Wire layout; the reserved nibbles are 0. */
    private final byte[] bytes;

    private VlArbBlock(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * A block from 32 VLs and 32 weights.
     *
     * @throws IllegalArgumentException unless both have 32 entries, VLs 0..15 and weights 0..255
     */
    public VlArbBlock(byte[] vls, int[] weights) {
        this(encode(vls, weights));
    }

    private static byte[] encode(byte[] vls, int[] weights) {
        if (vls.length != ENTRIES || weights.length != ENTRIES) {
            throw new IllegalArgumentException("a VL arbitration block has 32 VLs and 32 weights, not "
                    + vls.length + " and " + weights.length);
        }
        byte[] b = new byte[BLOCK_BYTES];
        for (int i = 0; i < ENTRIES; i++) {
            if (vls[i] < 0 || vls[i] > 15 || weights[i] < 0 || weights[i] > 255) {
                throw new IllegalArgumentException("VL arbitration entry " + i + " " + vls[i] + ":" + weights[i]
                        + " outside VL 0..15, weight 0..255");
            }
            b[2 * i] = vls[i];
            b[2 * i + 1] = (byte) weights[i];
        }
        return b;
    }

    /** The block in wire layout at {@code src[off..off+63]}; reserved bits are ignored. */
    public static VlArbBlock read(byte[] src, int off) {
        byte[] b = Arrays.copyOfRange(src, off, off + BLOCK_BYTES);
        for (int i = 0; i < BLOCK_BYTES; i += 2) {
            b[i] &= 0x0F;
        }
        return new VlArbBlock(b);
    }

    /** Writes the block in wire layout to {@code dst[off..off+63]}; reserved bits are written as zero. */
    public void writeTo(byte[] dst, int off) {
        System.arraycopy(bytes, 0, dst, off, BLOCK_BYTES);
    }

    /** The VL of entry {@code index} (0..31). */
    public int vl(int index) {
        return bytes[2 * check(index)];
    }

    /** The weight of entry {@code index} (0..31). */
    public int weight(int index) {
        return bytes[2 * check(index) + 1] & 0xFF;
    }

    private static int check(int index) {
        if (index < 0 || index >= ENTRIES) {
            throw new IllegalArgumentException("VL arbitration entry " + index + " outside 0..31");
        }
        return index;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VlArbBlock other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    /** {@code VlArbBlock[0:1 1:2 ...]}: {@code VL:weight} per entry. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("VlArbBlock[");
        for (int i = 0; i < ENTRIES; i++) {
            sb.append(i == 0 ? "" : " ").append(vl(i)).append(':').append(weight(i));
        }
        return sb.append(']').toString();
    }
}
