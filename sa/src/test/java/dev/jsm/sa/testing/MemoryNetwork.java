package dev.jsm.sa.testing;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Random;

/**
 * An in-memory fabric of GSI endpoints for RMPP tests: a send queues the MAD, {@link #pump()} delivers the queue in
 * order on the calling thread, dropping each MAD with probability {@code loss} (seeded, so runs repeat). Deliveries
 * carry the sender's LID and QP as source address.
 *
 * <p>Confined to the test thread.
 */
public final class MemoryNetwork {

    private final Random random;
    private final double loss;
    private final ArrayDeque<Delivery> queue = new ArrayDeque<>();
    private final Endpoint[] byLid = new Endpoint[16];
    private long delivered;
    private long lost;

    /** A network dropping each MAD with probability {@code loss}, seeded with {@code seed}. */
    public MemoryNetwork(long seed, double loss) {
        this.random = new Random(seed);
        this.loss = loss;
    }

    /** An endpoint at {@code lid} (QP {@code qpn}). */
    public Endpoint endpoint(int lid, int qpn) {
        Endpoint e = new Endpoint(lid, qpn);
        byLid[lid] = e;
        return e;
    }

    /** Delivers queued MADs (and those their receivers send) until the queue is empty. */
    public void pump() {
        while (!queue.isEmpty()) {
            Delivery d = queue.poll();
            if (random.nextDouble() < loss) {
                lost++;
                continue;
            }
            Endpoint to = byLid[d.toLid];
            if (to != null && to.receiver != null) {
                delivered++;
                to.receiver.onMad(new MadAddress.LidRouted(d.fromLid, d.fromQpn, MadAddress.QP1_QKEY, 0, 0), d.mad,
                        d.mad.length);
            }
        }
    }

    /** MADs delivered. */
    public long delivered() {
        return delivered;
    }

    /** MADs dropped by the loss. */
    public long lost() {
        return lost;
    }

    private record Delivery(int fromLid, int fromQpn, int toLid, byte[] mad) {
    }

    /** One endpoint's channel. */
    public final class Endpoint implements MadChannel {
        final int lid;
        final int qpn;
        MadReceiver receiver;
        private long sent;

        Endpoint(int lid, int qpn) {
            this.lid = lid;
            this.qpn = qpn;
        }

        /** MADs this endpoint sent. */
        public long sent() {
            return sent;
        }

        /** The endpoint's address (LID and QP). */
        public MadAddress.LidRouted address() {
            return new MadAddress.LidRouted(lid, qpn, MadAddress.QP1_QKEY, 0, 0);
        }

        @Override
        public LocalPort localPort() {
            return new LocalPort("memory", 1, lid, lid, 1, 4);
        }

        @Override
        public void send(MadAddress to, byte[] mad, int length) throws IOException {
            sent++;
            queue.add(new Delivery(lid, qpn, ((MadAddress.LidRouted) to).lid(), Arrays.copyOf(mad, length)));
        }

        @Override
        public void setReceiver(MadReceiver receiver) {
            this.receiver = receiver;
        }

        @Override
        public void close() {
            receiver = null;
        }
    }
}
