package dev.jsm.sim.txn;

import dev.jsm.mad.codec.DrPath;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import java.util.Arrays;

/**
 * Shortest directed routes from one CA port of a {@link Topology} to every node (breadth first; only switches
 * forward), and the NodeGuid at the end of any route, found by walking the cables - independently of the simulator
 * under test.
 *
 * <p>Immutable after construction; safe to share.
 */
final class FabricRoutes {

    private final Topology topology;
    private final int start;
    private final DrPath[] pathTo;
    /** A node at each distance 0..maxHops. */
    private final int[] nodeAtHops;

    /** Routes from port {@code port} of CA {@code host}. */
    FabricRoutes(Topology topology, int host, int port) {
        this.topology = topology;
        this.start = host;
        int n = topology.nodeCount();
        pathTo = new DrPath[n];
        int[] queue = new int[n];
        int[] byDistance = new int[n + 1];
        Arrays.fill(byDistance, -1);
        pathTo[host] = DrPath.local();
        byDistance[0] = host;
        int head = 0;
        int tail = 0;
        int first = topology.peerNode(host, port);
        if (first >= 0) {
            pathTo[first] = DrPath.of(port);
            byDistance[1] = first;
            queue[tail++] = first;
        }
        int maxHops = first >= 0 ? 1 : 0;
        while (head < tail) {
            int u = queue[head++];
            if (topology.node(u).kind() != NodeKind.SWITCH) {
                continue;
            }
            for (int p = 1; p <= topology.node(u).numPorts(); p++) {
                int v = topology.peerNode(u, p);
                if (v >= 0 && pathTo[v] == null) {
                    pathTo[v] = pathTo[u].extend(p);
                    int d = pathTo[v].hopCount();
                    if (byDistance[d] < 0) {
                        byDistance[d] = v;
                    }
                    maxHops = Math.max(maxHops, d);
                    queue[tail++] = v;
                }
            }
        }
        nodeAtHops = Arrays.copyOf(byDistance, maxHops + 1);
    }

    /** The longest of the shortest routes. */
    int maxHops() {
        return nodeAtHops.length - 1;
    }

    /** The route to a node {@code hops} hops away. */
    DrPath route(int hops) {
        return pathTo[nodeAtHops[hops]];
    }

    /** The shortest route to {@code node}, or null if unreachable. */
    DrPath pathTo(int node) {
        return pathTo[node];
    }

    /** The NodeGuid of the node {@code route} ends at. */
    long nodeGuid(DrPath route) {
        int node = start;
        for (int i = 1; i <= route.hopCount(); i++) {
            node = topology.peerNode(node, route.port(i));
        }
        return topology.node(node).nodeGuid();
    }

    /** A route leaving a reachable switch through one of its uncabled ports. */
    DrPath unroutableRoute() {
        for (int u = 0; u < topology.nodeCount(); u++) {
            if (pathTo[u] != null && topology.node(u).kind() == NodeKind.SWITCH) {
                for (int p = 1; p <= topology.node(u).numPorts(); p++) {
                    if (topology.peerNode(u, p) < 0) {
                        return pathTo[u].extend(p);
                    }
                }
            }
        }
        throw new IllegalStateException("every reachable switch port is cabled");
    }

    /**
     * Egress port at switch {@code sw} toward every node on a shortest path (0 for the switch itself, -1 when
     * unreachable): what an LFT holds for the node's LID.
     */
    int[] egressPorts(int sw) {
        int n = topology.nodeCount();
        int[] egress = new int[n];
        Arrays.fill(egress, -1);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        egress[sw] = 0;
        queue[tail++] = sw;
        while (head < tail) {
            int u = queue[head++];
            if (topology.node(u).kind() != NodeKind.SWITCH) {
                continue;
            }
            for (int p = 1; p <= topology.node(u).numPorts(); p++) {
                int v = topology.peerNode(u, p);
                if (v >= 0 && egress[v] < 0) {
                    egress[v] = u == sw ? p : egress[u];
                    queue[tail++] = v;
                }
            }
        }
        return egress;
    }
}
