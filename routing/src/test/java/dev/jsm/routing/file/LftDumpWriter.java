package dev.jsm.routing.file;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;

/**
 * Renders {@link LftTables} in OpenSM's {@code opensm-lfts.dump} format, for the file engine's round-trip tests.
 * Descriptions are not in the routing input, so the GUID stands in for them.
 */
final class LftDumpWriter {

    private LftDumpWriter() {
    }

    static String render(RoutingInput in, LftTables lfts) {
        StringBuilder sb = new StringBuilder();
        for (int sw = 0; sw < in.switchCount(); sw++) {
            sb.append(String.format("Unicast lids [0-%d] of switch Lid %d guid 0x%016x ('sw-%x'):%n", in.maxLid(),
                    in.switchLid()[sw], in.switchGuid()[sw], in.switchGuid()[sw]));
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                int port = lfts.port(sw, lid);
                int ep = in.lidEndPort()[lid];
                if (port == LftTables.NO_PATH || ep < 0) {
                    continue;
                }
                sb.append(String.format("0x%04x %03d # %s portguid 0x%016x: 'n-%x'%n", lid, port,
                        in.endPortIsSwitch()[ep] ? "Switch" : "Channel Adapter", in.endPortGuid()[ep],
                        in.endPortNodeGuid()[ep]));
            }
            sb.append(in.maxLid()).append(" lids dumped").append(System.lineSeparator());
        }
        return sb.toString();
    }
}
