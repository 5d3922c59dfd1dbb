package dev.jsm.daemon.dump;

import dev.jsm.routing.RoutingInput;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.Locale;

/**
 * {@code opensm-lid-matrix.dump} (docs/reference/opensm-behaviour.md#dump-files;
 * OpenSM's {@code dump_lid_matrix}): per switch, per switch LID, the
 * hops through each port 0..N (column 0 the least), {@code ff} for none. OpenSM's {@code -M} option reads it back.
 *
 * <p>Stateless; thread-safe.
 */
final class LidMatrixDump {

    private LidMatrixDump() {
    }

    static String render(SubnetSnapshot s, RoutingInput in, HopMatrix hops) {
        int[] owner = in.lidOwnerSwitch();
        StringBuilder sb = new StringBuilder();
        long[] guids = in.switchGuid();
        Integer[] order = DumpFiles.switchOrder(in);
        for (int sw : order) {
            sb.append(String.format(Locale.ROOT, "Switch: guid 0x%016x\n", guids[sw]));
            int ports = in.switchNumPorts()[sw];
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                int ep = in.lidEndPort()[lid];
                if (ep < 0 || !in.endPortIsSwitch()[ep] || owner[lid] < 0
                        || hops.least(sw, owner[lid]) == HopMatrix.NONE) {
                    continue;
                }
                Hex.lower(sb.append("0x"), lid, 4).append(':');
                for (int p = 0; p <= ports; p++) {
                    Hex.lower(sb.append(' '), hops.via(sw, p, owner[lid]), 2);
                }
                EndPortView e = s.endPortByLid(lid);
                if (e != null) {
                    Hex.lower(sb.append(" # portguid 0x"), e.portGuid(), 16);
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }
}
