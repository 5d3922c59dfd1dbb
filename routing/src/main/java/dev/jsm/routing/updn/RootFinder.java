package dev.jsm.routing.updn;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.GuidListFile;
import dev.jsm.routing.minhop.HopTable;
import dev.jsm.subnet.Guid;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Chooses updn's root switches, from a {@code root_guid_file} or by OpenSM's histogram heuristic.
 *
 * <p><b>From a file</b> ({@code root_guid_file}, {@code -a}): each GUID is a switch node GUID, or the node or port
 * GUID of a CA or router, which means the switch(es) its ports are cabled to. GUIDs the fabric does not have are
 * skipped with a note (OpenSM skips them too), so one file can serve a fabric that is partly down.
 *
 * <p><b>By histogram</b> (no file; after OpenSM's {@code updn_find_root_nodes_by_min_hop}): for every switch, a
 * histogram of how many CA and router ports hang off switches at each hop distance from it (distance 0: its own).
 * Let {@code N} be the number of such ports in the fabric. A switch is a candidate when one bar exceeds
 * {@code 0.9 N}: it sees (nearly) every CA at one distance, its main bar. The roots are the candidates whose main bar
 * is nearest. On a fat tree that singles out the top level: a spine of a 2-level tree sees every CA at 1 hop, a
 * core of a 3-level tree at 2 hops. On tori, meshes and random fabrics no switch is a candidate, and updn declines
 * (then the chain's next engine, by default minhop, routes).
 *
 * <p>OpenSM makes every candidate a root, and also requires that no other bar exceed {@code 0.05 N}. Both rules fail
 * on real fat trees, so we differ: on a large tree every leaf and middle switch is a candidate (a leaf's own CAs are
 * under 5% of all, over 90% sit at the farthest distance), so OpenSM makes every switch a root and, as it lets links
 * between roots go up both ways, routes such trees without any up*&#47;down* constraint; and on a tree with a few
 * cables missing, a core that lost the cable to one pod sees that pod's CAs two hops farther, over 5% on small trees,
 * so OpenSM drops it and the remaining roots may not reach every leaf going down.
 *
 * <p>Stateless; thread-safe.
 */
final class RootFinder {

    /** Share of the CA ports one bar must exceed. */
    static final double MAIN_BAR = 0.9;

    private RootFinder() {
    }

    /** Root switches by switch index, and what the operator should know about how they were found. */
    record Roots(boolean[] isRoot, int count, List<String> notes) {
    }

    /** The roots the file names; unknown GUIDs become notes. */
    static Roots fromFile(RoutingInput in, GuidListFile file) {
        int s = in.switchCount();
        Map<Long, int[]> switchesOf = switchesByGuid(in);
        boolean[] root = new boolean[s];
        int count = 0;
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < file.size(); i++) {
            int[] switches = switchesOf.get(file.guid(i));
            if (switches == null) {
                notes.add(file.where(i) + ": GUID " + Guid.toString(file.guid(i)) + " is not in the fabric, skipped");
                continue;
            }
            for (int sw : switches) {
                if (!root[sw]) {
                    root[sw] = true;
                    count++;
                }
            }
        }
        return new Roots(root, count, notes);
    }

    /** Switch node GUIDs to their switch; CA and router node and port GUIDs to the switches they hang off. */
    private static Map<Long, int[]> switchesByGuid(RoutingInput in) {
        Map<Long, int[]> m = new HashMap<>();
        for (int sw = 0; sw < in.switchCount(); sw++) {
            m.put(in.switchGuid()[sw], new int[] {sw});
        }
        for (int x = 0; x < in.endPortCount(); x++) {
            int sw = in.endPortSwitch()[x];
            if (in.endPortIsSwitch()[x] || sw < 0) {
                continue;
            }
            m.merge(in.endPortGuid()[x], new int[] {sw}, RootFinder::union);
            m.merge(in.endPortNodeGuid()[x], new int[] {sw}, RootFinder::union);
        }
        return m;
    }

    private static int[] union(int[] a, int[] b) {
        for (int v : a) {
            if (v == b[0]) {
                return a;
            }
        }
        int[] c = Arrays.copyOf(a, a.length + 1);
        c[a.length] = b[0];
        return c;
    }

    /** The roots by the CA-distance histogram over the unconstrained hop table {@code hops}. */
    static Roots byHistogram(RoutingInput in, HopTable hops) {
        int s = in.switchCount();
        int[] casOn = new int[s];
        long cas = 0;
        for (int x = 0; x < in.endPortCount(); x++) {
            int sw = in.endPortSwitch()[x];
            if (!in.endPortIsSwitch()[x] && sw >= 0) {
                casOn[sw]++;
                cas++;
            }
        }
        int[] mainBar = new int[s];
        int nearest = Integer.MAX_VALUE;
        double main = cas * MAIN_BAR;
        long[] histogram = new long[HopTable.UNREACHABLE];
        for (int sw = 0; sw < s; sw++) {
            Arrays.fill(histogram, 0);
            for (int d = 0; d < s; d++) {
                int h = hops.hops(sw, d);
                if (casOn[d] != 0 && h != HopTable.UNREACHABLE) {
                    histogram[h] += casOn[d];
                }
            }
            mainBar[sw] = -1;
            for (int h = 0; h < histogram.length; h++) {
                if (histogram[h] > main) {
                    mainBar[sw] = h;
                }
            }
            if (mainBar[sw] >= 0) {
                nearest = Math.min(nearest, mainBar[sw]);
            }
        }
        boolean[] root = new boolean[s];
        int count = 0;
        for (int sw = 0; sw < s; sw++) {
            if (mainBar[sw] == nearest) {
                root[sw] = true;
                count++;
            }
        }
        List<String> notes = count == 0 ? List.of() : List.of(count + " root switch" + (count == 1 ? "" : "es")
                + " detected: they see over 90% of the " + cas + " CA and router ports at " + nearest + " hop"
                + (nearest == 1 ? "" : "s"));
        return new Roots(root, count, notes);
    }
}
