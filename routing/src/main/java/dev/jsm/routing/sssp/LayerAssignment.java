package dev.jsm.routing.sssp;

import dev.jsm.routing.LftTables;

/**
 * dfsssp's deadlock removal (Domke, Hoefler and Nagel, IPDPS 2011, as OpenSM implements it): every path starts in
 * virtual layer 0; while a layer's channel dependency graph has a cycle, the dependency of the cycle used by the
 * fewest paths is chosen and every path of that layer using it moves up one layer, which removes the dependency
 * from the layer. A layer is finished when it is acyclic; the last allowed layer must be acyclic as it is.
 *
 * <p>Confined to the calling thread.
 *
 * <p>In detail: docs/design/routing.md#layerassignment.
 */
final class LayerAssignment {

    private final SsspGraph g;
    private final LftTables lfts;
    private final int[] lids;
    private final LayerCdg cdg;
    private final int maxLayers;
    private final byte[][] layerOf;
    private final int[] stack;
    private final char[][] lidsByPort;
    private final int[][] portFirst;

    /**
     * An assignment of the paths toward {@code lids} routed in {@code lfts}, whose layer-0 dependencies are
     * already counted in {@code cdg}, using at most {@code maxLayers} layers.
     */
    LayerAssignment(SsspGraph g, LftTables lfts, int[] lids, LayerCdg cdg, int maxLayers) {
        this.g = g;
        this.lfts = lfts;
        this.lids = lids;
        this.cdg = cdg;
        this.maxLayers = maxLayers;
        layerOf = new byte[lfts.maxLid() + 1][];
        stack = new int[g.edges + 1];
        lidsByPort = new char[g.switches][];
        portFirst = new int[g.switches][];
    }

    /** Breaks every cycle; returns the layers needed, or -1 if {@code maxLayers} are not enough. */
    int assign() {
        int used = 1;
        for (int layer = 0; layer < maxLayers; layer++) {
            cdg.startSearch(layer);
            int[] cycle;
            while ((cycle = cdg.nextCycle()) != null) {
                if (layer == maxLayers - 1) {
                    return -1;
                }
                int weakest = 0;
                int fewest = Integer.MAX_VALUE;
                for (int i = 0; i < cycle.length; i++) {
                    int c = cdg.count(layer, cycle[i], cycle[(i + 1) % cycle.length]);
                    if (c < fewest) {
                        fewest = c;
                        weakest = i;
                    }
                }
                int a = cycle[weakest];
                int b = cycle[(weakest + 1) % cycle.length];
                movePathsUsing(a, b, layer);
                if (cdg.count(layer, a, b) != 0) {
                    throw new IllegalStateException("dfsssp: dependency " + a + "->" + b + " still used in layer "
                            + layer + " after moving its paths");
                }
                used = Math.max(used, layer + 2);
            }
        }
        return used;
    }

    /** The layers by destination LID and source switch ({@code null} row: every path toward that LID in layer 0). */
    byte[][] layers() {
        return layerOf;
    }

    private void movePathsUsing(int a, int b, int layer) {
        int x = g.edgeFrom[a];
        int m = g.edgeFrom[b];
        byte pa = g.in.localPort()[a];
        byte pb = g.in.localPort()[b];
        byte[] lftM = lfts.lft(m);
        if (lidsByPort[x] == null) {
            indexByPort(x);
        }
        char[] byPort = lidsByPort[x];
        int p = pa & 0xFF;
        for (int i = portFirst[x][p]; i < portFirst[x][p + 1]; i++) {
            int d = byPort[i];
            if (lftM[d] == pb) {
                moveSubtree(d, x, layer);
            }
        }
    }

    /**
     * Groups the destination LIDs by the port switch {@code x} forwards them on (a counting sort of its LFT row, LIDs
     * as {@code char}s as they are below 0xC000), so a move looks only at the LIDs leaving on the moved edge. Built
     * at the first move from {@code x}: at most two bytes per (switch, LID).
     */
    private void indexByPort(int x) {
        byte[] lft = lfts.lft(x);
        int ports = g.in.switchNumPorts()[x] + 1;
        int[] first = new int[ports + 1];
        for (int d : lids) {
            int p = lft[d] & 0xFF;
            if (p < ports) {
                first[p + 1]++;
            }
        }
        for (int p = 0; p < ports; p++) {
            first[p + 1] += first[p];
        }
        int[] fill = first.clone();
        char[] byPort = new char[first[ports]];
        for (int d : lids) {
            int p = lft[d] & 0xFF;
            if (p < ports) {
                byPort[fill[p]++] = (char) d;
            }
        }
        lidsByPort[x] = byPort;
        portFirst[x] = first;
    }

    /**
     * Moves the paths of {@code layer} toward {@code d} whose source switch routes {@code d} through {@code x}: a
     * depth-first walk of {@code x}'s subtree of {@code d}'s routing tree, whose children are the peers that forward
     * {@code d} over a cable into {@code x}.
     */
    private void moveSubtree(int d, int x, int layer) {
        int[] linkStart = g.in.linkStart();
        int[] peer = g.in.peerSwitch();
        byte[] localPort = g.in.localPort();
        int top = 0;
        stack[top++] = x;
        while (top > 0) {
            int v = stack[--top];
            if (g.pathSources[v] != 0 && layerOf(d, v) == layer) {
                moveUnit(v, d, layer);
            }
            for (int f = linkStart[v]; f < linkStart[v + 1]; f++) {
                int r = g.reverse[f];
                int u = peer[f];
                if (lfts.lft(u)[d] == localPort[r]) {
                    stack[top++] = u;
                }
            }
        }
    }

    private int layerOf(int d, int s) {
        byte[] row = layerOf[d];
        return row == null ? 0 : row[s];
    }

    private void moveUnit(int s, int d, int layer) {
        if (layerOf[d] == null) {
            layerOf[d] = new byte[g.switches];
        }
        layerOf[d][s] = (byte) (layer + 1);
        int w = g.pathSources[s];
        int e = g.nextEdge(s, lfts.lft(s), d);
        while (e >= 0) {
            int v = g.in.peerSwitch()[e];
            int e2 = g.nextEdge(v, lfts.lft(v), d);
            if (e2 >= 0) {
                cdg.moveTurn(e, e2, layer, w);
            }
            e = e2;
        }
        cdg.movePaths(layer, w);
    }
}
