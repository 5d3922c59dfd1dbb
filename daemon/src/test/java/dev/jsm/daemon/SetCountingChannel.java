package dev.jsm.daemon;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A channel passing everything through to another and counting the SMP Sets that configure the fabric: every
 * SubnSet except SMInfo (which SMs send each other).
 *
 * <p>Thread-safe as the channel it wraps.
 */
final class SetCountingChannel extends ForwardingChannel {

    private final AtomicLong configurationSets = new AtomicLong();
    private final AtomicLong lftBlockSets = new AtomicLong();

    SetCountingChannel(MadChannel inner) {
        super(inner);
    }

    /** SMP Sets other than SMInfo sent so far. */
    long configurationSets() {
        return configurationSets.get();
    }

    /** LinearForwardingTable block Sets sent so far. */
    long lftBlockSets() {
        return lftBlockSets.get();
    }

    @Override
    public void send(MadAddress to, byte[] mad, int length) throws IOException {
        int cls = mad[1] & 0xFF;
        if ((cls == 0x01 || cls == 0x81) && (mad[3] & 0xFF) == Method.SET.value()
                && MadHeader.ATTRIBUTE_ID.getInt(mad, 0) != AttributeId.SM_INFO.value()) {
            configurationSets.incrementAndGet();
            if (MadHeader.ATTRIBUTE_ID.getInt(mad, 0) == AttributeId.LINEAR_FORWARDING_TABLE.value()) {
                lftBlockSets.incrementAndGet();
            }
        }
        super.send(to, mad, length);
    }
}
