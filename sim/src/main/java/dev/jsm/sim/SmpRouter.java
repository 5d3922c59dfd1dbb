package dev.jsm.sim;

import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;

/**
 * Moves MADs across the simulated cables: directed-route SMPs hop by hop as IBA 14.2.2 prescribes, LID-routed MADs
 * through the switches' linear forwarding tables.
 *
 * <p>Confined to the simulator thread (works on {@link FabricState} under its monitor).
 *
 * <p>In detail: docs/design/sim.md#smprouter.
 */
final class SmpRouter {

    /** Result of a failed route. */
    static final int DROP = -1;
    private static final int MAX_LID_HOPS = 64;

    private final FabricState s;

    SmpRouter(FabricState s) {
        this.s = s;
    }

    /**
     * Walks an outbound directed-route SMP from {@code fromSlot} (the sender's port; port 0 for a switch), recording
     * arrival ports in ReturnPath and advancing the hop pointer.
     *
     * @return the slot it arrives at (port 0 slot for a switch reached through port 0), or {@link #DROP}
     */
    int directedOut(int fromSlot, byte[] mad) {
        int hops = MadBytes.hopCount(mad);
        if (hops > DrPath.MAX_HOPS) {
            return DROP;
        }
        int at = fromSlot;
        for (int i = 1; i <= hops; i++) {
            int egress = mad[Smp.INITIAL_PATH_OFFSET + i] & 0xFF;
            at = hop(at, egress, i == 1 && at == fromSlot);
            if (at == DROP) {
                return DROP;
            }
            MadBytes.setHopPointer(mad, i);
            mad[Smp.RETURN_PATH_OFFSET + i] = (byte) s.portNum(at);
        }
        return at;
    }

    /**
     * Walks a returning directed-route SMP (D = 1) from {@code fromSlot} back along ReturnPath, decrementing the
     * hop pointer to 0.
     *
     * @return the slot it arrives at on the requester's node, or {@link #DROP}
     */
    int directedBack(int fromSlot, byte[] mad) {
        int hops = MadBytes.hopCount(mad);
        if (hops > DrPath.MAX_HOPS) {
            return DROP;
        }
        int at = fromSlot;
        for (int i = hops; i >= 1; i--) {
            int egress = mad[Smp.RETURN_PATH_OFFSET + i] & 0xFF;
            at = hop(at, egress, i == hops);
            if (at == DROP) {
                return DROP;
            }
            MadBytes.setHopPointer(mad, i - 1);
        }
        MadBytes.setHopPointer(mad, 0);
        return at;
    }

    /**
     * One hop out of {@code egress} of the node owning {@code at}.
     *
     * @param first the first hop of a walk: a CA may send out of its own port only; later hops need a switch
     */
    private int hop(int at, int egress, boolean first) {
        int n = s.portNode[at];
        if (!s.isSwitch[n]) {
            if (!first || egress != s.portNum(at)) {
                return DROP;
            }
        } else if (egress > s.numPorts[n]) {
            return DROP;
        } else if (egress == 0) {
            return s.portBase[n];
        }
        int out = s.portBase[n] + egress;
        if (!s.linkUp(out)) {
            return DROP;
        }
        return cross(out);
    }

    /** The MAD leaves through {@code out}, whose link is up: counted at both ends; returns the slot it enters. */
    private int cross(int out) {
        int in = s.cablePeer[out];
        s.perf.crossed(out, in);
        return in;
    }

    /**
     * Routes a LID-addressed MAD from end port {@code fromSlot} to {@code dlid}.
     *
     * @return the end port slot owning {@code dlid}, or {@link #DROP}
     */
    int lidRoute(int fromSlot, int dlid) {
        if (dlid == 0 || dlid >= 0xC000) {
            return DROP;
        }
        int at = s.endPort(fromSlot);
        if (s.ownsLid(at, dlid)) {
            return at;
        }
        int n = s.portNode[at];
        if (!s.isSwitch[n]) {
            if (!s.linkUp(at)) {
                return DROP;
            }
            at = cross(at);
            n = s.portNode[at];
        }
        for (int hop = 0; hop < MAX_LID_HOPS; hop++) {
            if (!s.isSwitch[n]) {
                return s.ownsLid(at, dlid) ? at : DROP;
            }
            int port0 = s.portBase[n];
            if (s.ownsLid(port0, dlid)) {
                return port0;
            }
            if (dlid > s.linearFdbTop(n)) {
                return DROP;
            }
            int egress = s.lftPort(n, dlid);
            if (egress == 0 || egress > s.numPorts[n]) {
                return DROP;
            }
            int out = port0 + egress;
            if (!s.linkUp(out)) {
                return DROP;
            }
            at = cross(out);
            n = s.portNode[at];
        }
        return DROP;
    }
}
