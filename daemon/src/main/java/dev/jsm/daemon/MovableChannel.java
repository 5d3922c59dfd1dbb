package dev.jsm.daemon;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import java.io.IOException;

/**
 * The channel the daemon's parts hold when the SM may move to another local port ({@code sm_port_failover},
 * {@link SmPortFailover}): every send goes to the channel on the SM's port of the moment, and {@link #moveTo} puts a
 * channel on another port in its place - it gets the receiver first, then the old channel is closed. A request
 * outstanding on the old port goes unanswered there; {@code MadTransactions} retries it through the new one.
 *
 * <p>Thread-safe: the channel in use is one volatile reference; a send racing a move leaves on either port.
 */
final class MovableChannel implements MadChannel {

    private volatile MadChannel current;
    private volatile MadReceiver receiver;

    MovableChannel(MadChannel first) {
        this.current = first;
    }

    /** The port of the channel in use now. */
    @Override
    public LocalPort localPort() {
        return current.localPort();
    }

    @Override
    public void send(MadAddress to, byte[] mad, int length) throws IOException {
        current.send(to, mad, length);
    }

    @Override
    public void setReceiver(MadReceiver receiver) {
        this.receiver = receiver;
        current.setReceiver(receiver);
    }

    /** Makes {@code next} the channel in use, with this channel's receiver, and closes the one it replaces. */
    synchronized void moveTo(MadChannel next) {
        MadReceiver r = receiver;
        if (r != null) {
            next.setReceiver(r);
        }
        MadChannel old = current;
        current = next;
        old.close();
    }

    /** The channel in use now (the attachment's issm bookkeeping). */
    MadChannel current() {
        return current;
    }

    @Override
    public synchronized void close() {
        current.close();
    }
}
