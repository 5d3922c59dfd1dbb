package dev.jsm.routing.lash;

import dev.jsm.routing.PathSlProvider;

/**
 * The SL of each path lash routed: {@code lash_start_vl} plus the layer of the pair of switches delivering the two
 * LIDs; {@code lash_start_vl} for two LIDs on the same switch; 0 (OpenSM's default SL) when a LID is unknown or the
 * switches are not connected. The SA puts it in PathRecord.SL; the verifier follows each path on that SL.
 *
 * <p>Immutable (the arrays are never written after construction); safe to share.
 */
final class LashPathSl implements PathSlProvider {

    private final int[] lidOwnerSwitch;
    private final byte[] layer;
    private final int s;
    private final int startVl;

    LashPathSl(int[] lidOwnerSwitch, byte[] layer, int switchCount, int startVl) {
        this.lidOwnerSwitch = lidOwnerSwitch;
        this.layer = layer;
        this.s = switchCount;
        this.startVl = startVl;
    }

    @Override
    public int pathSl(int srcLid, int dstLid) {
        if (srcLid <= 0 || dstLid <= 0 || srcLid >= lidOwnerSwitch.length || dstLid >= lidOwnerSwitch.length) {
            return 0;
        }
        int a = lidOwnerSwitch[srcLid];
        int b = lidOwnerSwitch[dstLid];
        if (a < 0 || b < 0) {
            return 0;
        }
        if (a == b) {
            return startVl;
        }
        int l = layer[a * s + b];
        return l < 0 ? 0 : startVl + l;
    }
}
