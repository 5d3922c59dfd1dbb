package dev.jsm.daemon.qos;

import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;

/**
 * What the model says a subnet's ports hold of their SL2VL and VLArb tables, for the tests: {@link #recordSent}
 * records an answered Set as {@code BlockSync} does, {@link #forgetNode} forgets as the QoS manager does.
 */
final class HeldQosTables {

    private final Subnet subnet;

    HeldQosTables(Subnet subnet) {
        this.subnet = subnet;
    }

    /** Records that {@code set} was answered: what it carried is now held in every block it covers. */
    void recordSent(QosSet set) {
        QosBlockSet s = set.set();
        byte[] content = new byte[s.table().blockBytes()];
        s.table().copyWanted(s.block(), content, 0);
        if (s.coverage() == null) {
            s.table().setHeld(s.block(), content, 0);
        } else {
            s.coverage().markHeld(content, 0);
        }
    }

    /** Whether no SL2VL or VLArb block of any port is known to be held. */
    boolean isEmpty() {
        for (Node node : subnet.nodes()) {
            for (PhysPort port : node.ports()) {
                if (anyKnown(port.sl2VlTableIfAny()) || anyKnown(port.vlArbTableIfAny())) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Forgets what the node holds, as the QoS manager does for a rebooted node or a failed Set. */
    void forgetNode(long nodeGuid) {
        QosManager.forgetNode(subnet.node(nodeGuid));
    }

    /** The SL2VL table output port {@code out} is known to hold for input port {@code in}, or {@code null}. */
    SlToVlMappingTable sl2Vl(PhysPort out, int in) {
        BlockTable t = out.sl2VlTableIfAny();
        if (t == null || !t.isHeldKnown(in)) {
            return null;
        }
        byte[] held = new byte[t.blockBytes()];
        t.copyHeld(in, held, 0);
        return SlToVlMappingTable.decode(held, 0);
    }

    private static boolean anyKnown(BlockTable t) {
        for (int b = 0; t != null && b < t.blockCount(); b++) {
            if (t.isHeldKnown(b)) {
                return true;
            }
        }
        return false;
    }
}
