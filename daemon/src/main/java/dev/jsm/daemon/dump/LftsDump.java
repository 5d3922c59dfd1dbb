package dev.jsm.daemon.dump;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.SwitchLft;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;

/**
 * {@code opensm-lfts.dump} (docs/reference/opensm-behaviour.md#dump-files;
 * OpenSM's {@code dump_ucast_lfts}): per switch, every LID with a valid port
 * and who owns it. OpenSM's {@code file} routing engine ({@code -R file -U}) and {@code dump_lfts}-style tools read
 * it back.
 *
 * <p>Stateless; thread-safe.
 */
final class LftsDump {

    private LftsDump() {
    }

    static String render(SubnetSnapshot s, NodeNameMap names) {
        return render(s, names, sw -> sw::lftPort);
    }

    /**
     * The dump of the tables {@code lfts} gives, for the switches it gives any ({@code null} for the others): a
     * routing chain step's own tables over its topology.
     */
    static String render(SubnetSnapshot s, NodeNameMap names, Function<SwitchView, IntUnaryOperator> lfts) {
        int maxLid = s.lidMap().maxLid();
        StringBuilder sb = new StringBuilder();
        for (SwitchView sw : DumpOrder.switches(s)) {
            IntUnaryOperator lft = lfts.apply(sw);
            if (lft == null) {
                continue;
            }
            NodeView node = s.nodes().get(sw.nodeIndex());
            EndPortView self = s.endPort(s.port(node.index(), 0).portGuid());
            int swLid = self != null && self.hasLids() ? self.lidRange().base() : 0;
            sb.append(String.format(Locale.ROOT, "Unicast lids [0-%d] of switch Lid %d guid 0x%016x ('%s'):\n",
                    maxLid, swLid, sw.nodeGuid(), names.name(node.nodeGuid(), node.description())));
            for (int lid = 0; lid <= maxLid; lid++) {
                int port = lft.applyAsInt(lid);
                if (port == SwitchLft.NO_PATH || port > node.numPorts()) {
                    continue;
                }
                Hex.lower(sb.append("0x"), lid, 4).append(' ');
                Hex.decimal(sb, port, 3).append(" # ");
                EndPortView owner = s.endPortByLid(lid);
                if (owner == null) {
                    sb.append("unknown node and type");
                } else {
                    NodeView on = s.nodes().get(owner.nodeIndex());
                    sb.append(typeName(on.kind())).append(" portguid 0x");
                    Hex.lower(sb, owner.portGuid(), 16).append(": '")
                            .append(names.name(on.nodeGuid(), on.description())).append('\'');
                }
                sb.append('\n');
            }
            sb.append(maxLid).append(" lids dumped\n");
        }
        return sb.toString();
    }

    /** IBA node type names as OpenSM prints them ({@code ib_get_node_type_str}). */
    static String typeName(NodeKind kind) {
        return switch (kind) {
            case CA -> "Channel Adapter";
            case SWITCH -> "Switch";
            case ROUTER -> "Router";
        };
    }
}
