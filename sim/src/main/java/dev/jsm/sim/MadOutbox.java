package dev.jsm.sim;

import dev.jsm.mad.channel.MadAddress;

/**
 * Where the simulated fabric puts the MADs it delivers to channels; the simulator engine implements it and applies
 * loss and delay injection.
 */
interface MadOutbox {

    /**
     * Hands {@code mad} (256 bytes, owned by the receiver from now on) to the receiver of channel {@code to}.
     * Called with the {@link FabricState} monitor held.
     *
     * @param from the sender's address as the receiver sees it
     */
    void deliver(SimMadChannel to, MadAddress from, byte[] mad);

    /**
     * Hands a MAD that could not be delivered back to the channel that sent it, as a failed send; no loss or delay
     * applies. Called on the simulator thread, while it processes the MAD.
     */
    void sendFailed(SimMadChannel sender, byte[] mad);
}
