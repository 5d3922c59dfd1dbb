package dev.jsm.daemon.sweep;

import dev.jsm.mad.codec.DrPath;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The directed routes to reach nodes and ports, as discovery last found them: one per node (the route its first
 * NodeInfo answer came by) and, for CA and router ports, one per port, because such a port answers a Set only when
 * the SMP arrives on it (IBA 14.2.5.6; ibsim and the simulator enforce it). Switch ports are reached through the
 * switch's route. Discovery and the drop manager write it; every stage that sends a Set reads it.
 *
 * <p>Confined to the SM thread.
 */
public final class PathBook {

    private final Map<Long, DrPath> byNode = new HashMap<>();
    private final Map<Long, DrPath> byEndPort = new HashMap<>();

    /** Records the route to a node. */
    public void putNode(long nodeGuid, DrPath path) {
        byNode.put(nodeGuid, path);
    }

    /** Records the route that arrives on a CA or router port. */
    public void putPort(long portGuid, DrPath path) {
        byEndPort.put(portGuid, path);
    }

    /** Forgets a node and its ports (the drop manager removed it). */
    public void forget(Node node) {
        byNode.remove(node.nodeGuid());
        for (PhysPort p : node.ports()) {
            if (!node.isSwitch()) {
                byEndPort.remove(p.portGuid());
            }
        }
    }

    /**
     * Recomputes every route from the model, breadth-first from the SM's own node, after an incremental sweep changed
     * the links: a route that crossed a cable now gone would no longer arrive. Switches are passed through, CAs and
     * routers only reached (a CA port gets the route through the switch port it is cabled to); the SM's own node is
     * left by each of its cabled ports. The nodes' recorded paths ({@link Node#setDrPath}) follow.
     *
     * @param smNode the SM's own node
     * @return the nodes no cable path from the SM reaches any more (the caller drops them)
     */
    public List<Node> rebuild(Subnet subnet, Node smNode) {
        byNode.clear();
        byEndPort.clear();
        Map<Node, DrPath> found = new HashMap<>();
        ArrayDeque<Node> queue = new ArrayDeque<>();
        found.put(smNode, DrPath.local());
        queue.add(smNode);
        while (!queue.isEmpty()) {
            Node n = queue.poll();
            DrPath path = found.get(n);
            if (path.hopCount() >= DrPath.MAX_HOPS || !n.isSwitch() && n != smNode) {
                continue;
            }
            for (PhysPort p : n.ports()) {
                PhysPort r = p.portNum() == 0 ? null : p.remote();
                if (r == null) {
                    continue;
                }
                DrPath next = path.extend(p.portNum());
                Node m = r.node();
                if (!m.isSwitch()) {
                    byEndPort.putIfAbsent(r.portGuid(), next);
                }
                if (found.putIfAbsent(m, next) == null) {
                    queue.add(m);
                }
            }
        }
        List<Node> unreachable = new ArrayList<>();
        for (Node n : subnet.nodes()) {
            DrPath path = found.get(n);
            if (path == null) {
                unreachable.add(n);
                continue;
            }
            byNode.put(n.nodeGuid(), path);
            int[] hops = new int[path.hopCount()];
            for (int i = 0; i < hops.length; i++) {
                hops[i] = path.port(i + 1);
            }
            n.setDrPath(hops);
        }
        return unreachable;
    }

    /** The route to {@code node}, or {@code null} if discovery never reached it. */
    public DrPath toNode(Node node) {
        return byNode.get(node.nodeGuid());
    }

    /**
     * The route for SMPs about {@code port}: the switch's route for switch ports, the route arriving on the port
     * for CA and router ports (falling back to the node's route), or {@code null} if unknown.
     */
    public DrPath toPort(PhysPort port) {
        Node node = port.node();
        if (!node.isSwitch()) {
            DrPath p = byEndPort.get(port.portGuid());
            if (p != null) {
                return p;
            }
        }
        return byNode.get(node.nodeGuid());
    }
}
