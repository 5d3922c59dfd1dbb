package dev.jsm.sim.server;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.sim.SimMadChannel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One simulator port with clients attached: the {@link SimMadChannel} open on it and the clients sharing it. What
 * the simulator delivers to the port goes to one client, chosen as ibsim chooses (docs/sim-server.md): a response to
 * the client whose id the server wrote into the top 16 bits of the request's TransactionID, a request (an SA query,
 * an SMInfo, a trap) to the port's SM client; with no such client the MAD is counted and dropped.
 *
 * <p>Thread-safe: the receiver methods run on the simulator thread, attach/detach on the server's I/O thread.
 */
final class PortAttachment implements MadReceiver {

    private static final int METHOD = 3;
    private static final int RESPONSE_BIT = 0x80;
    private static final int TID = 8;
    private static final int CLASS_SUBN_LID = 0x01;
    private static final int CLASS_SUBN_DR = 0x81;

    final int node;
    final int port;
    final String nodeName;
    final SimMadChannel channel;
    private final ServerCounters counters;
    private final List<SimClient> clients = new CopyOnWriteArrayList<>();

    PortAttachment(int node, int port, String nodeName, SimMadChannel channel, ServerCounters counters) {
        this.node = node;
        this.port = port;
        this.nodeName = nodeName;
        this.channel = channel;
        this.counters = counters;
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

    @Override
    public void onMad(MadAddress from, byte[] mad, int length) {
        SimClient to = (mad[METHOD] & RESPONSE_BIT) != 0 ? byTid(mad) : sm();
        if (to == null) {
            counters.undeliverable.incrementAndGet();
            return;
        }
        to.send(datagram(from, mad, length, 0));
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
        int id = (mad[TID] & 0xFF) << 8 | mad[TID + 1] & 0xFF;
        for (SimClient c : clients) {
            if (c.id == id) {
                return c;
            }
        }
        return null;
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
