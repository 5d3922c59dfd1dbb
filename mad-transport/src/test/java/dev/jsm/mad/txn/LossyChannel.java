package dev.jsm.mad.txn;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.Method;
import java.io.IOException;
import java.util.SplittableRandom;

/**
 * Seeded random MAD loss in front of a real transport: a request is lost before it reaches the wrapped channel, a
 * received response before it reaches the receiver, each with its own rate (unsolicited MADs always pass). This is
 * how a fabric without seeded loss of its own (ibsim through umad2sim) gets the contract suite's lossy runs; what is
 * lost still crossed (or never reached) the real fabric. Lost MADs are counted, so that a test can check the retries
 * against them exactly.
 *
 * <p>Thread-safe: the draws are serialised on this object; sends may come from any thread, receives from the
 * wrapped channel's I/O thread.
 */
final class LossyChannel implements MadChannel {

    private final MadChannel inner;
    private volatile MadReceiver receiver = (from, mad, length) -> { };
    /** Guarded by this, as are the rates and counters. */
    private SplittableRandom random = new SplittableRandom(0);
    private double requestRate;
    private double responseRate;
    private long lostRequests;
    private long lostResponses;

    LossyChannel(MadChannel inner) {
        this.inner = inner;
        inner.setReceiver(new MadReceiver() {
            @Override
            public void onMad(MadAddress from, byte[] mad, int length) {
                boolean response = length > 3 && (mad[3] & Method.RESPONSE_BIT) != 0;
                if (!response || !lose(false)) {
                    receiver.onMad(from, mad, length);
                }
            }

            @Override
            public void onSendFailed(byte[] mad, int length, int status) {
                receiver.onSendFailed(mad, length, status);
            }
        });
    }

    /** Loses requests and responses at these rates, drawing from a fresh sequence seeded with {@code seed}. */
    synchronized void setLoss(double requestLoss, double responseLoss, long seed) {
        random = new SplittableRandom(seed);
        requestRate = requestLoss;
        responseRate = responseLoss;
    }

    /** Requests lost so far. */
    synchronized long lostRequests() {
        return lostRequests;
    }

    /** Responses lost so far. */
    synchronized long lostResponses() {
        return lostResponses;
    }

    @Override
    public LocalPort localPort() {
        return inner.localPort();
    }

    @Override
    public void send(MadAddress to, byte[] mad, int length) throws IOException {
        if (!lose(true)) {
            inner.send(to, mad, length);
        }
    }

    @Override
    public void setReceiver(MadReceiver receiver) {
        this.receiver = receiver;
    }

    @Override
    public void close() {
        inner.close();
    }

    private synchronized boolean lose(boolean request) {
        double rate = request ? requestRate : responseRate;
        if (rate <= 0 || random.nextDouble() >= rate) {
            return false;
        }
        if (request) {
            lostRequests++;
        } else {
            lostResponses++;
        }
        return true;
    }
}
