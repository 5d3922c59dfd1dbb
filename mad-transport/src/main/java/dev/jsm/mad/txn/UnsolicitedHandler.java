package dev.jsm.mad.txn;

import dev.jsm.mad.channel.MadAddress;

/**
 * Receives MADs that are not responses to this side's requests (traps, SA requests, SMInfo from another SM), as
 * registered with {@link MadTransactions#onUnsolicited}. Runs on the executor given at registration.
 */
@FunctionalInterface
public interface UnsolicitedHandler {

    /**
     * One unsolicited MAD.
     *
     * @param from the sender ({@link MadAddress#directedRoute()} for directed-route SMPs)
     * @param mad the MAD bytes, owned by the handler
     * @param length number of valid bytes
     */
    void onMad(MadAddress from, byte[] mad, int length);
}
