package dev.jsm.daemon.sa;

import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.mad.smp.VlArbitrationTable;
import dev.jsm.qos.tables.ProgrammedQosTables;
import dev.jsm.sa.query.PortTables;
import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;

/**
 * Copies the tables the SM knows the ports hold into the SA's {@link PortTables} at SUBNET UP: the P_Key blocks the
 * partition manager programmed ({@link PhysPort#pKeyTableIfAny}, held content; a block not acknowledged reads as
 * zeros) and the SL2VL and VLArb tables the QoS manager programmed ({@link ProgrammedQosTables}; none without
 * {@code -Q}, so the SA answers zeros as OpenSM does).
 *
 * <p>Stateless. Runs on the SM thread, which owns both sources.
 */
public final class PortTableCopies {

    private PortTableCopies() {
    }

    /** The copies of every port of {@code subnet}. */
    public static PortTables of(Subnet subnet, ProgrammedQosTables qos) {
        PortTables.Builder b = PortTables.builder();
        byte[] buf = new byte[Math.max(PortTables.P_KEY_BLOCK_BYTES, PortTables.VL_ARB_BLOCK_BYTES)];
        // without QoS there is nothing to copy, and a switch has (ports + 1)^2 SL2VL slots to look up for nothing
        boolean withQos = !qos.isEmpty();
        for (Node node : subnet.nodes()) {
            for (PhysPort port : node.ports()) {
                copyPKeys(b, node, port, buf);
                if (withQos) {
                    copyQos(b, node, port, qos, buf);
                }
            }
        }
        return b.build();
    }

    private static void copyPKeys(PortTables.Builder b, Node node, PhysPort port, byte[] buf) {
        BlockTable t = port.pKeyTableIfAny();
        if (t == null) {
            return;
        }
        b.pKeyBlocks(node.nodeGuid(), port.portNum(), t.blockCount());
        for (int block = 0; block < t.blockCount(); block++) {
            if (t.isHeldKnown(block)) {
                t.copyHeld(block, buf, 0);
                b.pKeyBlock(node.nodeGuid(), port.portNum(), block, buf, 0);
            }
        }
    }

    private static void copyQos(PortTables.Builder b, Node node, PhysPort port, ProgrammedQosTables qos, byte[] buf) {
        int lastIn = node.isSwitch() ? node.numPorts() : 0;
        for (int in = 0; in <= lastIn; in++) {
            SlToVlMappingTable t = qos.sl2Vl(port, in);
            if (t != null) {
                b.sl2Vl(node.nodeGuid(), port.portNum(), in, sl2VlBits(t));
            }
        }
        for (int block = 0; block < PortTables.VL_ARB_BLOCKS; block++) {
            VlArbitrationTable v = qos.vlArb(port, block);
            if (v != null) {
                v.encodeTo(buf, 0);
                b.vlArb(node.nodeGuid(), port.portNum(), block + 1, buf, 0);
            }
        }
    }

    /** The table's 8 wire bytes as one big-endian value (SL 0 in the top nibble). */
    static long sl2VlBits(SlToVlMappingTable t) {
        long bits = 0;
        for (int sl = 0; sl < SlToVlMappingTable.SL_COUNT; sl++) {
            bits = bits << 4 | t.vl(sl);
        }
        return bits;
    }
}
