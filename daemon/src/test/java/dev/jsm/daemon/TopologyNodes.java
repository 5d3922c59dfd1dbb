package dev.jsm.daemon;

import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import java.util.ArrayList;
import java.util.List;

/** The CAs of a simulated topology, as the daemon's simulator tests pick an SM's host and name partition members. */
public final class TopologyNodes {

    private TopologyNodes() {
    }

    /** The node indexes of every CA, in node order. */
    public static List<Integer> cas(Topology t) {
        List<Integer> cas = new ArrayList<>();
        for (int i = 0; i < t.nodeCount(); i++) {
            if (t.node(i).kind() == NodeKind.CA) {
                cas.add(i);
            }
        }
        return cas;
    }

    /** The first CA's node index (where a simulator test's SM runs). */
    public static int firstCa(Topology t) {
        List<Integer> cas = cas(t);
        if (cas.isEmpty()) {
            throw new IllegalArgumentException("no CA");
        }
        return cas.get(0);
    }

    /** The port GUID of the {@code k}-th CA (0: the SM's), as partitions.conf names a member. */
    public static String caGuid(Topology t, int k) {
        return String.format("0x%016x", t.node(cas(t).get(k)).portGuid(1));
    }
}
