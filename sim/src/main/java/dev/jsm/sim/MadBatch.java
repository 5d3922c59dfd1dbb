package dev.jsm.sim;

import dev.jsm.mad.channel.MadAddress;
import java.util.Arrays;

/**
 * A growable list of (channel, address, MAD) triples in parallel arrays: the simulator's inbound queue (sending
 * channel, destination) and its outbox (receiving channel, source; a null source marks a MAD handed back as a
 * failed send). Entries are added and drained without allocating once the arrays have grown to the working size.
 *
 * <p>Not thread-safe: the owner guards it.
 */
final class MadBatch {

    private SimMadChannel[] channels = new SimMadChannel[64];
    private MadAddress[] addresses = new MadAddress[64];
    private byte[][] mads = new byte[64][];
    private int size;

    void add(SimMadChannel channel, MadAddress address, byte[] mad) {
        if (size == mads.length) {
            int n = size * 2;
            channels = Arrays.copyOf(channels, n);
            addresses = Arrays.copyOf(addresses, n);
            mads = Arrays.copyOf(mads, n);
        }
        channels[size] = channel;
        addresses[size] = address;
        mads[size] = mad;
        size++;
    }

    int size() {
        return size;
    }

    SimMadChannel channel(int i) {
        return channels[i];
    }

    MadAddress address(int i) {
        return addresses[i];
    }

    byte[] mad(int i) {
        return mads[i];
    }

    /** Forgets all entries (and the references they held). */
    void clear() {
        Arrays.fill(channels, 0, size, null);
        Arrays.fill(addresses, 0, size, null);
        Arrays.fill(mads, 0, size, null);
        size = 0;
    }
}
