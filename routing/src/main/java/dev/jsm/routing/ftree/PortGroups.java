package dev.jsm.routing.ftree;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * The ranked switches' links gathered into port groups, OpenSM's unit of fat-tree routing: all the ports of one switch
 * cabled to the same remote switch form one group (parallel links), which goes up (to a lower rank, nearer the roots)
 * or down. Links between switches of equal rank are not grouped; they are only counted ({@link #siblingLinks()}).
 *
 * <p>Confined to the routing thread.
 *
 * <p>In detail: docs/design/routing.md#portgroups.
 */
final class PortGroups {

    final int[] owner;
    final int[] peer;
    final int[] portStart;
    final byte[] localPort;
    final byte[] remotePort;
    final int[] upStart;
    final int[] upOrder;
    final int[] downStart;
    final int[] downOrder;
    /** {@code peer[downOrder[i]]}, kept in step with {@link #downOrder} for the hot loops. */
    final int[] downPeer;
    final int[] groupUp;
    final int[] groupDown;
    final int[] portUp;
    final int[] portDown;
    /** Per switch: how many of its ports are cabled to a CA or router. */
    final int[] endNodePorts;
    /** Per group: the position of its peer in index order (set by {@link #index}). */
    private final int[] peerPosition;
    private final boolean[] upDirty;
    private final boolean[] downDirty;
    private final int siblingLinks;
    private final int siblingFrom;
    private final int siblingTo;

    private PortGroups(int groups, int ports, int switches, int upCount, int downCount, int[] siblings) {
        owner = new int[groups];
        peer = new int[groups];
        portStart = new int[groups + 1];
        localPort = new byte[ports];
        remotePort = new byte[ports];
        upStart = new int[switches + 1];
        upOrder = new int[upCount];
        downStart = new int[switches + 1];
        downOrder = new int[downCount];
        downPeer = new int[downCount];
        groupUp = new int[groups];
        groupDown = new int[groups];
        portUp = new int[ports];
        portDown = new int[ports];
        endNodePorts = new int[switches];
        peerPosition = new int[groups];
        upDirty = new boolean[switches];
        downDirty = new boolean[switches];
        siblingLinks = siblings[0];
        siblingFrom = siblings[1];
        siblingTo = siblings[2];
    }

    /** Groups the links between ranked switches ({@code rank[sw] >= 0}). */
    static PortGroups build(RoutingInput in, int[] rank) {
        int s = in.switchCount();
        int[] linkStart = in.linkStart();
        int[] peerSwitch = in.peerSwitch();
        int[] edgeGroup = new int[in.edgeCount()];
        Arrays.fill(edgeGroup, -1);
        int[] groupOfPeer = new int[s];
        Arrays.fill(groupOfPeer, -1);
        int groups = 0;
        int ports = 0;
        int up = 0;
        int down = 0;
        int[] siblings = {0, -1, -1};
        for (int sw = 0; sw < s; sw++) {
            if (rank[sw] < 0) {
                continue;
            }
            for (int e = linkStart[sw]; e < linkStart[sw + 1]; e++) {
                int p = peerSwitch[e];
                if (rank[p] < 0 || p == sw) {
                    continue;
                }
                if (rank[p] == rank[sw]) {
                    if (siblings[0]++ == 0) {
                        siblings[1] = sw;
                        siblings[2] = p;
                    }
                    continue;
                }
                if (groupOfPeer[p] < 0) {
                    groupOfPeer[p] = groups++;
                    if (rank[p] < rank[sw]) {
                        up++;
                    } else {
                        down++;
                    }
                }
                edgeGroup[e] = groupOfPeer[p];
                ports++;
            }
            for (int e = linkStart[sw]; e < linkStart[sw + 1]; e++) {
                groupOfPeer[peerSwitch[e]] = -1;
            }
        }
        PortGroups g = new PortGroups(groups, ports, s, up, down, siblings);
        g.fill(in, rank, edgeGroup);
        return g;
    }

    private void fill(RoutingInput in, int[] rank, int[] edgeGroup) {
        int s = in.switchCount();
        int[] linkStart = in.linkStart();
        int[] peerSwitch = in.peerSwitch();
        for (int e = 0; e < edgeGroup.length; e++) {
            if (edgeGroup[e] >= 0) {
                portStart[edgeGroup[e] + 1]++;
            }
        }
        for (int g = 0; g < owner.length; g++) {
            portStart[g + 1] += portStart[g];
        }
        int[] next = Arrays.copyOf(portStart, owner.length);
        int up = 0;
        int down = 0;
        for (int sw = 0; sw < s; sw++) {
            upStart[sw] = up;
            downStart[sw] = down;
            for (int e = linkStart[sw]; e < linkStart[sw + 1]; e++) {
                int g = edgeGroup[e];
                if (g < 0) {
                    continue;
                }
                if (next[g] == portStart[g]) {
                    owner[g] = sw;
                    peer[g] = peerSwitch[e];
                    if (rank[peerSwitch[e]] < rank[sw]) {
                        upOrder[up++] = g;
                    } else {
                        downOrder[down++] = g;
                    }
                }
                localPort[next[g]] = in.localPort()[e];
                remotePort[next[g]] = in.peerPort()[e];
                next[g]++;
            }
            for (int f = in.portStart()[sw] + 1; f <= in.portStart()[sw] + in.switchNumPorts()[sw]; f++) {
                if (in.portEdge()[f] == RoutingInput.PORT_TO_END_NODE) {
                    endNodePorts[sw]++;
                }
            }
        }
        upStart[s] = up;
        downStart[s] = down;
    }

    /** Number of up groups of {@code sw}. */
    int upCount(int sw) {
        return upStart[sw + 1] - upStart[sw];
    }

    /** Number of down groups of {@code sw} that lead to switches. */
    int downCount(int sw) {
        return downStart[sw + 1] - downStart[sw];
    }

    /** Number of ports in group {@code g}. */
    int size(int g) {
        return portStart[g + 1] - portStart[g];
    }

    /** Cables between switches of equal rank, counted from both ends. */
    int siblingLinks() {
        return siblingLinks;
    }

    /** One end of the first equal-rank cable, or -1. */
    int siblingFrom() {
        return siblingFrom;
    }

    /** The other end of the first equal-rank cable, or -1. */
    int siblingTo() {
        return siblingTo;
    }

    /** The port entry of {@code g} with the fewest routes in {@code counter} (the first such, in port order). */
    int leastLoadedPort(int g, int[] counter) {
        int best = portStart[g];
        for (int p = best + 1; p < portStart[g + 1]; p++) {
            if (counter[p] < counter[best]) {
                best = p;
            }
        }
        return best;
    }

    /**
     * Orders every switch's groups by the index of their peers ({@code tuple}, from {@link TreeIndexing}); from then
     * on {@link #sortUp} and {@link #sortDown} order them by load first.
     */
    void index(long[] tuple) {
        Integer[] bySwitch = new Integer[tuple.length];
        for (int sw = 0; sw < tuple.length; sw++) {
            bySwitch[sw] = sw;
        }
        Arrays.sort(bySwitch, (a, b) -> Long.compareUnsigned(tuple[a], tuple[b]));
        int[] position = new int[tuple.length];
        for (int i = 0; i < bySwitch.length; i++) {
            position[bySwitch[i]] = i;
        }
        for (int g = 0; g < peer.length; g++) {
            peerPosition[g] = position[peer[g]];
        }
        for (int sw = 0; sw < tuple.length; sw++) {
            sort(upOrder, upStart[sw], upStart[sw + 1], groupDown);
            sort(downOrder, downStart[sw], downStart[sw + 1], groupUp);
        }
        for (int i = 0; i < downOrder.length; i++) {
            downPeer[i] = peer[downOrder[i]];
        }
    }

    /** Counts a route going down the link of port entry {@code p} of up group {@code g}. */
    void countDown(int g, int p) {
        groupDown[g]++;
        portDown[p]++;
        upDirty[owner[g]] = true;
    }

    /** Counts a route going up the link of port entry {@code p} of down group {@code g}. */
    void countUp(int g, int p) {
        groupUp[g]++;
        portUp[p]++;
        downDirty[owner[g]] = true;
    }

    /** Sorts {@code sw}'s up groups by down-going load, then by the peer's index (OpenSM's bubble_sort_down). */
    void sortUp(int sw) {
        if (upDirty[sw]) {
            sort(upOrder, upStart[sw], upStart[sw + 1], groupDown);
            upDirty[sw] = false;
        }
    }

    /** Sorts {@code sw}'s down groups by up-going load, then by the peer's index (OpenSM's bubble_sort_up). */
    void sortDown(int sw) {
        if (downDirty[sw]) {
            sort(downOrder, downStart[sw], downStart[sw + 1], groupUp);
            for (int i = downStart[sw]; i < downStart[sw + 1]; i++) {
                downPeer[i] = peer[downOrder[i]];
            }
            downDirty[sw] = false;
        }
    }

    /** Insertion sort: the sections are nearly sorted between calls, so this is close to one pass. */
    private void sort(int[] order, int from, int to, int[] load) {
        for (int i = from + 1; i < to; i++) {
            int g = order[i];
            int j = i - 1;
            while (j >= from && (load[g] < load[order[j]]
                    || load[g] == load[order[j]] && peerPosition[g] < peerPosition[order[j]])) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = g;
        }
    }
}
