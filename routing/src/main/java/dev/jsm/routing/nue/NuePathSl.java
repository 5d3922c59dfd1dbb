package dev.jsm.routing.nue;

import dev.jsm.routing.PathSlProvider;

/**
 * The SL of each nue path: the virtual layer its destination LID was routed in, whatever the source, as OpenSM's nue
 * answers path queries when it uses more than one layer (SL {@code n} travels on VL {@code n}, see
 * {@link dev.jsm.routing.IdentitySl2Vl}). Switch LIDs routed outside the layers, and LIDs nue did not route, are on
 * SL 0.
 *
 * <p>Immutable; safe to share (the array is never written after construction).
 */
public final class NuePathSl implements PathSlProvider {

    private final byte[] layerOfLid;
    private final int layers;

    NuePathSl(byte[] layerOfLid, int layers) {
        this.layerOfLid = layerOfLid;
        this.layers = layers;
    }

    /** The SL of the paths toward {@code dstLid}: its layer. */
    @Override
    public int pathSl(int srcLid, int dstLid) {
        return dstLid > 0 && dstLid < layerOfLid.length ? layerOfLid[dstLid] : 0;
    }

    /** {@code NuePathSl[L layers]}. */
    @Override
    public String toString() {
        return "NuePathSl[" + layers + " layers]";
    }
}
