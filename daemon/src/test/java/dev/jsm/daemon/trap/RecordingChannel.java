package dev.jsm.daemon.trap;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A channel on a test port (LID 1) that records the method byte of every MAD sent and never receives. */
final class RecordingChannel implements MadChannel {

    /** The method byte of each MAD sent, in order. */
    final List<Integer> sentMethods = new CopyOnWriteArrayList<>();

    @Override
    public LocalPort localPort() {
        return new LocalPort("test", 1, 1, 1, 1, 4);
    }

    @Override
    public void send(MadAddress to, byte[] mad, int length) {
        sentMethods.add(mad[3] & 0xFF);
    }

    @Override
    public void setReceiver(MadReceiver receiver) {
    }

    @Override
    public void close() {
    }
}
