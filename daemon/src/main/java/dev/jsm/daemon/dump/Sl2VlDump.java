package dev.jsm.daemon.dump;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Sl2VlMap;
import dev.jsm.subnet.Subnet;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code opensm-sl2vl.dump} (docs/reference/opensm-behaviour.md#dump-files;
 * OpenSM's {@code dump_sl2vl_tbl}): for every end port in OpenSM's port GUID
 * order, a header naming the node, then the SL2VL tables the SM programmed - a CA or router port's one table as row
 * {@code 0 0}, for a switch every (input, output) pair of each cabled output port - each row {@code %-3d %-3d :}
 * followed by the 16 VLs as {@code " %-2d"}. Written from what the ports are known to hold (the held blocks of
 * {@link PhysPort#sl2VlTableIfAny()}); a table the SM never programmed has no row (OpenSM prints its in-memory copy,
 * zeros when it never touched the port).
 *
 * <p>Stateless; called on the SM thread (reads the mutable subnet).
 */
public final class Sl2VlDump {

    private static final String HEADER = "#in out : 0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15";
    private static final String SEPARATOR = "#--------------------------------------------------------";

    private Sl2VlDump() {
    }

    /** The file's text, nodes called by their name in {@code names} where it has one. */
    public static String render(Subnet subnet, NodeNameMap names) {
        List<EndPort> ports = new ArrayList<>();
        for (Node node : subnet.nodes()) {
            if (node.numPorts() == 0) {
                continue;
            }
            for (PhysPort p : node.ports()) {
                if (p.endPort() != null) {
                    ports.add(p.endPort());
                }
            }
        }
        ports.sort((a, b) -> Long.compareUnsigned(Long.reverseBytes(a.portGuid()), Long.reverseBytes(b.portGuid())));
        StringBuilder sb = new StringBuilder();
        for (EndPort ep : ports) {
            Node node = ep.node();
            sb.append(LftsDump.typeName(node.kind())).append(" 0x");
            Hex.lower(sb, ep.portGuid(), 16).append(", base LID ").append(ep.hasLids() ? ep.lidRange().base() : 0)
                    .append(", \"").append(names.name(node.nodeGuid(), node.description())).append("\"\n")
                    .append(HEADER).append('\n').append(SEPARATOR).append('\n');
            if (node.isSwitch()) {
                for (int out = 0; out <= node.numPorts(); out++) {
                    PhysPort p = node.port(out);
                    if (p == null || p.remote() == null) {
                        continue;
                    }
                    for (int in = 0; in <= node.numPorts(); in++) {
                        row(sb, in, out, p.sl2VlTableIfAny());
                    }
                }
            } else {
                row(sb, 0, 0, ep.physPort().sl2VlTableIfAny());
            }
            sb.append(SEPARATOR).append("\n\n");
        }
        return sb.toString();
    }

    /** The row of {@code table}'s block {@code in}, if its held content is known. */
    private static void row(StringBuilder sb, int in, int out, BlockTable table) {
        if (table == null || in >= table.blockCount() || !table.isHeldKnown(in)) {
            return;
        }
        byte[] bytes = new byte[Sl2VlMap.BLOCK_BYTES];
        table.copyHeld(in, bytes, 0);
        Sl2VlMap t = Sl2VlMap.read(bytes, 0);
        pad(sb, Integer.toString(in), 3).append(' ');
        pad(sb, Integer.toString(out), 3).append(" :");
        for (int sl = 0; sl < Sl2VlMap.SL_COUNT; sl++) {
            pad(sb.append(' '), Integer.toString(t.vl(sl)), 2);
        }
        sb.append('\n');
    }

    private static StringBuilder pad(StringBuilder sb, String s, int width) {
        sb.append(s);
        for (int i = s.length(); i < width; i++) {
            sb.append(' ');
        }
        return sb;
    }
}
