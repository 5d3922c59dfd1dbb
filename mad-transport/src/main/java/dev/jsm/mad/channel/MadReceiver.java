package dev.jsm.mad.channel;

/**
 * Receives MADs from a {@link MadChannel}. Called on the channel's I/O thread: implementations hand the MAD off
 * quickly (to a queue or executor) and never block.
 */
@FunctionalInterface
public interface MadReceiver {

    /**
     * One received MAD.
     *
     * @param from the sender's address ({@link MadAddress#directedRoute()} for DR SMPs)
     * @param mad the MAD bytes; owned by the receiver from now on
     * @param length number of valid bytes (256 for a single MAD)
     */
    void onMad(MadAddress from, byte[] mad, int length);

    /**
     * A MAD the transport handed back undelivered, instead of a response. Over libibumad this is a receive with a
     * non-zero umad status: ETIMEDOUT (110) when the kernel's send timeout expired, or at once when ibsim could not
     * route the MAD (a directed route through a missing or down port). The transaction layer uses it to fail the
     * request early rather than wait for its own timeout; the default ignores it.
     *
     * @param mad the request as sent, except that the transport may have rewritten the upper 32 bits of its
     *            TransactionID; owned by the receiver from now on
     * @param length number of valid bytes
     * @param status the transport's status (a positive errno)
     */
    default void onSendFailed(byte[] mad, int length, int status) {
    }
}
