package dev.jsm.routing.testing;

import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.TopoLink;
import dev.jsm.sim.topo.Topology;
import java.util.SplittableRandom;

/**
 * Re-cables a fabric with every switch's port numbers randomly permuted (the same cables, plugged into other ports):
 * the "inconsistently cabled" variants lash's mesh analysis has to see through. Deterministic for a seed.
 */
public final class PortPermutations {

    private PortPermutations() {
    }

    /** {@code t} with each switch's ports 1..N shuffled by a generator seeded with {@code seed}. */
    public static Topology permuteSwitchPorts(Topology t, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[][] perm = new int[t.nodeCount()][];
        Topology.Builder b = Topology.builder();
        for (int i = 0; i < t.nodeCount(); i++) {
            int n = t.node(i).numPorts();
            perm[i] = new int[n + 1];
            for (int p = 0; p <= n; p++) {
                perm[i][p] = p;
            }
            if (t.node(i).kind() == NodeKind.SWITCH) {
                for (int p = n; p > 1; p--) {
                    int q = 1 + rnd.nextInt(p);
                    int x = perm[i][p];
                    perm[i][p] = perm[i][q];
                    perm[i][q] = x;
                }
            }
            b.addNode(t.node(i));
        }
        for (TopoLink l : t.links()) {
            b.link(l.nodeA(), perm[l.nodeA()][l.portA()], l.nodeB(), perm[l.nodeB()][l.portB()]);
        }
        return b.build();
    }
}
