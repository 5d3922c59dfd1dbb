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
}
