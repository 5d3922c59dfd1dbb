package dev.jsm.daemon.dump;

import dev.jsm.subnet.Lid;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.util.Locale;

/**
 * {@code opensm.mcfdbs} (docs/reference/opensm-behaviour.md#dump-files;
 * OpenSM's {@code dump_mcast_routes}): per switch, every multicast LID the switch
 * forwards and the ports it forwards it on, as programmed. Switches and MLIDs without ports are left out.
 *
 * <p>Stateless; thread-safe.
 */
final class McfdbsDump {

    private McfdbsDump() {
    }

    static String render(SubnetSnapshot s) {
        StringBuilder sb = new StringBuilder();
        for (SwitchView sw : DumpOrder.switches(s)) {
            int numPorts = s.nodes().get(sw.nodeIndex()).numPorts();
            boolean header = false;
            for (int mlid = Lid.MULTICAST_MIN; mlid <= Lid.MULTICAST_MAX; mlid++) {
                if (!forwards(sw, mlid)) {
                    continue;
                }
                if (!header) {
                    sb.append(String.format(Locale.ROOT, "\nSwitch 0x%016x\nLID    : Out Port(s)\n", sw.nodeGuid()));
                    header = true;
                }
                sb.append(String.format(Locale.ROOT, "0x%04X :", mlid));
                for (int port = 0; port <= numPorts; port++) {
                    if (sw.mftHasPort(mlid, port)) {
                        sb.append(String.format(Locale.ROOT, " 0x%03X ", port));
                    }
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    private static boolean forwards(SwitchView sw, int mlid) {
        for (int p = 0; p < sw.mftPositions(); p++) {
            if (sw.mftMask(mlid, p) != 0) {
                return true;
            }
        }
        return false;
    }
}
