package dev.jsm.routing.lash;

import dev.jsm.routing.lash.mesh.SwitchGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Puts every switch pair's two paths (there and back, same layer, as OpenSM's lash does) on a virtual layer whose
 * channel dependency graph stays acyclic: the first layer that takes them, else a new layer. Pairs are taken in
 * the processing order of the switches ({@code rank}: switch index, or mesh coordinates after the mesh analysis),
 * as OpenSM loops over source and destination switch. Pairs of switches that are not connected get no layer.
 *
 * <p>{@link #layerOf(int, int)} is kept in one {@code byte[S*S]}; the layers themselves are {@link DependencyLayer}s
 * the {@link LayerBalancer} works on afterwards.
 *
 * <p>Confined to the thread running the lash pass.
 */
final class LayerAssignment {

    /** {@link #layerOf} of a pair without a path (same switch, or not connected). */
    static final int NONE = -1;

    final SwitchGraph graph;
    final ShortestPathTrees trees;
    final int[] bySwitchOrder;
    final List<DependencyLayer> layers = new ArrayList<>();
    private final ChannelIndex index;
    private final byte[] layer;
    private final int s;
    final int[] pathA;
    final int[] pathB;

    LayerAssignment(SwitchGraph graph, ShortestPathTrees trees, int[] bySwitchOrder) {
        this.graph = graph;
        this.trees = trees;
        this.bySwitchOrder = bySwitchOrder;
        this.index = new ChannelIndex(graph);
        this.s = graph.switchCount();
        this.layer = new byte[s * s];
        Arrays.fill(layer, (byte) NONE);
        pathA = new int[Math.max(1, s)];
        pathB = new int[Math.max(1, s)];
    }

    /**
     * Assigns every connected pair, opening layers as needed up to {@code maxLayers}.
     *
     * @return the number of layers needed, or {@code maxLayers + 1} if a pair fitted none of {@code maxLayers}
     */
    int assign(int maxLayers) {
        for (int i = 0; i < s; i++) {
            int a = bySwitchOrder[i];
            for (int j = i + 1; j < s; j++) {
                int b = bySwitchOrder[j];
                int an = trees.path(graph, a, b, pathA);
                if (an == 0) {
                    continue;
                }
                int bn = trees.path(graph, b, a, pathB);
                int l = 0;
                while (l < layers.size() && !layers.get(l).tryAdd(pathA, an, pathB, bn)) {
                    l++;
                }
                if (l == layers.size()) {
                    if (l == maxLayers) {
                        return maxLayers + 1;
                    }
                    DependencyLayer fresh = new DependencyLayer(index);
                    if (!fresh.tryAdd(pathA, an, pathB, bn)) {
                        throw new IllegalStateException("the paths between switches " + a + " and " + b
                                + " form a cycle on their own");
                    }
                    layers.add(fresh);
                }
                setLayer(a, b, l);
            }
        }
        return layers.size();
    }

    /** The layer of the pair {@code (a, b)} (same for {@code (b, a)}), or {@link #NONE}. */
    int layerOf(int a, int b) {
        return layer[a * s + b];
    }

    void setLayer(int a, int b, int l) {
        layer[a * s + b] = (byte) l;
        layer[b * s + a] = (byte) l;
    }

    /** The layer table, {@code byte[S*S]} by {@code a * S + b}, {@link #NONE} where no path exists. */
    byte[] table() {
        return layer;
    }

    /** Paths per layer (two per pair). */
    int[] pathsPerLayer() {
        int[] n = new int[layers.size()];
        for (int i = 0; i < n.length; i++) {
            n[i] = layers.get(i).paths();
        }
        return n;
    }
}
