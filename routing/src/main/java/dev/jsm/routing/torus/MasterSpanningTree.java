package dev.jsm.routing.torus;

import dev.jsm.routing.SwitchTree;
import java.util.Arrays;

/**
 * torus-2QoS's master spanning tree for multicast: every group's tree is a subset of it, with the same root, so that
 * multicast confined to SL 0 or 8 cannot close a credit loop with DOR unicast.
 *
 * <p>Immutable; safe to share.
 *
 * <p>In detail: docs/design/routing.md#masterspanningtree.
 */
public final class MasterSpanningTree implements SwitchTree {

    private final int root;
    private final int[] parent;
    private final int[] parentPort;
    private final int[] childPort;
    private final int size;

    private MasterSpanningTree(int root, int[] parent, int[] parentPort, int[] childPort, int size) {
        this.root = root;
        this.parent = parent;
        this.parentPort = parentPort;
        this.childPort = childPort;
        this.size = size;
    }

    /** Builds the tree of {@code t}, whose broken rings are {@code rings}. */
    static MasterSpanningTree build(TorusTopology t, TorusRings rings) {
        int n = t.coord[0].length;
        int[] parent = new int[n];
        int[] parentPort = new int[n];
        int[] childPort = new int[n];
        Arrays.fill(parent, -1);
        Arrays.fill(parentPort, -1);
        Arrays.fill(childPort, -1);
        int root = chooseRoot(t);
        if (root < 0) {
            return new MasterSpanningTree(-1, parent, parentPort, childPort, 0);
        }
        boolean[] in = new boolean[n];
        in[root] = true;
        int[] members = new int[n];
        members[0] = root;
        int count = 1;
        for (int d : t.dims) {
            int before = count;
            for (int i = 0; i < before; i++) {
                count = line(t, rings, members[i], d, in, members, count, parent, parentPort, childPort);
            }
        }
        return new MasterSpanningTree(root, parent, parentPort, childPort, count);
    }

    private static int chooseRoot(TorusTopology t) {
        int last = t.dims[t.dims.length - 1];
        int maxRadix = Math.max(t.radix[0], Math.max(t.radix[1], t.radix[2]));
        for (int k = 0; k < maxRadix; k++) {
            int[] c = new int[3];
            for (int d = 0; d < 3; d++) {
                c[d] = t.radix[d] == 1 ? 0 : Math.floorMod(t.radix[d] / 2 - k, t.radix[d]);
            }
            int sw = t.grid[t.cell(c[0], c[1], c[2])];
            if (sw >= 0 && !failedInPlane(t, last, c[last])) {
                return sw;
            }
        }
        for (int sw : t.grid) {
            if (sw >= 0) {
                return sw;
            }
        }
        return -1;
    }

    private static boolean failedInPlane(TorusTopology t, int d, int c) {
        for (int cell = 0; cell < t.grid.length; cell++) {
            int cd = d == 0 ? cell % t.radix[0] : d == 1 ? cell / t.radix[0] % t.radix[1]
                    : cell / (t.radix[0] * t.radix[1]);
            if (t.grid[cell] < 0 && cd == c) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds the line along {@code d} through {@code from}: both ways up to the dateline, then, on a broken ring, on
     * across it from an end that reached it; returns the new member count.
     */
    private static int line(TorusTopology t, TorusRings rings, int from, int d, boolean[] in, int[] members,
                            int count, int[] parent, int[] parentPort, int[] childPort) {
        int[] end = new int[2];
        int n = count;
        for (int pass = 0; pass < 2; pass++) {
            boolean crossing = pass == 1;
            if (crossing && !(t.wrap[d] && rings.isBroken(from, d))) {
                break;
            }
            for (int i = 0; i < 2; i++) {
                int s = i == 0 ? 1 : -1;
                int dir = 2 * d + i;
                int cur = crossing ? end[i] : from;
                if (crossing && (end[i] < 0 || t.coord[d][cur] != (s > 0 ? t.radix[d] - 1 : 0))) {
                    continue;
                }
                while (true) {
                    int c = t.coord[d][cur];
                    boolean atDateline = !crossing && (s > 0 ? c == t.radix[d] - 1 : c == 0);
                    if (atDateline || !t.hasLink(cur, dir)) {
                        break;
                    }
                    int next = t.grid[t.cellWith(cur, d, Math.floorMod(c + s, t.radix[d]))];
                    if (next < 0 || in[next]) {
                        break;
                    }
                    in[next] = true;
                    members[n++] = next;
                    parent[next] = cur;
                    parentPort[next] = t.ports(next, dir ^ 1)[0];
                    childPort[next] = t.ports(cur, dir)[0];
                    cur = next;
                }
                end[i] = cur;
            }
        }
        return n;
    }

    /** The root switch (routing-input index), -1 if nothing was placed. */
    @Override
    public int root() {
        return root;
    }

    /** Number of switches in the tree. */
    public int size() {
        return size;
    }

    /** The parent of switch {@code sw}, -1 for the root and switches not in the tree. */
    public int parent(int sw) {
        return parent[sw];
    }

    /** The port of {@code sw} toward its parent, -1 if none. */
    @Override
    public int parentPort(int sw) {
        return parentPort[sw];
    }

    /** The port of {@code sw}'s parent toward {@code sw}, -1 if none. */
    public int childPort(int sw) {
        return childPort[sw];
    }

    /**
     * The tree of a multicast group whose member switches are {@code member} (by routing-input index): the union of
     * the tree paths from the root to each member, a subset of this tree with the same root. Per switch, the tree
     * ports (toward the parent or a child) of the group's tree; empty for switches off it. A switch also forwards to
     * its own member end ports, which the caller adds.
     */
    public int[][] groupPorts(boolean[] member) {
        int n = parent.length;
        int[] order = new int[n];
        int k = 0;
        if (root >= 0) {
            order[k++] = root;
        }
        int[][] children = childrenLists();
        for (int i = 0; i < k; i++) {
            for (int c : children[order[i]]) {
                order[k++] = c;
            }
        }
        int[] below = new int[n];
        for (int i = k - 1; i >= 0; i--) {
            int sw = order[i];
            below[sw] += member[sw] ? 1 : 0;
            if (parent[sw] >= 0) {
                below[parent[sw]] += below[sw];
            }
        }
        int[][] ports = new int[n][];
        for (int sw = 0; sw < n; sw++) {
            int[] p = new int[children[sw].length + 1];
            int m = 0;
            if (parent[sw] >= 0 && below[sw] > 0) {
                p[m++] = parentPort[sw];
            }
            for (int c : children[sw]) {
                if (below[c] > 0) {
                    p[m++] = childPort[c];
                }
            }
            ports[sw] = Arrays.copyOf(p, m);
        }
        return ports;
    }

    private int[][] childrenLists() {
        int n = parent.length;
        int[] cnt = new int[n];
        for (int p : parent) {
            if (p >= 0) {
                cnt[p]++;
            }
        }
        int[][] ch = new int[n][];
        for (int sw = 0; sw < n; sw++) {
            ch[sw] = new int[cnt[sw]];
            cnt[sw] = 0;
        }
        for (int sw = 0; sw < n; sw++) {
            if (parent[sw] >= 0) {
                ch[parent[sw]][cnt[parent[sw]]++] = sw;
            }
        }
        return ch;
    }
}
