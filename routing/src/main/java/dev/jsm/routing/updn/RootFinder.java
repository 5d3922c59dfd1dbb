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
 * <p>Stateless; thread-safe.
 *
 * <p>In detail: docs/design/routing.md#rootfinder.
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
