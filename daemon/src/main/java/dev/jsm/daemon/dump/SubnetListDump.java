package dev.jsm.daemon.dump;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.io.Writer;
import java.util.function.Predicate;

/**
 * {@code opensm-subnet.lst} (docs/reference/opensm-behaviour.md#dump-files;
 * OpenSM's {@code dump_topology_node}): one line per cabled port, the port's
 * node and the neighbour's, then width, state and speed. Written at every SUBNET UP. Kept byte-compatible with
 * OpenSM 3.3.23, including its quirk of printing the neighbour's DeviceID byte-swapped into 32 bits.
 *
 * <p>Stateless; thread-safe.
 */
final class SubnetListDump {

    /** PortInfo.CapabilityMask2 bit: 2x link width supported (only then is width 16 printed as 2x). */
    private static final int CAP2_IS_LINK_WIDTH_2X_SUPPORTED = 0x10;
    /** Characters gathered before they go to the writer. */
    private static final int CHUNK_CHARS = 1 << 16;

    private SubnetListDump() {
    }

    /** Writes the file's text to {@code out}. */
    static void write(SubnetSnapshot s, NodeNameMap names, Writer out) throws IOException {
        write(s, names, n -> true, out);
    }

    /**
     * Writes the lines of the ports of the nodes {@code included} accepts (a routing chain step's topology) to
     * {@code out}, {@value #CHUNK_CHARS} characters at a time: the whole text was 24 MB at 11664 hosts, and building
     * it in one builder took 46 MB more on the heap while it grew, just after SUBNET UP.
     */
    static void write(SubnetSnapshot s, NodeNameMap names, Predicate<NodeView> included, Writer out)
            throws IOException {
        StringBuilder sb = new StringBuilder(CHUNK_CHARS + 1024);
        for (NodeView node : DumpOrder.nodes(s)) {
            if (!included.test(node)) {
                continue;
            }
            for (PortView port : s.portsOf(node)) {
                PortView peer = port.portNum() == 0 ? null : s.peer(port);
                if (peer == null) {
                    continue;
                }
                NodeView peerNode = s.nodeOf(peer);
                end(sb, s, names, node, port, false);
                end(sb, s, names, peerNode, peer, true);
                PortAttributes a = port.attributes();
                sb.append("PHY=").append(width(a, defaultPort(s, node, port).attributes())).append(" LOG=")
                        .append(state(a.portState())).append(" SPD=")
                        .append(speed(a, defaultPort(s, node, port).attributes())).append('\n');
                if (sb.length() >= CHUNK_CHARS) {
                    out.append(sb);
                    sb.setLength(0);
                }
            }
        }
        out.append(sb);
    }

    private static void end(StringBuilder sb, SubnetSnapshot s, NodeNameMap names, NodeView node, PortView port,
                            boolean neighbour) {
        PortAttributes d = defaultPort(s, node, port).attributes();
        String type = node.kind() == NodeKind.SWITCH ? "SW" : node.kind() == NodeKind.CA ? "CA" : "Rt";
        sb.append("{ ").append(type).append(d.lid() == d.masterSmLid() ? "-SM" : "").append(" Ports:");
        Hex.upper(sb, node.numPorts(), 2).append(" SystemGUID:");
        Hex.lower(sb, node.systemImageGuid(), 16).append(" NodeGUID:");
        Hex.lower(sb, node.nodeGuid(), 16).append(" PortGUID:");
        Hex.lower(sb, port.portGuid(), 16).append(" VenID:");
        if (neighbour) {
            Hex.upper(sb, node.vendorId(), 8).append(" DevID:");
            Hex.upper(sb, (node.deviceId() & 0xFFFFL) << 16, 4);
        } else {
            Hex.upper(sb, node.vendorId(), 6).append(" DevID:");
            Hex.upper(sb, node.deviceId(), 4);
        }
        sb.append(" Rev:");
        Hex.upper(sb, node.revision(), 8).append(" {").append(names.name(node.nodeGuid(), node.description()))
                .append("} LID:");
        Hex.upper(sb, d.lid(), 4).append(" PN:");
        Hex.upper(sb, port.portNum(), 2).append(" } ");
    }

    /** Port 0 of a switch, the port itself for CAs and routers: where OpenSM reads LID and capabilities. */
    private static PortView defaultPort(SubnetSnapshot s, NodeView node, PortView port) {
        if (node.isSwitch()) {
            PortView p0 = s.port(node.index(), 0);
            return p0 != null ? p0 : port;
        }
        return port;
    }

    private static String state(int portState) {
        return switch (portState) {
            case PortAttributes.STATE_ACTIVE -> "ACT";
            case PortAttributes.STATE_ARMED -> "ARM";
            case PortAttributes.STATE_INIT -> "INI";
            default -> "DWN";
        };
    }

    private static String speed(PortAttributes a, PortAttributes defaults) {
        String s = switch (a.linkSpeedActive()) {
            case 1 -> "2.5";
            case 2 -> "5";
            case 4 -> "10";
            default -> "??";
        };
        if ((defaults.capabilityMask() & PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED) != 0) {
            s = switch (a.linkSpeedExtActive()) {
                case 0 -> s;
                case 1 -> "14";
                case 2 -> "25";
                case 4 -> "50";
                default -> "??";
            };
        }
        return s;
    }

    private static String width(PortAttributes a, PortAttributes defaults) {
        return switch (a.linkWidthActive()) {
            case 1 -> "1x";
            case 2 -> "4x";
            case 4 -> "8x";
            case 8 -> "12x";
            case 16 -> (defaults.capabilityMask2() & CAP2_IS_LINK_WIDTH_2X_SUPPORTED) != 0 ? "2x" : "??";
            default -> "??";
        };
    }
}
