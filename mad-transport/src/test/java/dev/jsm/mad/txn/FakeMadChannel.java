package dev.jsm.mad.txn;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import java.io.IOException;
import java.util.SplittableRandom;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A scripted stand-in for a fabric behind a {@link MadChannel}, for testing {@link MadTransactions} without the
 * simulator: every directed-route SMP Get or Set whose route uses ports 1..{@value #PORTS} is answered (D bit set,
 * a NodeInfo Get with the NodeGuid {@link #nodeGuid} of its route), a route through a higher port is handed back
 * with status 110 as ibsim does, everything else is swallowed. Requests and responses can be lost at seeded rates.
 * Like a real channel it answers on its own I/O thread ({@code fake-io}).
 *
 * <p>Thread-safe.
 */
final class FakeMadChannel implements MadChannel {

    /** Highest port a route may use; higher ones lead nowhere. */
    static final int PORTS = 36;
    private static final byte[] STOP = new byte[0];

    private final LinkedBlockingQueue<byte[]> inbound = new LinkedBlockingQueue<>();
    private final Thread io = new Thread(this::run, "fake-io");
    private volatile MadReceiver receiver;
    private volatile boolean closed;
    /** Guarded by this. */
    private SplittableRandom random = new SplittableRandom(0);
    private double requestLoss;
    private double responseLoss;

    FakeMadChannel() {
        io.setDaemon(true);
        io.start();
    }

    /** The NodeGuid the fake reports for the node at the end of {@code route}. */
    static long nodeGuid(DrPath route) {
        long g = route.hopCount();
        for (int i = 1; i <= route.hopCount(); i++) {
            g = g * 37 + route.port(i);
        }
        return 0x0002_c903_0000_0000L | (g & 0xFFFF_FFFFL);
    }

    /** Loses requests and responses at the given rates, drawing from a fresh sequence seeded with {@code seed}. */
    synchronized void setLoss(double requestRate, double responseRate, long seed) {
        random = new SplittableRandom(seed);
        requestLoss = requestRate;
        responseLoss = responseRate;
    }

    @Override
    public LocalPort localPort() {
        return new LocalPort("fake", 1, 0x0002_c903_0000_0000L, 0, 0, 4);
    }

    @Override
    public void send(MadAddress to, byte[] mad, int length) throws IOException {
        if (closed) {
            throw new IOException("fake channel closed");
        }
        byte[] copy = new byte[MadHeader.MAD_SIZE];
        System.arraycopy(mad, 0, copy, 0, length);
        inbound.add(copy);
    }

    @Override
    public void setReceiver(MadReceiver receiver) {
        this.receiver = receiver;
    }

    @Override
    public void close() {
        closed = true;
        inbound.add(STOP);
    }

    private void run() {
        try {
            for (byte[] mad = inbound.take(); mad != STOP; mad = inbound.take()) {
                answer(mad);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void answer(byte[] mad) {
        int method = mad[3] & 0xFF;
        if (!Smp.isDirectedRoute(mad) || (method != Method.GET.value() && method != Method.SET.value())
                || lose(true)) {
            return;
        }
        DrPath route = Smp.initialPath(mad);
        for (int i = 1; i <= route.hopCount(); i++) {
            if (route.port(i) > PORTS) {
                receiver.onSendFailed(mad, mad.length, 110);
                return;
            }
        }
        mad[3] = (byte) (method | Method.RESPONSE_BIT);
        mad[4] |= (byte) 0x80;
        if (method == Method.GET.value() && MadHeader.ATTRIBUTE_ID.getInt(mad, 0) == AttributeId.NODE_INFO.value()) {
            NodeInfo.NODE_GUID.put(mad, Smp.DATA_OFFSET, nodeGuid(route));
        }
        if (!lose(false)) {
            receiver.onMad(MadAddress.directedRoute(), mad, mad.length);
        }
    }

    private synchronized boolean lose(boolean request) {
        double rate = request ? requestLoss : responseLoss;
        return rate > 0 && random.nextDouble() < rate;
    }
}
