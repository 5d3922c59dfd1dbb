package dev.jsm.routing.chain;

import dev.jsm.routing.PartRouting;
import dev.jsm.routing.Sl2VlProvider;
import java.util.List;

/**
 * The SL-to-VL maps of a chain: each switch takes the map of the last step that routed it (so torus-2QoS's maps stay
 * on the torus's switches, where its paths need them); end ports take the first step's that decides them.
 *
 * <p>Immutable; thread-safe.
 */
final class ChainSl2Vl implements Sl2VlProvider {

    private final List<PartRouting> steps;
    private final int[] switchStep;
    private final int vlCount;

    /**
     * @param steps the steps that routed, in the order they ran
     * @param switchStep per switch of the whole fabric, the index in {@code steps} of the last one that covered it
     */
    ChainSl2Vl(List<PartRouting> steps, int[] switchStep) {
        this.steps = steps;
        this.switchStep = switchStep;
        int vls = 1;
        for (PartRouting s : steps) {
            vls = Math.max(vls, s.routed().sl2Vl().vlCount());
        }
        this.vlCount = vls;
    }

    /** Whether every step put every SL on VL 0 (the chain then needs no SL2VL programming). */
    boolean allVl0() {
        for (PartRouting s : steps) {
            if (s.routed().sl2Vl() != Sl2VlProvider.ALL_VL0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int vlCount() {
        return vlCount;
    }

    @Override
    public int vl(int sw, int inPort, int outPort, int sl) {
        int k = switchStep[sw];
        if (k < 0) {
            return 0;
        }
        PartRouting s = steps.get(k);
        return s.routed().sl2Vl().vl(s.part().partSwitch(sw), inPort, outPort, sl);
    }

    @Override
    public int endPortVl(int sl) {
        for (PartRouting s : steps) {
            int vl = s.routed().sl2Vl().endPortVl(sl);
            if (vl >= 0) {
                return vl;
            }
        }
        return -1;
    }
}
