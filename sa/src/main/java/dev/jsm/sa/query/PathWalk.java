package dev.jsm.sa.query;

import dev.jsm.subnet.SwitchLft;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * Follows the programmed LFTs of a snapshot from a source end port to a destination LID - the path packets really
 * take - and collects the smallest MTU and rate along it: the source port's MTUCap and rate, then each egress port's
 * NeighborMTU and rate, and the destination's MTUCap (a switch's: that of its port 0, as OpenSM takes it). Fails
 * on a missing LFT entry, an uncabled or down port, a CA in the middle, or a loop (more than 64 hops). Reads the
 * snapshot through its {@link PathGraph}.
 *
 * <p>Confined to one thread (reuse one walk per query).
 */
final class PathWalk {

    private static final int MAX_HOPS = 64;

    private final PathGraph g;
    /** Smallest MTU code along the last successful walk. */
    int mtu;
    /** Smallest rate along the last successful walk, in Mb/s. */
    int mbps;
    /** Switch hops of the last successful walk. */
    int hops;

    PathWalk(SubnetSnapshot s) {
        this.g = PathGraph.of(s);
    }

    /**
     * Walks from {@code src} to {@code dlid}.
     *
     * @return whether the path ends at the end port owning {@code dlid}
     */
    boolean walk(EndPortView src, int dlid) {
        int target = g.endPortOfLid(dlid);
        if (target < 0) {
            return false;
        }
        int at = src.portIndex();
        long here = g.port(at);
        mtu = PathGraph.mtuCap(here);
        mbps = Integer.MAX_VALUE;
        hops = 0;
        if (src.index() == target) {
            mbps = PathGraph.mbps(here);
            return true;
        }
        if (PathGraph.switchOf(here) < 0) {
            // a CA's or router's port: leave it through its cable (a switch's port 0 starts at the switch)
            if (!cross(at, here)) {
                return false;
            }
            at = g.peer(at);
            here = g.port(at);
        }
        while (hops++ <= MAX_HOPS) {
            if (PathGraph.endPortOf(here) == target) {
                mtu = Math.min(mtu, PathGraph.mtuCap(here));
                return true;
            }
            int sw = PathGraph.switchOf(here);
            if (sw < 0) {
                return false;
            }
            int egress = g.lftPort(sw, dlid);
            if (egress == SwitchLft.NO_PATH) {
                return false;
            }
            int out = g.switchPort(sw, egress);
            if (out < 0) {
                return false;
            }
            long port = g.port(out);
            if (egress == 0) {
                if (PathGraph.endPortOf(port) != target) {
                    return false;
                }
                mtu = Math.min(mtu, PathGraph.mtuCap(port));
                return true;
            }
            if (!cross(out, port)) {
                return false;
            }
            at = g.peer(out);
            here = g.port(at);
        }
        return false;
    }

    /** Accounts for leaving through port {@code out} (read as {@code port}); false if it is not cabled or not up. */
    private boolean cross(int out, long port) {
        int peer = g.peer(out);
        if (peer < 0 || !PathGraph.isUp(port) || !PathGraph.isUp(g.port(peer))) {
            return false;
        }
        int neighborMtu = PathGraph.neighborMtu(port);
        if (neighborMtu > 0) {
            mtu = Math.min(mtu, neighborMtu);
        }
        mbps = Math.min(mbps, PathGraph.mbps(port));
        return true;
    }
}
