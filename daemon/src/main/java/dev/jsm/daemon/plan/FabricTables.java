package dev.jsm.daemon.plan;

import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tables a fabric's agents hold at one moment, read back from the simulator as an SMP Get would read them: each
 * switch's LFT (LIDs 1..maxLid), each cabled port's P_Key table, SL2VL tables and VL arbitration tables, and each
 * end port's LID. The plan compares two of these (before and after a HUP); the keys are GUIDs and port numbers, so
 * two fabrics built from the same file compare.
 *
 * <p>Immutable once read; safe to share.
 *
 * @param names node description by node GUID
 * @param lfts LFT entries by switch node GUID, index = LID (0 unused), 255 = no port
 * @param pKeys P_Key table by port (inPort 0), the blocks the port has, concatenated
 * @param sl2Vl SL-to-VL table by port (a switch's by input and output port; a CA's with inPort 0)
 * @param vlArb VL arbitration blocks 1-4 by port (inPort 0), as {VL, weight} pairs concatenated
 * @param lids base LID by port GUID (a switch's port 0, a CA's ports)
 */
public record FabricTables(Map<Long, String> names, Map<Long, int[]> lfts, Map<PortKey, int[]> pKeys,
                           Map<PortKey, int[]> sl2Vl, Map<PortKey, int[]> vlArb, Map<Long, Integer> lids) {

    /** The entry of an LFT with no port. */
    public static final int NO_PORT = 255;
    /** P_Key table blocks read at most per port (32 keys each): more than any simulated port holds. */
    private static final int MAX_PKEY_BLOCKS = 64;

    /**
     * One port of one node, with the input port for a switch's SL2VL table (0 otherwise).
     *
     * @param nodeGuid the node's GUID
     * @param inPort the input port of a switch's SL2VL table, else 0
     * @param port the port
     */
    public record PortKey(long nodeGuid, int inPort, int port) implements Comparable<PortKey> {
        @Override
        public int compareTo(PortKey o) {
            int c = Long.compareUnsigned(nodeGuid, o.nodeGuid);
            if (c != 0) {
                return c;
            }
            return inPort != o.inPort ? Integer.compare(inPort, o.inPort) : Integer.compare(port, o.port);
        }
    }

    /** Makes the maps unmodifiable (the arrays are the reader's to leave alone). */
    public FabricTables {
        names = Collections.unmodifiableMap(names);
        lfts = Collections.unmodifiableMap(lfts);
        pKeys = Collections.unmodifiableMap(pKeys);
        sl2Vl = Collections.unmodifiableMap(sl2Vl);
        vlArb = Collections.unmodifiableMap(vlArb);
        lids = Collections.unmodifiableMap(lids);
    }

    /**
     * Reads every switch's LFT up to {@code maxLid} and every cabled port's tables and LID from {@code sim}, through
     * its agents' Get handlers (no MAD crosses the simulated fabric, no counter moves).
     */
    public static FabricTables readBack(SimFabric sim, int maxLid) {
        Topology t = sim.topology();
        Map<Long, String> names = new LinkedHashMap<>();
        Map<Long, int[]> lfts = new LinkedHashMap<>();
        Map<PortKey, int[]> pKeys = new TreeMap<>();
        Map<PortKey, int[]> sl2Vl = new TreeMap<>();
        Map<PortKey, int[]> vlArb = new TreeMap<>();
        Map<Long, Integer> lids = new LinkedHashMap<>();
        for (int n = 0; n < t.nodeCount(); n++) {
            long guid = t.node(n).nodeGuid();
            names.put(guid, t.node(n).description());
            boolean sw = t.node(n).kind() == NodeKind.SWITCH;
            if (sw) {
                int[] lft = new int[maxLid + 1];
                for (int lid = 1; lid <= maxLid; lid++) {
                    lft[lid] = sim.lftPort(n, lid);
                }
                lfts.put(guid, lft);
                lids.put(t.node(n).portGuid(0), sim.portInfo(n, 0).lid());
                pKeys.put(new PortKey(guid, 0, 0), pKeyTable(sim, n, 0));
            }
            for (int p = 1; p <= t.node(n).numPorts(); p++) {
                if (t.peerNode(n, p) < 0) {
                    continue;
                }
                PortKey key = new PortKey(guid, 0, p);
                pKeys.put(key, pKeyTable(sim, n, p));
                vlArb.put(key, vlArbTable(sim, n, p));
                if (sw) {
                    for (int in = 0; in <= t.node(n).numPorts(); in++) {
                        if (in == 0 || t.peerNode(n, in) >= 0) {
                            sl2Vl.put(new PortKey(guid, in, p), sim.sl2Vl(n, in, p));
                        }
                    }
                } else {
                    sl2Vl.put(key, sim.sl2Vl(n, 0, p));
                    lids.put(t.node(n).portGuid(p), sim.portInfo(n, p).lid());
                }
            }
        }
        return new FabricTables(names, lfts, pKeys, sl2Vl, vlArb, lids);
    }

    /** The blocks of the port's P_Key table, as many as it has (the simulator refuses a block beyond). */
    private static int[] pKeyTable(SimFabric sim, int node, int port) {
        int[] keys = new int[0];
        for (int b = 0; b < MAX_PKEY_BLOCKS; b++) {
            int[] block;
            try {
                block = sim.pKeyBlock(node, port, b);
            } catch (IllegalArgumentException e) {
                break;
            }
            keys = Arrays.copyOf(keys, keys.length + block.length);
            System.arraycopy(block, 0, keys, keys.length - block.length, block.length);
        }
        return keys;
    }

    /** Blocks 1-4 of the port's VL arbitration table; a port without one gives an empty table. */
    private static int[] vlArbTable(SimFabric sim, int node, int port) {
        int[] pairs = new int[0];
        for (int b = 1; b <= 4; b++) {
            int[] block;
            try {
                block = sim.vlArbBlock(node, port, b);
            } catch (IllegalArgumentException e) {
                continue;
            }
            pairs = Arrays.copyOf(pairs, pairs.length + block.length);
            System.arraycopy(block, 0, pairs, pairs.length - block.length, block.length);
        }
        return pairs;
    }
}
