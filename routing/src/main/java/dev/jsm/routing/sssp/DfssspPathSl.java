package dev.jsm.routing.sssp;

import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RoutingInput;

/**
 * The SL of each dfsssp path, for the SA's PathRecords and the verifier: the path's virtual layer mapped onto the
 * VLs, with layers spread over the VLs the deadlock removal left free. As OpenSM does, every free VL goes in turn to
 * the layer with the most paths per VL, and a layer with {@code k} VLs starts at the VL after the previous layer's;
 * a path of that layer gets one of its {@code k} SLs by a hash of (source LID, destination LID) where OpenSM draws
 * a random one per query. Any subset of an acyclic layer is acyclic, so the split keeps every VL free of credit
 * loops, and the same pair always gets the same SL. SL {@code n} travels on VL {@code n}
 * ({@link dev.jsm.routing.IdentitySl2Vl}).
 *
 * <p>Immutable; safe to share (the arrays are never written after construction).
 */
public final class DfssspPathSl implements PathSlProvider {

    private final int[] lidOwnerSwitch;
    private final byte[][] layerOf;
    private final int[] firstVl;
    private final int[] vlsOfLayer;
    private final int layers;
    private final int vls;

    DfssspPathSl(RoutingInput in, byte[][] layerOf, long[] pathsPerLayer, int layers, int vls) {
        this.lidOwnerSwitch = in.lidOwnerSwitch();
        this.layerOf = layerOf;
        this.layers = layers;
        this.vls = vls;
        vlsOfLayer = new int[layers];
        for (int l = 0; l < layers; l++) {
            vlsOfLayer[l] = 1;
        }
        for (int extra = layers; extra < vls; extra++) {
            int most = 0;
            for (int l = 1; l < layers; l++) {
                if ((double) pathsPerLayer[l] / vlsOfLayer[l] > (double) pathsPerLayer[most] / vlsOfLayer[most]) {
                    most = l;
                }
            }
            vlsOfLayer[most]++;
        }
        firstVl = new int[layers];
        for (int l = 1; l < layers; l++) {
            firstVl[l] = firstVl[l - 1] + vlsOfLayer[l - 1];
        }
    }

    /** The virtual layers the deadlock removal needed. */
    public int layersNeeded() {
        return layers;
    }

    /** The VLs the paths are spread over (all available ones): SLs and VLs {@code 0..vlsUsed()-1}. */
    public int vlsUsed() {
        return vls;
    }

    /** The SL of the path from {@code srcLid} to {@code dstLid}; 0 for LIDs outside the routed fabric. */
    @Override
    public int pathSl(int srcLid, int dstLid) {
        if (srcLid <= 0 || dstLid <= 0 || srcLid >= lidOwnerSwitch.length || dstLid >= lidOwnerSwitch.length) {
            return 0;
        }
        int src = lidOwnerSwitch[srcLid];
        if (src < 0) {
            return 0;
        }
        byte[] row = layerOf[dstLid];
        int layer = row == null ? 0 : row[src];
        int k = vlsOfLayer[layer];
        return k == 1 ? firstVl[layer] : firstVl[layer] + Integer.remainderUnsigned(mix(srcLid, dstLid), k);
    }

    private static int mix(int a, int b) {
        int h = a * 0x9E3779B1 + b * 0x85EBCA77;
        h ^= h >>> 16;
        h *= 0x7FEB352D;
        h ^= h >>> 15;
        return h;
    }

    /** {@code DfssspPathSl[L layers on V VLs]}. */
    @Override
    public String toString() {
        return "DfssspPathSl[" + layers + " layers on " + vls + " VLs]";
    }
}
