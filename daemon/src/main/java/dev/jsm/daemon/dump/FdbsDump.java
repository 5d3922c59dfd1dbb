package dev.jsm.daemon.dump;

import dev.jsm.routing.RoutingInput;
import dev.jsm.subnet.SwitchLft;
import java.util.Locale;

/**
 * {@code opensm.fdbs} (docs/reference/opensm-behaviour.md#dump-files;
 * OpenSM's {@code dump_ucast_routes}): per switch, per LID, the port the LFT uses,
 * its hop count and whether that is the least possible. A CA LID counts one hop more than its switch; a CA on the
 * switch itself is one hop away.
 *
 * <p>Stateless; thread-safe.
 */
final class FdbsDump {

    private FdbsDump() {
    }

    static String render(RoutingInput in, byte[][] lfts, HopMatrix hops) {
        StringBuilder sb = new StringBuilder();
        int[] owner = in.lidOwnerSwitch();
        for (int sw : DumpFiles.switchOrder(in)) {
            sb.append(String.format(Locale.ROOT, "dump_ucast_routes: Switch 0x%016x\nLID    : Port : Hops : "
                    + "Optimal\n", in.switchGuid()[sw]));
            byte[] lft = lfts[sw];
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                Hex.upper(sb.append("0x"), lid, 4).append(" : ");
                int ep = in.lidEndPort()[lid];
                int port = lid < lft.length ? lft[lid] & 0xFF : SwitchLft.NO_PATH;
                if (ep < 0 || port == SwitchLft.NO_PATH) {
                    sb.append("UNREACHABLE\n");
                    continue;
                }
                int target = owner[lid];
                boolean ca = !in.endPortIsSwitch()[ep];
                int num = target < 0 ? HopMatrix.NONE : ca && target == sw ? 0 : hops.via(sw, port, target);
                if (num == HopMatrix.NONE) {
                    Hex.decimal(sb, port, 3).append("  : HOPS UNKNOWN\n");
                    continue;
                }
                int best = hops.least(sw, target);
                if (ca) {
                    num++;
                    best++;
                }
                Hex.decimal(sb, port, 3).append("  : ");
                Hex.decimal(sb, num, 2).append("   : ");
                if (num == best) {
                    sb.append("yes");
                } else {
                    sb.append(String.format(Locale.ROOT, "No %d hop path possible via port %d!", best,
                            bestPort(in, hops, sw, target)));
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    private static int bestPort(RoutingInput in, HopMatrix hops, int sw, int target) {
        int least = hops.least(sw, target);
        for (int p = 1; p <= in.switchNumPorts()[sw]; p++) {
            if (hops.via(sw, p, target) == least) {
                return p;
            }
        }
        return 0;
    }
}
