package dev.jsm.mad.txn;

import dev.jsm.mad.codec.MadHeader;

/**
 * The few common-header fields (IBA 13.4.3) the transactions layer reads and writes on every MAD, straight from the
 * bytes so that matching a response allocates nothing.
 *
 * <p>Stateless; thread-safe.
 */
final class HeaderBytes {

    private static final int TRAP_REPRESS = 0x07;
    private static final int DR_CLASS = 0x81;

    private HeaderBytes() {
    }

    /** Whether a method byte marks a response: the R bit, or TrapRepress (the answer to a Trap). */
    static boolean isResponseMethod(int method) {
        return (method & 0x80) != 0 || method == TRAP_REPRESS;
    }

    /** Whether {@code length} bytes of {@code mad} cannot hold a common header. */
    static boolean isTruncated(byte[] mad, int length) {
        return mad == null || length < MadHeader.SIZE || length > mad.length;
    }

    static int mgmtClass(byte[] mad) {
        return mad[1] & 0xFF;
    }

    static int method(byte[] mad) {
        return mad[3] & 0xFF;
    }

    /** The status; without the D bit for directed-route SMPs. */
    static int status(byte[] mad) {
        int st = u16(mad, 4);
        return mgmtClass(mad) == DR_CLASS ? st & 0x7FFF : st;
    }

    /** Writes {@code tid} as the TransactionID: upper 32 bits 0, lower 32 bits {@code tid}. */
    static void writeTid(byte[] mad, int tid) {
        mad[8] = 0;
        mad[9] = 0;
        mad[10] = 0;
        mad[11] = 0;
        mad[12] = (byte) (tid >>> 24);
        mad[13] = (byte) (tid >>> 16);
        mad[14] = (byte) (tid >>> 8);
        mad[15] = (byte) tid;
    }

    /** The low 32 bits of the TransactionID. */
    static int lowTid(byte[] mad) {
        return u32(mad, 12);
    }

    static int attributeId(byte[] mad) {
        return u16(mad, 16);
    }

    /** The attribute modifier's 32 bits. */
    static int attributeModifier(byte[] mad) {
        return u32(mad, 20);
    }

    private static int u16(byte[] mad, int off) {
        return ((mad[off] & 0xFF) << 8) | (mad[off + 1] & 0xFF);
    }

    private static int u32(byte[] mad, int off) {
        return ((mad[off] & 0xFF) << 24) | ((mad[off + 1] & 0xFF) << 16) | ((mad[off + 2] & 0xFF) << 8)
                | (mad[off + 3] & 0xFF);
    }
}
