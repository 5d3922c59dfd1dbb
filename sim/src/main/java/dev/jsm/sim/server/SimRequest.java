package dev.jsm.sim.server;

/**
 * The MAD datagram of ibsim's client protocol (docs/sim-server.md), 288 bytes in both directions: destination and
 * source LID (each a big-endian 16-bit value in the first two bytes of a 32-bit word), destination and source QP,
 * a status (an errno; 110 when the simulator could not deliver the MAD), the MAD's length (64 bits) and the
 * 256-byte MAD. All numbers are big-endian.
 *
 * <p>Static helpers over a datagram's bytes. Stateless; thread-safe.
 */
final class SimRequest {

    /** Size of every MAD datagram. */
    static final int SIZE = 288;
    /** Offset and size of the MAD. */
    static final int MAD = 32;
    static final int MAD_SIZE = 256;
    /** The destination LID of a directed-route SMP. */
    static final int PERMISSIVE_LID = 0xFFFF;

    private static final int DLID = 0;
    private static final int SLID = 4;
    private static final int DQP = 8;
    private static final int SQP = 12;
    private static final int STATUS = 16;
    private static final int LENGTH = 24;

    private SimRequest() {
    }

    static int dlid(byte[] d) {
        return (d[DLID] & 0xFF) << 8 | d[DLID + 1] & 0xFF;
    }

    static int dqp(byte[] d) {
        return (int) u32(d, DQP);
    }

    static int status(byte[] d) {
        return (int) u32(d, STATUS);
    }

    static long length(byte[] d) {
        return u32(d, LENGTH) << 32 | u32(d, LENGTH + 4);
    }

    static int slid(byte[] d) {
        return (d[SLID] & 0xFF) << 8 | d[SLID + 1] & 0xFF;
    }

    static int sqp(byte[] d) {
        return (int) u32(d, SQP);
    }

    /** A datagram carrying {@code mad} (256 bytes) with the given addresses and status. */
    static byte[] encode(int dlid, int slid, int dqp, int sqp, int status, byte[] mad, int length) {
        byte[] d = new byte[SIZE];
        d[DLID] = (byte) (dlid >>> 8);
        d[DLID + 1] = (byte) dlid;
        d[SLID] = (byte) (slid >>> 8);
        d[SLID + 1] = (byte) slid;
        putU32(d, DQP, dqp);
        putU32(d, SQP, sqp);
        putU32(d, STATUS, status);
        putU32(d, LENGTH + 4, length);
        System.arraycopy(mad, 0, d, MAD, Math.min(MAD_SIZE, mad.length));
        return d;
    }

    private static long u32(byte[] d, int off) {
        return (d[off] & 0xFFL) << 24 | (d[off + 1] & 0xFF) << 16 | (d[off + 2] & 0xFF) << 8 | d[off + 3] & 0xFF;
    }

    private static void putU32(byte[] d, int off, int v) {
        d[off] = (byte) (v >>> 24);
        d[off + 1] = (byte) (v >>> 16);
        d[off + 2] = (byte) (v >>> 8);
        d[off + 3] = (byte) v;
    }
}
