package dev.jsm.routing.sssp;

import dev.jsm.routing.EdgeEnds;
import dev.jsm.routing.RoutingInput;

/**
 * What sssp and dfsssp add to the {@link RoutingInput}'s switch multigraph: the switch each directed edge leaves,
 * the opposite direction of each edge, and per switch the source LIDs it injects: those of the CAs and routers
 * cabled to it, which weigh the route counts of the balancing, and those plus its own port-0 LIDs, which weigh the
 * paths of dfsssp's layer assignment. OpenSM's {@code num_hca} counts the port-0 LIDs in the balancing too; on a
 * 3-level fat tree of 8-port switches that alone raises the CA-to-CA link load max/mean from 1.05 to 1.76, as
 * switch management traffic, a few SMPs, would be balanced like bulk data.
 *
 * <p>Immutable after construction; safe to share. Arrays are read-only.
 */
final class SsspGraph {

    final RoutingInput in;
    final int switches;
    final int edges;
    /** Per edge: the switch it leaves. */
    final int[] edgeFrom;
    /** Per edge: the edge of the same cable in the other direction. */
    final int[] reverse;
    /** Per switch: the LIDs of the CAs and routers cabled to it, the balancing's sources. */
    final int[] sourceLids;
    /** Per switch: {@link #sourceLids} plus its own LIDs, the sources of the paths dfsssp puts on layers. */
    final int[] pathSources;

    SsspGraph(RoutingInput in) {
        this.in = in;
        switches = in.switchCount();
        edges = in.edgeCount();
        edgeFrom = EdgeEnds.tails(in);
        reverse = EdgeEnds.reverses(in);
        sourceLids = new int[switches];
        pathSources = new int[switches];
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            int sw = in.endPortSwitch()[ep];
            if (sw >= 0) {
                pathSources[sw] += in.endPortLidCount()[ep];
                if (!in.endPortIsSwitch()[ep]) {
                    sourceLids[sw] += in.endPortLidCount()[ep];
                }
            }
        }
    }

    /** The edge switch {@code sw} forwards {@code lid} on according to {@code lft}, or -1 (delivered, or none). */
    int nextEdge(int sw, byte[] lft, int lid) {
        int port = lft[lid] & 0xFF;
        if (port > in.switchNumPorts()[sw]) {
            return -1;
        }
        int e = in.portEdge()[in.portStart()[sw] + port];
        return e >= 0 ? e : -1;
    }
}
