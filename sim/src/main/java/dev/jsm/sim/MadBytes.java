package dev.jsm.sim;

/**
 * Allocation-free accessors for the header fields the simulator reads on every MAD (IBA 13.4.3, 14.2.1.2), and
 * big-endian 16-bit helpers for table entries. The codec's {@code Field}s say the same; these are the hot-path
 * versions.
 */
final class MadBytes {

    private static final int BASE_VERSION = 0;
    private static final int MGMT_CLASS = 1;
    private static final int CLASS_VERSION = 2;
    private static final int METHOD = 3;
    private static final int STATUS = 4;
    private static final int HOP_POINTER = 6;
    private static final int HOP_COUNT = 7;
    private static final int ATTRIBUTE_ID = 16;
    private static final int ATTRIBUTE_MODIFIER = 20;
    /** The R bit of the method byte. */
    private static final int RESPONSE = 0x80;
    /** The D bit of a directed-route SMP, in the first status byte. */
    private static final int DIRECTION = 0x80;

    private MadBytes() {
    }

    static int baseVersion(byte[] mad) {
        return mad[BASE_VERSION] & 0xFF;
    }

    static int mgmtClass(byte[] mad) {
        return mad[MGMT_CLASS] & 0xFF;
    }

    static int classVersion(byte[] mad) {
        return mad[CLASS_VERSION] & 0xFF;
    }

    /** The method byte, R bit included. */
    static int method(byte[] mad) {
        return mad[METHOD] & 0xFF;
    }

    static boolean isResponse(byte[] mad) {
        return (mad[METHOD] & RESPONSE) != 0;
    }

    static int attributeId(byte[] mad) {
        return u16(mad, ATTRIBUTE_ID);
    }

    static long attributeModifier(byte[] mad) {
        return ((long) u16(mad, ATTRIBUTE_MODIFIER) << 16) | u16(mad, ATTRIBUTE_MODIFIER + 2);
    }

    static int hopPointer(byte[] mad) {
        return mad[HOP_POINTER] & 0xFF;
    }

    static void setHopPointer(byte[] mad, int hop) {
        mad[HOP_POINTER] = (byte) hop;
    }

    static int hopCount(byte[] mad) {
        return mad[HOP_COUNT] & 0xFF;
    }

    /**
     * Turns a request into its GetResp in place (IBA 13.4.5: Get and Set are both answered with GetResp): method,
     * status, and for a directed-route SMP the D bit.
     */
    static void answer(byte[] mad, int status, boolean directed) {
        mad[METHOD] = (byte) (RESPONSE | 0x01);
        putU16(mad, STATUS, status);
        if (directed) {
            mad[STATUS] |= (byte) DIRECTION;
        }
    }

    static int u16(byte[] b, int off) {
        return ((b[off] & 0xFF) << 8) | (b[off + 1] & 0xFF);
    }

    static void putU16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }
}
