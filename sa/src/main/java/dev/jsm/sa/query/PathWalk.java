package dev.jsm.sa.query;

import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;

/**
 * Follows the programmed LFTs of a snapshot from a source end port to a destination LID - the path packets really
 * take - and collects the smallest MTU and rate along it: the source port's MTUCap and rate, then each egress port's
 * NeighborMTU and rate, and the destination's MTUCap (a switch's: that of its port 0, as OpenSM takes it). Fails
 * on a missing LFT entry, an uncabled or down port, a CA in the middle, or a loop (more than 64 hops).
 *
 * <p>Confined to one thread (reuse one walk per query).
 */
final class PathWalk {

    private static final int MAX_HOPS = 64;
    private static final int NO_PATH = 0xFF;

    private final SubnetSnapshot s;
    /** Smallest MTU code along the last successful walk. */
    int mtu;
    /** Smallest rate along the last successful walk, in Mb/s. */
    int mbps;
    /** Switch hops of the last successful walk. */
    int hops;

    PathWalk(SubnetSnapshot s) {
        this.s = s;
    }

    /**
     * Walks from {@code src} to {@code dlid}.
     *
     * @return whether the path ends at the end port owning {@code dlid}
     */
    boolean walk(EndPortView src, int dlid) {
        int target = s.lidMap().endPortIndex(dlid);
        if (target < 0) {
            return false;
        }
        PortView at = s.portOf(src);
        PortAttributes a = at.attributes();
        mtu = a.mtuCap();
        mbps = Integer.MAX_VALUE;
        hops = 0;
        if (src.index() == target) {
            mbps = Rates.portMbps(a);
            return true;
        }
        if (at.endPortIndex() >= 0 && at.portNum() != 0) {
            if (!cross(at)) {
                return false;
            }
            at = s.peer(at);
        }
        while (hops++ <= MAX_HOPS) {
            if (at.endPortIndex() == target) {
                mtu = Math.min(mtu, s.ports().get(at.index()).attributes().mtuCap());
                return true;
            }
            SwitchView sw = s.switchOf(s.nodeOf(at));
            if (sw == null) {
                return false;
            }
            int egress = sw.lftPort(dlid);
            if (egress == NO_PATH) {
                return false;
            }
            PortView out = s.port(sw.nodeIndex(), egress);
            if (egress == 0) {
                if (out == null || out.endPortIndex() != target) {
                    return false;
                }
                mtu = Math.min(mtu, out.attributes().mtuCap());
                return true;
            }
            if (out == null || !cross(out)) {
                return false;
            }
            at = s.peer(out);
        }
        return false;
    }

    /** Accounts for leaving through {@code out}; false if it is not cabled or not up. */
    private boolean cross(PortView out) {
        PortView peer = s.peer(out);
        if (peer == null || !out.attributes().isUp() || !peer.attributes().isUp()) {
            return false;
        }
        int neighborMtu = out.attributes().neighborMtu();
        if (neighborMtu > 0) {
            mtu = Math.min(mtu, neighborMtu);
        }
        mbps = Math.min(mbps, Rates.portMbps(out.attributes()));
        return true;
    }
}
