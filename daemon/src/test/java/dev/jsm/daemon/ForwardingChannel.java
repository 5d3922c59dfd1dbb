package dev.jsm.daemon;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import java.io.IOException;

/**
 * A channel passing everything through to another; test channels extend it to watch or lose what is sent.
 *
 * <p>Thread-safe as the channel it wraps.
 */
abstract class ForwardingChannel implements MadChannel {

    private final MadChannel inner;

    ForwardingChannel(MadChannel inner) {
        this.inner = inner;
    }

    @Override
    public LocalPort localPort() {
        return inner.localPort();
    }

    @Override
    public void send(MadAddress to, byte[] mad, int length) throws IOException {
        inner.send(to, mad, length);
    }

    @Override
    public void setReceiver(MadReceiver receiver) {
        inner.setReceiver(receiver);
    }

    @Override
    public void close() {
        inner.close();
    }
}
