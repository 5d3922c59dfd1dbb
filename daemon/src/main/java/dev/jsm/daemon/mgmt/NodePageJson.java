package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.perfmgr.Counter;
import dev.jsm.daemon.perfmgr.PerfSnapshot;
import dev.jsm.daemon.perfmgr.PortHistory;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.util.List;

/**
 * The web console's page of one node ({@code /api/node?guid=}) and of one port ({@code /api/port?guid=&port=}):
 * each port's state, width and speed, health, neighbour, the LIDs its switch routes out of it (the routes through
 * it, from the LFT the switch holds) and the performance manager's counters; a port's page adds every counter's
 * total and its rates over the manager's last sweeps ({@link PortHistory}).
 *
 * <p>Stateless; built on netty's event loop from the published view.
 */
final class NodePageJson {

    private static final String[] STATES = {"no-state", "down", "init", "armed", "active"};
    private static final String[] PHYS = {"no-state", "sleep", "polling", "disabled", "port-config-training",
        "link-up", "link-error-recovery", "phy-test"};

    private NodePageJson() {
    }

    /** The node's page, or {@code null} if the fabric has no node {@code guid}. */
    static String node(SubnetSnapshot snap, NodeNameMap names, PerfRates.Readings perf, long guid) {
        NodeView node = snap.node(guid);
        if (node == null) {
            return null;
        }
        JsonText out = new JsonText(4096).beginObject(null);
        head(out, snap, names, node);
        int[] routes = routesPerPort(snap, node);
        out.beginArray("ports");
        for (PortView p : snap.portsOf(node)) {
            out.beginObject(null);
            port(out, snap, names, perf, node, p);
            out.number("routes", routes == null || p.portNum() >= routes.length ? 0 : routes[p.portNum()]);
            out.endObject();
        }
        return out.endArray().endObject().toString();
    }

    /** The port's page, or {@code null} if the fabric has no such node or port. */
    static String port(SubnetSnapshot snap, NodeNameMap names, PerfRates.Readings perf, PortHistory history,
                       long guid, int portNum) {
        NodeView node = snap.node(guid);
        if (node == null || portNum < 0 || portNum > node.numPorts()) {
            return null;
        }
        PortView p = snap.port(node.index(), portNum);
        if (p == null) {
            return null;
        }
        JsonText out = new JsonText(4096).beginObject(null);
        head(out, snap, names, node);
        out.beginObject("port");
        port(out, snap, names, perf, node, p);
        int[] routes = routesPerPort(snap, node);
        out.number("routes", routes == null || portNum >= routes.length ? 0 : routes[portNum]);
        out.endObject();
        PerfSnapshot.Node pn = perf.node(guid, portNum);
        out.beginObject("counters");
        if (pn != null) {
            for (Counter c : Counter.values()) {
                out.number(c.specName(), pn.total(portNum, c));
            }
        }
        out.endObject().beginArray("history");
        for (PortHistory.Sample s : history.of(guid, portNum)) {
            out.beginArray(null).number(null, s.millis()).decimal(null, s.xmitBytesPerSecond())
                    .decimal(null, s.rcvBytesPerSecond()).decimal(null, s.errorsPerSecond()).endArray();
        }
        return out.endArray().endObject().toString();
    }

    private static void head(JsonText out, SubnetSnapshot snap, NodeNameMap names, NodeView node) {
        out.string("guid", Guid.toString(node.nodeGuid())).string("name", names.name(node.nodeGuid(),
                node.description())).string("description", node.description()).string("kind", node.kind().name())
                .bool("isSwitch", node.isSwitch()).number("numPorts", node.numPorts());
        out.beginArray("lids");
        for (PortView p : snap.portsOf(node)) {
            if (p.endPortIndex() >= 0) {
                EndPortView e = snap.endPorts().get(p.endPortIndex());
                if (e.hasLids()) {
                    out.beginObject(null).number("port", p.portNum()).number("lid", e.lidRange().base())
                            .number("lmc", e.lidRange().lmc()).endObject();
                }
            }
        }
        out.endArray();
    }

    private static void port(JsonText out, SubnetSnapshot snap, NodeNameMap names, PerfRates.Readings perf,
                             NodeView node, PortView p) {
        PortAttributes a = p.attributes();
        out.number("port", p.portNum()).string("state", name(STATES, a.portState()))
                .string("phys", name(PHYS, a.portPhysicalState())).string("width", width(a))
                .string("speed", speed(a)).bool("healthy", p.healthy());
        double errorRate = perf.errorRate(node.nodeGuid(), p.portNum());
        out.decimal("errorRate", errorRate).decimal("bytesPerSecond", perf.bytesPerSecond(node.nodeGuid(),
                p.portNum()));
        if (p.isConnected()) {
            PortView peer = snap.peer(p);
            NodeView other = snap.nodeOf(peer);
            double both = errorRate + perf.errorRate(other.nodeGuid(), peer.portNum());
            out.string("health", LinkHealth.of(p, peer, both).label());
            out.beginObject("peer").string("guid", Guid.toString(other.nodeGuid()))
                    .string("name", names.name(other.nodeGuid(), other.description())).number("port", peer.portNum())
                    .bool("isSwitch", other.isSwitch()).endObject();
        } else {
            out.string("health", p.portNum() == 0 ? "ok" : "not-cabled");
        }
    }

    /** Per port number, the LIDs the switch's held LFT sends out of it; {@code null} for a CA or router. */
    static int[] routesPerPort(SubnetSnapshot snap, NodeView node) {
        SwitchView sw = snap.switchOf(node);
        if (sw == null) {
            return null;
        }
        int[] routes = new int[node.numPorts() + 1];
        List<EndPortView> ends = snap.endPorts();
        for (EndPortView e : ends) {
            if (!e.hasLids()) {
                continue;
            }
            for (int lid = e.lidRange().first(); lid <= e.lidRange().last(); lid++) {
                int port = lid < sw.lftSize() ? sw.lftPort(lid) : 255;
                if (port >= 0 && port < routes.length) {
                    routes[port]++;
                }
            }
        }
        return routes;
    }

    private static String name(String[] names, int value) {
        return value >= 0 && value < names.length ? names[value] : Integer.toString(value);
    }

    /** {@code 4x}, or "" when the port reports no width. */
    static String width(PortAttributes a) {
        int lanes = LinkHealth.lanes(a.linkWidthActive());
        return lanes == 0 ? "" : lanes + "x";
    }

    /** The lane rate: {@code 10 Gb/s (QDR)}, {@code 25 Gb/s (EDR)}, or "" when unknown. */
    static String speed(PortAttributes a) {
        return switch (a.linkSpeedExtActive()) {
            case 1 -> "14 Gb/s (FDR)";
            case 2 -> "25 Gb/s (EDR)";
            case 4 -> "50 Gb/s (HDR)";
            case 8 -> "100 Gb/s (NDR)";
            default -> switch (a.linkSpeedActive()) {
                case 1 -> "2.5 Gb/s (SDR)";
                case 2 -> "5 Gb/s (DDR)";
                case 4 -> "10 Gb/s (QDR)";
                default -> "";
            };
        };
    }
}
