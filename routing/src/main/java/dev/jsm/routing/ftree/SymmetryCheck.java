package dev.jsm.routing.ftree;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * OpenSM's rules for a pure fat tree, checked when no {@code root_guid_file} is given: switches of one rank have the
 * same number of up port groups (none for the roots), the same number of down port groups (except the leaves, which
 * may miss CAs), and the same number of ports in every up group and in every down group. Each rank is compared with
 * its first switch (lowest GUID). We also reject cables between switches of equal rank, which a fat tree has not
 * (OpenSM accepts them silently).
 *
 * <p>Stateless; thread-safe.
 */
final class SymmetryCheck {

    private SymmetryCheck() {
    }

    /** Why the ranked fabric is not a pure fat tree, or {@code null} if it is one. */
    static String violation(RoutingInput in, int[] rank, int leafRank, PortGroups groups) {
        if (groups.siblingLinks() > 0) {
            return "switches " + guid(in, groups.siblingFrom()) + " and " + guid(in, groups.siblingTo())
                    + " are both at rank " + rank[groups.siblingFrom()] + " and cabled to each other ("
                    + groups.siblingLinks() / 2 + " such cable" + (groups.siblingLinks() == 2 ? "" : "s") + ")";
        }
        int[] reference = new int[leafRank + 1];
        Arrays.fill(reference, -1);
        for (int sw = 0; sw < rank.length; sw++) {
            int r = rank[sw];
            if (r < 0) {
                continue;
            }
            if (reference[r] < 0) {
                reference[r] = sw;
                continue;
            }
            String why = differs(in, reference[r], sw, r, r == leafRank, groups);
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    private static String differs(RoutingInput in, int ref, int sw, int rank, boolean leaf, PortGroups g) {
        String pair = " (rank " + rank + ")";
        if (g.upCount(ref) != g.upCount(sw)) {
            return guid(in, sw) + " has " + g.upCount(sw) + " up port groups but " + guid(in, ref) + " has "
                    + g.upCount(ref) + pair;
        }
        if (!leaf && g.downCount(ref) != g.downCount(sw)) {
            return guid(in, sw) + " has " + g.downCount(sw) + " down port groups but " + guid(in, ref) + " has "
                    + g.downCount(ref) + pair;
        }
        if (g.upCount(ref) > 0) {
            int want = g.size(g.upOrder[g.upStart[ref]]);
            for (int i = g.upStart[sw]; i < g.upStart[sw + 1]; i++) {
                int got = g.size(g.upOrder[i]);
                if (got != want) {
                    return guid(in, sw) + " has " + got + " cable" + (got == 1 ? "" : "s") + " to "
                            + guid(in, g.peer[g.upOrder[i]]) + " (up) but " + guid(in, ref) + " has " + want
                            + " in each up port group" + pair;
                }
            }
        }
        if (!leaf && g.downCount(ref) > 0) {
            int want = g.size(g.downOrder[g.downStart[ref]]);
            for (int i = g.downStart[sw]; i < g.downStart[sw + 1]; i++) {
                int got = g.size(g.downOrder[i]);
                if (got != want) {
                    return guid(in, sw) + " has " + got + " cable" + (got == 1 ? "" : "s") + " to "
                            + guid(in, g.peer[g.downOrder[i]]) + " (down) but " + guid(in, ref) + " has " + want
                            + " in each down port group" + pair;
                }
            }
        }
        return null;
    }

    private static String guid(RoutingInput in, int sw) {
        return in.describeSwitch(sw);
    }
}
