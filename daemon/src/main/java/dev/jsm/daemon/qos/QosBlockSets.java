package dev.jsm.daemon.qos;

import dev.jsm.daemon.sweep.BlockSync;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.mad.smp.VlArbitrationTable;
import dev.jsm.qos.tables.QosPlan;
import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The Sets that carry the SL2VL and VLArb tables {@link dev.jsm.qos.tables.QosTablePlanner} wanted in the model,
 * with their attribute modifiers, in OpenSM's order: nodes by GUID; on a switch the VLArb blocks of the external
 * ports ({@code block << 16 | port}), then the SL2VL tables by output port from port 0 ({@code in << 8 | out}), or
 * the optimized "all ports" Sets instead ({@code 0x30000} addressed to the representative port's table for input =
 * itself, then {@code 0x20000 | out} for each port whose OperationalVLs differ), then an enhanced port 0's own
 * VLArb blocks and its table for input 0, after everything that also writes that pair; on a CA or router each
 * port's VLArb blocks ({@code block << 16}) and its SL2VL table (modifier 0). Every wanted block is listed; whether
 * a Set is sent is its block's difference ({@link BlockSync}).
 *
 * <p>Stateless; runs on the SM thread (reads the model).
 *
 * <p>In detail: docs/design/daemon.md#qosblocksets.
 */
final class QosBlockSets {

    private QosBlockSets() {
    }

    /** Hands every Set of the pass to {@code sink}, in sending order. */
    static void forEach(Subnet subnet, QosPlan plan, Consumer<QosBlockSet> sink) {
        Map<Node, QosPlan.AllPortsSl2Vl> optimized = new HashMap<>();
        for (QosPlan.AllPortsSl2Vl a : plan.allPortsSl2Vl()) {
            optimized.put(a.node(), a);
        }
        List<Node> nodes = new ArrayList<>(subnet.nodes());
        nodes.sort((a, b) -> Long.compareUnsigned(a.nodeGuid(), b.nodeGuid()));
        for (Node node : nodes) {
            if (!node.isSwitch()) {
                for (PhysPort port : node.ports()) {
                    vlArb(port, sink);
                    sl2Vl(port, 0, 0, sink);
                }
                continue;
            }
            int n = node.numPorts();
            for (int out = 1; out <= n; out++) {
                vlArb(node.port(out), sink);
            }
            QosPlan.AllPortsSl2Vl allPorts = optimized.get(node);
            if (allPorts != null) {
                allPorts(allPorts, sink);
            } else {
                for (int out = 0; out <= n; out++) {
                    sl2Vl(node.port(out), out == 0 ? 1 : 0, n, sink);
                }
            }
            vlArb(node.port(0), sink);
            sl2Vl(node.port(0), 0, 0, sink);
        }
    }

    private static void vlArb(PhysPort port, Consumer<QosBlockSet> sink) {
        BlockTable t = port == null ? null : port.vlArbTableIfAny();
        if (t == null) {
            return;
        }
        int amPort = port.node().isSwitch() ? port.portNum() : 0;
        for (int block = 0; block < t.blockCount(); block++) {
            if (t.isWanted(block)) {
                sink.accept(new QosBlockSet(port, AttributeId.VL_ARBITRATION_TABLE, t, block,
                        VlArbitrationTable.modifier(block + 1, amPort), null));
            }
        }
    }

    /** The Sets of {@code port}'s SL2VL tables for input ports {@code fromIn..toIn}. */
    private static void sl2Vl(PhysPort port, int fromIn, int toIn, Consumer<QosBlockSet> sink) {
        BlockTable t = port == null ? null : port.sl2VlTableIfAny();
        if (t == null) {
            return;
        }
        boolean switchPort = port.node().isSwitch();
        for (int in = fromIn; in <= toIn; in++) {
            if (t.isWanted(in)) {
                sink.accept(new QosBlockSet(port, AttributeId.SL_TO_VL_MAPPING_TABLE, t, in,
                        switchPort ? SlToVlMappingTable.switchModifier(in, port.portNum()) : 0L, null));
            }
        }
    }

    private static void allPorts(QosPlan.AllPortsSl2Vl a, Consumer<QosBlockSet> sink) {
        Node sw = a.node();
        int first = sw.asSwitch().attributes().hasEnhancedPort0() ? 0 : 1;
        int last = sw.numPorts();
        PhysPort rep = a.representative();
        sink.accept(new QosBlockSet(rep, AttributeId.SL_TO_VL_MAPPING_TABLE, rep.sl2VlTable(), rep.portNum(),
                SlToVlMappingTable.ALL_INPUT_PORTS | SlToVlMappingTable.ALL_OUTPUT_PORTS,
                new Covered(sw, first, last, first, last)));
        for (PhysPort p : a.others()) {
            sink.accept(new QosBlockSet(p, AttributeId.SL_TO_VL_MAPPING_TABLE, p.sl2VlTable(), p.portNum(),
                    SlToVlMappingTable.ALL_INPUT_PORTS | p.portNum(),
                    new Covered(sw, p.portNum(), p.portNum(), first, last)));
        }
    }

    /** The (input, output) pairs of a switch an optimized SL2VL Set writes: outputs and inputs from..to. */
    private record Covered(Node sw, int outFrom, int outTo, int inFrom, int inTo) implements BlockSync.Coverage {

        @Override
        public void markHeld(byte[] content, int off) {
            for (int out = outFrom; out <= outTo; out++) {
                PhysPort p = sw.port(out);
                if (p == null) {
                    continue;
                }
                BlockTable t = p.sl2VlTable();
                for (int in = inFrom; in <= inTo; in++) {
                    t.setHeld(in, content, off);
                }
            }
        }
    }
}
