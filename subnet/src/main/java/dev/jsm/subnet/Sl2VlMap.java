package dev.jsm.subnet;

/**
 * The VL each of the 16 service levels uses on one output port (on a switch: for packets that entered by one input
 * port), VL 15 meaning "drop": the model's form of an SLtoVLMappingTable (IBA 14.2.5.8), which QoS plans and the
 * SA reports.
 *
 * <p>Wire layout, in which a port's SL2VL {@link BlockTable} keeps it (one 8-byte block per input port): byte
 * {@code i} holds SL {@code 2i} in its high nibble and SL {@code 2i+1} in its low nibble, so the 8 bytes read
 * big-endian are {@link #bits()}. The daemon's tests check {@link #writeTo} and {@link #read} against the MAD codec,
 * so this layout and the codec's cannot drift apart.
 *
 * <p>Immutable; safe to share.
 */
public final class Sl2VlMap {

    /** Number of service levels. */
    public static final int SL_COUNT = 16;
    /** Bytes of the map in wire layout. */
    public static final int BLOCK_BYTES = 8;
    /** The VL that drops an SL's packets. */
    public static final int VL_DROP = 15;

    /** The 16 nibbles, SL 0 in bits 63:60. */
    private final long bits;

    private Sl2VlMap(long bits) {
        this.bits = bits;
    }

    /**
     * The map of 16 VLs, SL 0 first.
     *
     * @throws IllegalArgumentException unless there are 16 VLs of 0..15
     */
    public static Sl2VlMap of(int... vls) {
        if (vls.length != SL_COUNT) {
            throw new IllegalArgumentException("an SL-to-VL map has 16 VLs, not " + vls.length);
        }
        long bits = 0;
        for (int vl : vls) {
            if (vl < 0 || vl > VL_DROP) {
                throw new IllegalArgumentException("VL " + vl + " outside 0..15");
            }
            bits = bits << 4 | vl;
        }
        return new Sl2VlMap(bits);
    }

    /** The map in wire layout at {@code src[off..off+7]}. */
    public static Sl2VlMap read(byte[] src, int off) {
        long bits = 0;
        for (int i = 0; i < BLOCK_BYTES; i++) {
            bits = bits << 8 | src[off + i] & 0xFF;
        }
        return new Sl2VlMap(bits);
    }

    /** Writes the map in wire layout to {@code dst[off..off+7]}. */
    public void writeTo(byte[] dst, int off) {
        for (int i = 0; i < BLOCK_BYTES; i++) {
            dst[off + i] = (byte) (bits >>> (56 - 8 * i));
        }
    }

    /** The VL of service level {@code sl} (0..15). */
    public int vl(int sl) {
        if (sl < 0 || sl >= SL_COUNT) {
            throw new IllegalArgumentException("SL " + sl + " outside 0..15");
        }
        return (int) (bits >>> (60 - 4 * sl)) & 0xF;
    }

    /** The 8 wire bytes as one big-endian value: SL 0 in the top nibble. */
    public long bits() {
        return bits;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sl2VlMap m && m.bits == bits;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(bits);
    }

    /** {@code Sl2VlMap[0,1,2,...]}: the VL of SL 0, 1, 2, ... */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Sl2VlMap[");
        for (int sl = 0; sl < SL_COUNT; sl++) {
            sb.append(sl == 0 ? "" : ",").append(vl(sl));
        }
        return sb.append(']').toString();
    }
}
