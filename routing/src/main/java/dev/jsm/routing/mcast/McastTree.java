package dev.jsm.routing.mcast;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.SwitchTree;
import java.util.Arrays;

/**
 * The spanning tree that carries one multicast group: which ports of which switches forward the group's MLID. The
 * root is the switch whose farthest member switch is nearest (OpenSM's default root choice, "least maximal hops";
 * ties go to the lowest switch index); the tree is the breadth-first tree from that root over the usable
 * switch-to-switch links (each switch joins through its first link, in port order, from the switch that reached it
 * first), pruned to the branches that lead to members. So every switch has at most one upstream port, packets never
 * loop, and each member is at its shortest distance from the root.
 *
 * <p>Immutable; safe to share. Counterpart of OpenSM's {@code osm_mcast_mgr.c} tree building.
 *
 * <p>In detail: docs/design/routing.md#mcasttree.
 */
public final class McastTree {

    /** Largest port number a mask can hold. */
    public static final int MAX_PORT = 255;
    private static final int WORDS = (MAX_PORT + 1) / 64;

    private final int root;
    private final long[] masks;
    private final int[] switches;

    private McastTree(int root, long[] masks, int[] switches) {
        this.root = root;
        this.masks = masks;
        this.switches = switches;
    }

    /**
     * The tree for the members {@code memberEndPorts} (end-port indices of {@code in}); members not cabled to a
     * switch are ignored. Members on switches the root cannot reach (a partitioned fabric) are left out.
     */
    public static McastTree build(RoutingInput in, int[] memberEndPorts) {
        return build(in, memberEndPorts, null);
    }

    /**
     * The tree for the members inside the engine's tree {@code imposed} ({@code null}: a breadth-first tree from
     * the best root, as {@link #build(RoutingInput, int[])}).
     */
    public static McastTree build(RoutingInput in, int[] memberEndPorts, SwitchTree imposed) {
        int s = in.switchCount();
        long[] masks = new long[s * WORDS];
        boolean[] memberSwitch = new boolean[s];
        int memberSwitches = 0;
        for (int ep : memberEndPorts) {
            int sw = in.endPortSwitch()[ep];
            if (sw < 0) {
                continue;
            }
            int port = in.endPortIsSwitch()[ep] ? 0 : in.lidOwnerPort()[in.endPortBaseLid()[ep]] & 0xFF;
            set(masks, sw, port);
            if (!memberSwitch[sw]) {
                memberSwitch[sw] = true;
                memberSwitches++;
            }
        }
        if (memberSwitches == 0) {
            return new McastTree(-1, masks, new int[0]);
        }
        int root = imposed != null ? imposed.root() : chooseRoot(in, memberSwitch, memberSwitches);
        if (root < 0) {
            return new McastTree(-1, new long[s * WORDS], new int[0]);
        }
        int[] parentEdge = imposed != null ? imposedTree(in, imposed) : bfsTree(in, root);
        boolean[] inTree = new boolean[s];
        inTree[root] = true;
        for (int sw = 0; sw < s; sw++) {
            if (!memberSwitch[sw] || parentEdge[sw] == -2) {
                continue;
            }
            for (int v = sw; !inTree[v]; ) {
                inTree[v] = true;
                int e = parentEdge[v];
                int parent = in.peerSwitch()[e];
                set(masks, v, in.localPort()[e] & 0xFF);
                set(masks, parent, in.peerPort()[e] & 0xFF);
                v = parent;
            }
        }
        int count = 0;
        for (boolean b : inTree) {
            count += b ? 1 : 0;
        }
        int[] members = new int[count];
        int k = 0;
        for (int sw = 0; sw < s; sw++) {
            if (inTree[sw]) {
                members[k++] = sw;
            } else {
                Arrays.fill(masks, sw * WORDS, sw * WORDS + WORDS, 0L);
            }
        }
        return new McastTree(root, masks, members);
    }

    /** The root switch's index, or -1 when the group has no member on a switch. */
    public int root() {
        return root;
    }

    /** The switches that forward the group, ascending. Read-only. */
    public int[] switches() {
        return switches;
    }

    /** Whether switch {@code sw} forwards the group on {@code port}. */
    public boolean forwards(int sw, int port) {
        return (masks[sw * WORDS + port / 64] & 1L << (port % 64)) != 0;
    }

    /** The 16-port mask of switch {@code sw} at MFT position {@code position} (ports 16p..16p+15). */
    public int positionMask(int sw, int position) {
        long word = masks[sw * WORDS + position / 4];
        return (int) (word >>> (16 * (position % 4))) & 0xFFFF;
    }

    /** Switch whose farthest member switch is nearest; ties to the lowest index. */
    private static int chooseRoot(RoutingInput in, boolean[] memberSwitch, int memberSwitches) {
        int s = in.switchCount();
        int[] worst = new int[s];
        int[] dist = new int[s];
        int[] queue = new int[s];
        for (int m = 0; m < s; m++) {
            if (!memberSwitch[m]) {
                continue;
            }
            bfs(in, m, dist, queue);
            for (int sw = 0; sw < s; sw++) {
                worst[sw] = dist[sw] < 0 || worst[sw] == Integer.MAX_VALUE ? Integer.MAX_VALUE
                        : Math.max(worst[sw], dist[sw]);
            }
        }
        int best = -1;
        for (int sw = 0; sw < s; sw++) {
            if (best < 0 || worst[sw] < worst[best]) {
                best = sw;
            }
        }
        return best;
    }

    /** Hop distances from {@code from} into {@code dist} (-1 unreachable). */
    private static void bfs(RoutingInput in, int from, int[] dist, int[] queue) {
        Arrays.fill(dist, -1);
        dist[from] = 0;
        int head = 0;
        int tail = 0;
        queue[tail++] = from;
        while (head < tail) {
            int u = queue[head++];
            for (int e = in.linkStart()[u]; e < in.linkStart()[u + 1]; e++) {
                int v = in.peerSwitch()[e];
                if (dist[v] < 0) {
                    dist[v] = dist[u] + 1;
                    queue[tail++] = v;
                }
            }
        }
    }

    /**
     * For every switch the edge (leaving that switch) towards its BFS parent from {@code root}; -1 for the root,
     * -2 for switches the root cannot reach.
     */
    private static int[] bfsTree(RoutingInput in, int root) {
        int s = in.switchCount();
        int[] parentEdge = new int[s];
        Arrays.fill(parentEdge, -2);
        parentEdge[root] = -1;
        int[] queue = new int[s];
        int head = 0;
        int tail = 0;
        queue[tail++] = root;
        while (head < tail) {
            int u = queue[head++];
            for (int e = in.linkStart()[u]; e < in.linkStart()[u + 1]; e++) {
                int v = in.peerSwitch()[e];
                if (parentEdge[v] == -2) {
                    parentEdge[v] = reverseEdge(in, e);
                    queue[tail++] = v;
                }
            }
        }
        return parentEdge;
    }

    /** The parent edges of {@code tree} in {@link #bfsTree}'s form. */
    private static int[] imposedTree(RoutingInput in, SwitchTree tree) {
        int[] parentEdge = new int[in.switchCount()];
        for (int sw = 0; sw < parentEdge.length; sw++) {
            int port = tree.parentPort(sw);
            int e = port < 0 ? -2 : in.edgeOfPort(sw, port);
            parentEdge[sw] = sw == tree.root() ? -1 : e < 0 ? -2 : e;
        }
        return parentEdge;
    }

    /** The edge from the far end of {@code e} back over the same cable. */
    private static int reverseEdge(RoutingInput in, int e) {
        int v = in.peerSwitch()[e];
        return in.edgeOfPort(v, in.peerPort()[e] & 0xFF);
    }

    private static void set(long[] masks, int sw, int port) {
        masks[sw * WORDS + port / 64] |= 1L << (port % 64);
    }
}
