package dev.jsm.qos.tables;

import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.mad.smp.VlArbitrationTable;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The SL2VL and VLArb tables the ports are known to hold, because a Set of them succeeded: OpenSM's
 * {@code slvl_by_port} and {@code vl_arb} copies in {@code osm_physp_t}. {@link QosTablePlanner} compares against
 * them so a sweep with unchanged configuration sends no Set at all. Unknown tables always differ.
 *
 * <p>Keyed by node GUID and port number. The daemon calls {@link #recordSent} for every Set that succeeded, and
 * {@link #forgetNode} when a Set failed or timed out, when a node was (re)discovered with reset state, or
 * {@link #forgetAll} when it becomes master (OpenSM's {@code need_update}).
 *
 * <p>Confined to the sweep thread.
 */
public final class ProgrammedQosTables {

    private static final int VL_ARB_BLOCKS = 4;

    private final Map<Long, NodeTables> nodes = new HashMap<>();

    /** An empty store: every table unknown. */
    public ProgrammedQosTables() {
    }

    /**
     * Records a Set that succeeded. A switch SL2VL Set with the "all ports" bits applies to every output and/or
     * input port it covers (from port 0 if the switch has an enhanced port 0, else from port 1), as the switch
     * applies it.
     *
     * @param set the Set as planned and sent
     */
    public void recordSent(QosSet set) {
        PhysPort port = set.port();
        Node node = port.node();
        NodeTables t = tables(node);
        long am = set.attributeModifier();
        if (set instanceof QosSet.Sl2Vl s) {
            if (!node.isSwitch()) {
                t.sl2VlOf(port.portNum())[0] = s.table();
                return;
            }
            int first = node.asSwitch().attributes().hasEnhancedPort0() ? 0 : 1;
            int last = node.numPorts();
            int outFrom = SlToVlMappingTable.isAllOutputPorts(am) ? first : SlToVlMappingTable.outPort(am);
            int outTo = SlToVlMappingTable.isAllOutputPorts(am) ? last : outFrom;
            int inFrom = SlToVlMappingTable.isAllInputPorts(am) ? first : SlToVlMappingTable.inPort(am);
            int inTo = SlToVlMappingTable.isAllInputPorts(am) ? last : inFrom;
            for (int out = outFrom; out <= Math.min(outTo, last); out++) {
                SlToVlMappingTable[] byIn = t.sl2VlOf(out);
                for (int in = inFrom; in <= Math.min(inTo, last); in++) {
                    byIn[in] = s.table();
                }
            }
        } else if (set instanceof QosSet.VlArb v) {
            t.vlArb[port.portNum()][VlArbitrationTable.block(am) - 1] = v.block();
        }
    }

    /** Whether no table of any port is known (no QoS programmed, or everything forgotten). */
    public boolean isEmpty() {
        return nodes.isEmpty();
    }

    /**
     * The SL2VL table an output port is known to hold for one input port.
     *
     * @param out the output port (CA/router: the port)
     * @param in the input port (0 for CAs and routers)
     * @return the table, or {@code null} if unknown
     */
    public SlToVlMappingTable sl2Vl(PhysPort out, int in) {
        NodeTables t = nodes.get(out.node().nodeGuid());
        if (t == null || t.numPorts != out.node().numPorts() || t.sl2Vl[out.portNum()] == null) {
            return null;
        }
        return t.sl2Vl[out.portNum()][in];
    }

    /**
     * A VL arbitration block a port is known to hold.
     *
     * @param port the port
     * @param block 0..3 (low 0-31, low 32-63, high 0-31, high 32-63)
     * @return the block, or {@code null} if unknown
     */
    public VlArbitrationTable vlArb(PhysPort port, int block) {
        NodeTables t = nodes.get(port.node().nodeGuid());
        return t == null || t.numPorts != port.node().numPorts() ? null : t.vlArb[port.portNum()][block];
    }

    /** Forgets every table of one node, so the next pass sends them all. */
    public void forgetNode(long nodeGuid) {
        nodes.remove(nodeGuid);
    }

    /**
     * Forgets what one port is known to hold: its VLArb blocks and its SL2VL tables as an output port (a port that
     * retrained may be back at its power-on tables).
     */
    public void forgetPort(PhysPort port) {
        NodeTables t = nodes.get(port.node().nodeGuid());
        if (t != null && t.numPorts == port.node().numPorts()) {
            t.sl2Vl[port.portNum()] = null;
            Arrays.fill(t.vlArb[port.portNum()], null);
        }
    }

    /** Forgets everything (new master, {@code need_update}). */
    public void forgetAll() {
        nodes.clear();
    }

    private NodeTables tables(Node node) {
        NodeTables t = nodes.get(node.nodeGuid());
        if (t == null || t.numPorts != node.numPorts()) {
            t = new NodeTables(node.numPorts());
            nodes.put(node.nodeGuid(), t);
        }
        return t;
    }

    /**
     * One node's known tables, indexed by port number ({@code [out][in]} for SL2VL, {@code [port][block]}). The
     * per-output SL2VL rows are allocated on first use: CAs need one entry, switches up to (ports + 1)^2.
     */
    private static final class NodeTables {
        final int numPorts;
        final SlToVlMappingTable[][] sl2Vl;
        final VlArbitrationTable[][] vlArb;

        NodeTables(int numPorts) {
            this.numPorts = numPorts;
            this.sl2Vl = new SlToVlMappingTable[numPorts + 1][];
            this.vlArb = new VlArbitrationTable[numPorts + 1][VL_ARB_BLOCKS];
        }

        SlToVlMappingTable[] sl2VlOf(int out) {
            if (sl2Vl[out] == null) {
                sl2Vl[out] = new SlToVlMappingTable[numPorts + 1];
            }
            return sl2Vl[out];
        }
    }
}
