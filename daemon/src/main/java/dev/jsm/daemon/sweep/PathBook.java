package dev.jsm.daemon.sweep;

import dev.jsm.mad.codec.DrPath;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import java.util.HashMap;
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
