package dev.jsm.sim.server;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.sim.SimMadChannel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntFunction;

/**
 * One simulator port with clients attached: the {@link SimMadChannel} open on it and the clients sharing it. What
 * the simulator delivers to the port goes to one client, chosen as ibsim chooses (docs/sim-server.md): a response to
 * the client whose id the server wrote into the top 16 bits of the request's TransactionID, a request (an SA query,
 * an SMInfo, a trap) to the port's SM client; see {@link #onMad} for the rest.
 *
 * <p>Thread-safe: the receiver methods run on the simulator thread, attach/detach on the server's I/O thread.
 */
final class PortAttachment implements MadReceiver {

    private static final int METHOD = 3;
    private static final int RESPONSE_BIT = 0x80;
    private static final int TID = 8;
    private static final int CLASS_SUBN_LID = 0x01;
    private static final int CLASS_SUBN_DR = 0x81;
    private static final int CLASS_SUBN_ADM = 0x03;
    private static final int METHOD_GET = 0x01;
    private static final int METHOD_SET = 0x02;
    /** The status of a MAD handed back undelivered (ETIMEDOUT), as umad2sim reports it. */
    static final int UNDELIVERED = 110;

    final int node;
    final int port;
    final String nodeName;
    final SimMadChannel channel;
    private final ServerCounters counters;
    private final IntFunction<SimClient> anyClient;
    private final List<SimClient> clients = new CopyOnWriteArrayList<>();

    /** {@code anyClient} finds an attached client of the server by id (null if none), wherever it is attached. */
    PortAttachment(int node, int port, String nodeName, SimMadChannel channel, ServerCounters counters,
                   IntFunction<SimClient> anyClient) {
        this.node = node;
        this.port = port;
        this.nodeName = nodeName;
        this.channel = channel;
        this.counters = counters;
        this.anyClient = anyClient;
        channel.setReceiver(this);
    }

    /** The clients attached now. */
    List<SimClient> clients() {
        return clients;
    }

    void add(SimClient c) {
        clients.add(c);
        updateIsSm();
    }

    /** Removes a client; true if none is left (the caller then closes the port). */
    boolean remove(SimClient c) {
        clients.remove(c);
        updateIsSm();
        return clients.isEmpty();
    }

    /** Whether an SM client is attached to this port. */
    boolean hasSm() {
        for (SimClient c : clients) {
            if (c.issm()) {
                return true;
            }
        }
        return false;
    }

    /** The port's PortInfo IsSM bit follows whether any of its clients is an SM. */
    void updateIsSm() {
        channel.setIsSm(hasSm());
    }

    /**
     * A response goes to the client named in its TransactionID; a request of the SM's classes (SMPs: SMInfo, traps;
     * SA) to the port's SM client. A Get or Set nobody here takes (another class, or no SM client) goes back to the
     * client that sent it with status 110, as ibsim hands back what nobody handles; anything else is dropped.
     * Other classes never reach the SM: the simulator's agents answer PerfMgt and CongestionControl before a request
     * gets here, and the reference OpenSM crashes on a CongestionControl Get.
     */
    @Override
    public void onMad(MadAddress from, byte[] mad, int length) {
        boolean response = (mad[METHOD] & RESPONSE_BIT) != 0;
        int cls = mad[1] & 0xFF;
        SimClient to = response ? byTid(mad)
                : cls == CLASS_SUBN_LID || cls == CLASS_SUBN_DR || cls == CLASS_SUBN_ADM ? sm() : null;
        if (to != null) {
            to.send(datagram(from, mad, length, 0));
            return;
        }
        int method = mad[METHOD] & 0xFF;
        SimClient requester = response || method != METHOD_GET && method != METHOD_SET ? null
                : anyClient.apply(tidClient(mad));
        if (requester == null) {
            counters.undeliverable.incrementAndGet();
            return;
        }
        requester.send(datagram(cls == CLASS_SUBN_DR ? MadAddress.directedRoute() : MadAddress.smi(0), mad, length,
                UNDELIVERED));
    }

    @Override
    public void onSendFailed(byte[] mad, int length, int status) {
        SimClient to = byTid(mad);
        if (to == null && clients.size() == 1) {
            to = clients.get(0);
        }
        if (to == null) {
            counters.undeliverable.incrementAndGet();
            return;
        }
        int cls = mad[1] & 0xFF;
        MadAddress back = cls == CLASS_SUBN_DR ? MadAddress.directedRoute() : MadAddress.smi(0);
        to.send(datagram(back, mad, length, status));
    }

    /** The datagram for a client: umad2sim reads the source LID and QP, the status and the length. */
    private static byte[] datagram(MadAddress from, byte[] mad, int length, int status) {
        int cls = mad[1] & 0xFF;
        int localQp = cls == CLASS_SUBN_LID || cls == CLASS_SUBN_DR ? MadAddress.QP0 : MadAddress.QP1;
        if (from instanceof MadAddress.LidRouted lr) {
            return SimRequest.encode(0, lr.lid(), localQp, lr.qpn(), status, mad, length);
        }
        return SimRequest.encode(SimRequest.PERMISSIVE_LID, SimRequest.PERMISSIVE_LID, localQp, MadAddress.QP0,
                status, mad, length);
    }

    /** The client whose id is in the top 16 bits of the TransactionID, if attached here. */
    private SimClient byTid(byte[] mad) {
        int id = tidClient(mad);
        for (SimClient c : clients) {
            if (c.id == id) {
                return c;
            }
        }
        return null;
    }

    private static int tidClient(byte[] mad) {
        return (mad[TID] & 0xFF) << 8 | mad[TID + 1] & 0xFF;
    }

    private SimClient sm() {
        for (SimClient c : clients) {
            if (c.issm()) {
                return c;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "\"" + nodeName + "\" port " + port;
    }
}
