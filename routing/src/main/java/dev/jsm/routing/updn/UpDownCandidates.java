package dev.jsm.routing.updn;

import dev.jsm.routing.CandidateSlots;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.minhop.HopTable;
import java.util.Arrays;

/**
 * The egress ports of one switch that keep the up*&#47;down* rule and lie on the route length of
 * {@link UpDownHops}: toward a destination it reaches going only down, the down links to neighbours that also go
 * only down and are one hop nearer; toward any other destination, the up links to neighbours one hop nearer. The
 * minhop port selection then balances routes over these lists exactly as it does over minhop's own.
 *
 * <p>With {@code connect_roots}, destinations that are root switches get minhop's unconstrained shortest-path lists
 * instead (from a plain {@link HopTable}), as OpenSM keeps the min-hop entries toward root switches: the root LIDs
 * stay reachable from everywhere, at the price of routes to them that may turn from down to up. With dnup's
 * {@code connect_roots}, a pair with no legal route gets the neighbours one hop nearer on its {@link DetourHops}
 * detour (counting a neighbour's legal route where it has one).
 *
 * <p>Scratch of one worker: confined to the thread that calls {@link #build}; reused switch after switch.
 */
final class UpDownCandidates extends CandidateSlots {

    private final RoutingInput in;
    private final byte[] table;
    private final int switchCount;
    private final boolean[] up;
    private final HopTable plain;
    private final int[] plainTargets;
    private final boolean[] plainTarget;
    private final DetourHops detour;
    private final int[] downTarget;
    private final int[] upTarget;
    private final int[] neighbour = new int[256];

    /**
     * Candidates for the tables of {@code hops}.
     *
     * @param order the order that gave {@code hops} its directions
     * @param plain the unconstrained hop table for {@code connect_roots}, or {@code null}
     * @param plainTargets the destination switches routed by {@code plain} (the roots), empty without it
     * @param detour dnup's {@code connect_roots} detours, or {@code null}
     */
    UpDownCandidates(RoutingInput in, UpDownHops hops, UpDownOrder order, HopTable plain, int[] plainTargets,
                     DetourHops detour) {
        super(in.switchCount());
        this.in = in;
        this.table = hops.raw();
        this.switchCount = in.switchCount();
        this.plain = plain;
        this.plainTargets = plainTargets;
        this.detour = detour;
        this.plainTarget = new boolean[in.switchCount()];
        for (int d : plainTargets) {
            plainTarget[d] = true;
        }
        this.downTarget = new int[switchCount];
        this.upTarget = new int[switchCount];
        int[] peer = in.peerSwitch();
        int[] linkStart = in.linkStart();
        this.up = new boolean[peer.length];
        for (int sw = 0; sw < switchCount; sw++) {
            for (int e = linkStart[sw]; e < linkStart[sw + 1]; e++) {
                up[e] = order.isUp(sw, peer[e]);
            }
        }
    }

    /** Builds the lists of switch {@code sw}: one pass over its links, {@code O(degree * S)}. */
    @Override
    public void build(int sw) {
        int s = switchCount;
        int row = sw * s;
        int firstEdge = in.linkStart()[sw];
        int lastEdge = in.linkStart()[sw + 1];
        int[] peer = in.peerSwitch();
        byte[] local = in.localPort();
        reset(lastEdge - firstEdge);
        for (int d = 0; d < s; d++) {
            int v = table[row + d] & 0xFF;
            int h = v & 0x7F;
            boolean routable = h != 0 && h != UpDownHops.UNREACHABLE;
            downTarget[d] = routable && (v & UpDownHops.DOWN_ONLY) != 0 ? (h - 1) | UpDownHops.DOWN_ONLY : -1;
            upTarget[d] = routable && (v & UpDownHops.DOWN_ONLY) == 0 ? h - 1 : -1;
        }
        Arrays.fill(neighbour, -1);
        for (int e = firstEdge; e < lastEdge; e++) {
            int qrow = peer[e] * s;
            byte port = local[e];
            neighbour[port & 0xFF] = peer[e];
            if (up[e]) {
                for (int d = 0; d < s; d++) {
                    if ((table[qrow + d] & 0x7F) == upTarget[d]) {
                        add(d, port);
                    }
                }
            } else {
                for (int d = 0; d < s; d++) {
                    if ((table[qrow + d] & 0xFF) == downTarget[d]) {
                        add(d, port);
                    }
                }
            }
        }
        for (int d : plainTargets) {
            addPlain(sw, d, firstEdge, lastEdge);
        }
        if (detour != null) {
            for (int d = 0; d < s; d++) {
                addDetour(sw, d, firstEdge, lastEdge);
            }
        }
    }

    /** Adds the ports one hop nearer on the detour toward {@code d}, if {@code sw} has no legal route to it. */
    private void addDetour(int sw, int d, int firstEdge, int lastEdge) {
        int h = detour.hops(sw, d);
        if (h == UpDownHops.UNREACHABLE) {
            return;
        }
        for (int e = firstEdge; e < lastEdge; e++) {
            if (detourStep(d, h, in.peerSwitch()[e])) {
                add(d, in.localPort()[e]);
            }
        }
    }

    /** Whether neighbour {@code q} is one hop nearer to {@code d} than a detour of {@code h} hops. */
    private boolean detourStep(int d, int h, int q) {
        int legal = table[q * switchCount + d] & 0x7F;
        return (legal != UpDownHops.UNREACHABLE ? legal : detour.hops(q, d)) == h - 1;
    }

    /** Replaces the list toward root {@code d} by minhop's: every port on an unconstrained shortest path. */
    private void addPlain(int sw, int d, int firstEdge, int lastEdge) {
        clear(d);
        int h = plain.hops(sw, d);
        if (h == 0 || h == HopTable.UNREACHABLE) {
            return;
        }
        for (int e = firstEdge; e < lastEdge; e++) {
            if (plain.hops(in.peerSwitch()[e], d) == h - 1) {
                add(d, in.localPort()[e]);
            }
        }
    }

    @Override
    public boolean allows(int sw, int d, int port) {
        int e = in.edgeOfPort(sw, port);
        return e >= 0 && legal(sw, d, e);
    }

    @Override
    public boolean reaches(int sw, int d) {
        int h = plainTarget[d] ? plain.hops(sw, d) : table[sw * switchCount + d] & 0x7F;
        if (!plainTarget[d] && h == UpDownHops.UNREACHABLE && detour != null) {
            h = detour.hops(sw, d);
        }
        return h != 0 && h != (plainTarget[d] ? HopTable.UNREACHABLE : UpDownHops.UNREACHABLE);
    }

    @Override
    public int toward(int sw, int d, byte[] out) {
        int n = 0;
        for (int e = in.linkStart()[sw]; e < in.linkStart()[sw + 1]; e++) {
            if (legal(sw, d, e)) {
                out[n++] = in.localPort()[e];
            }
        }
        return n;
    }

    /** Whether edge {@code e} of {@code sw} is in {@link #build}'s list toward {@code d}. */
    private boolean legal(int sw, int d, int e) {
        int s = switchCount;
        int q = in.peerSwitch()[e];
        if (plainTarget[d]) {
            int h = plain.hops(sw, d);
            return h != 0 && h != HopTable.UNREACHABLE && plain.hops(q, d) == h - 1;
        }
        int v = table[sw * s + d] & 0xFF;
        int h = v & 0x7F;
        if (h == UpDownHops.UNREACHABLE && detour != null && detour.hops(sw, d) != UpDownHops.UNREACHABLE) {
            return detourStep(d, detour.hops(sw, d), q);
        }
        if (h == 0 || h == UpDownHops.UNREACHABLE) {
            return false;
        }
        if ((v & UpDownHops.DOWN_ONLY) != 0) {
            return !up[e] && (table[q * s + d] & 0xFF) == ((h - 1) | UpDownHops.DOWN_ONLY);
        }
        return up[e] && (table[q * s + d] & 0x7F) == h - 1;
    }

    @Override
    public int neighbour(int port) {
        return neighbour[port];
    }
}
