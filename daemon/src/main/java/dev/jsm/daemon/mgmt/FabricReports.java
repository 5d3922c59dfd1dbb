package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The console's fabric reports, computed from the snapshot of the last SUBNET UP (what is configured, never a
 * half-done sweep): {@code portstatus}, the cabled ports by state, width and speed with the links running below
 * what both ends support; and {@code lidbalance}, how evenly each switch spreads the CA LIDs over the ports that
 * lead to other switches (OpenSM's console commands of the same names). Nodes are called by their name in the node
 * name map, else by their NodeDescription.
 *
 * <p>Stateless; thread-safe.
 */
final class FabricReports {

    private static final String[] STATES = {"?", "Down", "Initialize", "Armed", "Active"};

    private FabricReports() {
    }

    /** {@code portstatus}: counts by state, width and speed, and the cables running below their capability. */
    static String portStatus(SubnetSnapshot s, NodeNameMap names) {
        Map<String, Integer> states = new TreeMap<>();
        Map<String, Integer> widths = new TreeMap<>();
        Map<String, Integer> speeds = new TreeMap<>();
        StringBuilder reduced = new StringBuilder();
        int ports = 0;
        for (PortView p : s.ports()) {
            if (p.portNum() == 0 || !p.isConnected()) {
                continue;
            }
            ports++;
            PortAttributes a = p.attributes();
            int st = a.portState();
            states.merge(st >= 0 && st < STATES.length ? STATES[st] : String.valueOf(st), 1, Integer::sum);
            widths.merge(width(a.linkWidthActive()), 1, Integer::sum);
            speeds.merge(speed(a.linkSpeedActive()), 1, Integer::sum);
            if (st >= 2 && (Integer.highestOneBit(a.linkWidthSupported()) > a.linkWidthActive()
                    || Integer.highestOneBit(a.linkSpeedSupported()) > a.linkSpeedActive())) {
                NodeView n = s.nodes().get(p.nodeIndex());
                reduced.append(String.format(Locale.ROOT, "   %s port %d ('%s'): %s %s, supports %s %s%n",
                        Guid.toString(p.nodeGuid()), p.portNum(), ConsoleQueries.name(names, n),
                        width(a.linkWidthActive()),
                        speed(a.linkSpeedActive()), width(Integer.highestOneBit(a.linkWidthSupported())),
                        speed(Integer.highestOneBit(a.linkSpeedSupported()))));
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("Port status of the ").append(ports).append(" cabled ports at the last SUBNET UP\n");
        out.append("   state: ").append(states).append('\n');
        out.append("   width: ").append(widths).append('\n');
        out.append("   speed: ").append(speeds).append('\n');
        out.append(reduced.length() == 0 ? "   no port runs below its supported width or speed\n"
                : "   ports below their supported width or speed:\n" + reduced);
        return out.toString();
    }

    /**
     * {@code lidbalance}: per switch, the CA LIDs its LFT sends out of each switch-to-switch port; a switch is
     * reported when the busiest such port carries more than one LID more than the least busy one.
     */
    static String lidBalance(SubnetSnapshot s, NodeNameMap names) {
        StringBuilder out = new StringBuilder();
        int unbalanced = 0;
        for (SwitchView sw : s.switches()) {
            NodeView node = s.nodes().get(sw.nodeIndex());
            boolean[] toSwitch = new boolean[node.numPorts() + 1];
            for (PortView p : s.portsOf(node)) {
                if (p.portNum() > 0 && p.isConnected()) {
                    toSwitch[p.portNum()] = s.nodeOf(s.peer(p)).isSwitch();
                }
            }
            int[] count = ConsoleQueries.caLidsPerPort(s, sw, false);
            int min = Integer.MAX_VALUE;
            int max = -1;
            for (int p = 1; p < count.length; p++) {
                if (toSwitch[p]) {
                    min = Math.min(min, count[p]);
                    max = Math.max(max, count[p]);
                }
            }
            if (max >= 0 && max - min > 1) {
                unbalanced++;
                out.append(String.format(Locale.ROOT, "   %s ('%s'): %d to %d CA LIDs per switch port%n",
                        Guid.toString(sw.nodeGuid()), ConsoleQueries.name(names, node), min, max));
            }
        }
        return String.format(Locale.ROOT, "LID balance of %d switches: %d with switch ports differing by more than one "
                + "CA LID%n", s.switches().size(), unbalanced) + out;
    }

    private static String width(int w) {
        return switch (w) {
            case 1 -> "1x";
            case 2 -> "4x";
            case 4 -> "8x";
            case 8 -> "12x";
            case 16 -> "2x";
            default -> "width " + w;
        };
    }

    private static String speed(int v) {
        return switch (v) {
            case 1 -> "SDR";
            case 2 -> "DDR";
            case 4 -> "QDR";
            default -> "speed " + v;
        };
    }
}
