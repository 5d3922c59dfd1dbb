package dev.jsm.daemon.dump;

import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The order OpenSM's dump files list nodes and switches in: its GUID tables are maps keyed by the network-order
 * GUID compared as a host integer, i.e. byte-reversed GUIDs on little-endian hosts
 * (docs/reference/opensm-behaviour.md#guid-order). Using it makes the
 * files diff cleanly against OpenSM's.
 *
 * <p>Stateless; thread-safe.
 */
final class DumpOrder {

    private static final Comparator<Long> OPENSM_GUID_ORDER =
            (x, y) -> Long.compareUnsigned(Long.reverseBytes(x), Long.reverseBytes(y));

    private DumpOrder() {
    }

    static List<NodeView> nodes(SubnetSnapshot s) {
        List<NodeView> list = new ArrayList<>(s.nodes());
        list.sort(Comparator.comparing(NodeView::nodeGuid, OPENSM_GUID_ORDER));
        return list;
    }

    /** The end ports that have LIDs, in port GUID order. */
    static List<EndPortView> endPortsWithLids(SubnetSnapshot s) {
        List<EndPortView> list = new ArrayList<>();
        for (EndPortView e : s.endPorts()) {
            if (e.hasLids()) {
                list.add(e);
            }
        }
        list.sort(Comparator.comparing(EndPortView::portGuid, OPENSM_GUID_ORDER));
        return list;
    }

    static List<SwitchView> switches(SubnetSnapshot s) {
        List<SwitchView> list = new ArrayList<>(s.switches());
        list.sort(Comparator.comparing(SwitchView::nodeGuid, OPENSM_GUID_ORDER));
        return list;
    }
}
