package dev.jsm.mad.txn;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link MadChannel} between {@link MadTransactions} and the channel under test that lets a test script what the
 * fabric cannot do on purpose: drop exactly the next n transmissions, hold transmissions (or received MADs) and
 * release them later, make sends throw, inject MADs as if received, and record copies of what was sent.
 *
 * <p>Thread-safe. Lock order: the caller's locks, then this tap's monitor, then the wrapped channel's; the wrapped
 * channel is called with this monitor held only from {@link #send}.
 */
final class TapChannel implements MadChannel {

    /** One MAD held back. */
    private record Held(MadAddress address, byte[] mad, int length) {
    }

    private final MadChannel inner;
    private volatile MadReceiver receiver;
    private int dropNext;
    private boolean dropAll;
    private boolean holdSends;
    private boolean holdReceived;
    private boolean failSends;
    private boolean record;
    private int sends;
    private final List<Held> heldSends = new ArrayList<>();
    private final List<Held> heldReceived = new ArrayList<>();
    private final List<byte[]> recorded = new ArrayList<>();

    TapChannel(MadChannel inner) {
        this.inner = inner;
        inner.setReceiver(new MadReceiver() {
            @Override
            public void onMad(MadAddress from, byte[] mad, int length) {
                synchronized (TapChannel.this) {
                    if (holdReceived) {
                        heldReceived.add(new Held(from, mad, length));
                        return;
                    }
                }
                receiver.onMad(from, mad, length);
            }

            @Override
            public void onSendFailed(byte[] mad, int length, int status) {
                receiver.onSendFailed(mad, length, status);
            }
        });
    }

    @Override
    public LocalPort localPort() {
        return inner.localPort();
    }

    @Override
    public synchronized void send(MadAddress to, byte[] mad, int length) throws IOException {
        sends++;
        if (record) {
            recorded.add(mad.clone());
        }
        if (failSends) {
            throw new IOException("tap: send refused");
        }
        if (dropAll) {
            return;
        }
        if (dropNext > 0) {
            dropNext--;
            return;
        }
        if (holdSends) {
            heldSends.add(new Held(to, mad.clone(), length));
            return;
        }
        inner.send(to, mad, length);
    }

    @Override
    public void setReceiver(MadReceiver receiver) {
        this.receiver = receiver;
    }

    @Override
    public void close() {
        inner.close();
    }

    /** Drops the next {@code n} transmissions silently, as a lossy link would. */
    synchronized void dropNext(int n) {
        dropNext = n;
    }

    /** Drops every transmission from now on (or stops doing so). */
    synchronized void dropAll(boolean on) {
        dropAll = on;
    }

    /** Makes every send throw an {@link IOException} (or stops doing so). */
    synchronized void failSends(boolean on) {
        failSends = on;
    }

    /** Keeps a copy of every MAD sent from now on. */
    synchronized void record() {
        record = true;
    }

    /** Copies of the MADs sent since {@link #record()}. */
    synchronized List<byte[]> recorded() {
        return List.copyOf(recorded);
    }

    /** Transmissions so far, dropped ones included. */
    synchronized int sends() {
        return sends;
    }

    /** Holds transmissions back until {@link #releaseSends()}. */
    synchronized void holdSends() {
        holdSends = true;
    }

    /** The transmissions held back so far (copies). */
    synchronized List<byte[]> heldSends() {
        List<byte[]> out = new ArrayList<>();
        for (Held h : heldSends) {
            out.add(h.mad().clone());
        }
        return out;
    }

    /** Forwards the held transmissions in order and stops holding. */
    synchronized void releaseSends() throws IOException {
        holdSends = false;
        for (Held h : heldSends) {
            inner.send(h.address(), h.mad(), h.length());
        }
        heldSends.clear();
    }

    /** Holds received MADs back until {@link #releaseReceived()}. */
    synchronized void holdReceived() {
        holdReceived = true;
    }

    /** Delivers the held received MADs on the calling thread and stops holding. */
    void releaseReceived() {
        List<Held> out;
        synchronized (this) {
            holdReceived = false;
            out = List.copyOf(heldReceived);
            heldReceived.clear();
        }
        for (Held h : out) {
            receiver.onMad(h.address(), h.mad(), h.length());
        }
    }

    /** Received MADs held back so far. */
    synchronized int heldReceivedCount() {
        return heldReceived.size();
    }

    /** Delivers {@code mad} to the receiver on the calling thread, as if the wrapped channel had received it. */
    void inject(MadAddress from, byte[] mad, int length) {
        receiver.onMad(from, mad, length);
    }
}
