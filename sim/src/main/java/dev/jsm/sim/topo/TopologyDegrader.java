package dev.jsm.sim.topo;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Makes degraded variants of a fabric: random switches and random inter-switch cables removed, deterministically for
 * a seed ({@link SplittableRandom}). Remaining nodes keep their GUIDs, names and relative order, so a degraded fabric
 * can be compared with the healthy one by GUID. The result may be partitioned; nothing is rerouted or recabled.
 *
 * <p>Stateless; thread-safe.
 */
public final class TopologyDegrader {

    private TopologyDegrader() {
    }

    /**
     * Removes {@code switches} random switches with their cables (and the CAs and routers that thereby lose their
     * last cable), then {@code links} random inter-switch cables among those left, both drawn from one
     * {@code SplittableRandom(seed)}.
     *
     * @throws IllegalArgumentException if there are fewer switches or inter-switch cables than asked for
     */
    public static Topology degrade(Topology topology, int switches, int links, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Topology t = removeSwitches(topology, switches, rnd);
        return removeInterSwitchLinks(t, links, rnd);
    }

    private static Topology removeSwitches(Topology t, int count, SplittableRandom rnd) {
        int[] candidates = new int[t.nodeCount()];
        int n = 0;
        for (int i = 0; i < t.nodeCount(); i++) {
            if (t.node(i).kind() == NodeKind.SWITCH) {
                candidates[n++] = i;
            }
        }
        boolean[] removed = new boolean[t.nodeCount()];
        for (int i : pick(candidates, n, count, rnd, "switches")) {
            removed[i] = true;
        }
        if (count == 0) {
            return t;
        }
        for (int i = 0; i < t.nodeCount(); i++) {
            if (t.node(i).kind() != NodeKind.SWITCH && losesAllCables(t, i, removed)) {
                removed[i] = true;
            }
        }
        return rebuild(t, removed, new boolean[t.links().size()]);
    }

    private static Topology removeInterSwitchLinks(Topology t, int count, SplittableRandom rnd) {
        List<TopoLink> links = t.links();
        int[] candidates = new int[links.size()];
        int n = 0;
        for (int i = 0; i < links.size(); i++) {
            TopoLink l = links.get(i);
            if (t.node(l.nodeA()).kind() == NodeKind.SWITCH && t.node(l.nodeB()).kind() == NodeKind.SWITCH) {
                candidates[n++] = i;
            }
        }
        boolean[] cut = new boolean[links.size()];
        for (int i : pick(candidates, n, count, rnd, "inter-switch links")) {
            cut[i] = true;
        }
        return count == 0 ? t : rebuild(t, new boolean[t.nodeCount()], cut);
    }

    /** {@code count} distinct entries of candidates[0..n), uniformly (partial Fisher-Yates). */
    private static int[] pick(int[] candidates, int n, int count, SplittableRandom rnd, String what) {
        if (count < 0 || count > n) {
            throw new IllegalArgumentException("cannot remove " + count + " " + what + ": the fabric has " + n);
        }
        for (int i = 0; i < count; i++) {
            int j = i + rnd.nextInt(n - i);
            int tmp = candidates[i];
            candidates[i] = candidates[j];
            candidates[j] = tmp;
        }
        return Arrays.copyOf(candidates, count);
    }

    /** Whether node {@code i} has cables and every one of them goes to a removed node. */
    private static boolean losesAllCables(Topology t, int i, boolean[] removed) {
        boolean cabled = false;
        for (int p = 1; p <= t.node(i).numPorts(); p++) {
            int peer = t.peerNode(i, p);
            if (peer >= 0) {
                if (!removed[peer]) {
                    return false;
                }
                cabled = true;
            }
        }
        return cabled;
    }

    private static Topology rebuild(Topology t, boolean[] removedNode, boolean[] cutLink) {
        Topology.Builder b = Topology.builder();
        int[] newIndex = new int[t.nodeCount()];
        for (int i = 0; i < t.nodeCount(); i++) {
            newIndex[i] = removedNode[i] ? -1 : b.addNode(t.node(i));
        }
        List<TopoLink> links = t.links();
        for (int i = 0; i < links.size(); i++) {
            TopoLink l = links.get(i);
            if (!cutLink[i] && newIndex[l.nodeA()] >= 0 && newIndex[l.nodeB()] >= 0) {
                b.link(newIndex[l.nodeA()], l.portA(), newIndex[l.nodeB()], l.portB());
            }
        }
        return b.build();
    }
}
