package dev.jsm.routing.torus;

import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RoutingInput;

/**
 * torus-2QoS's path SL: bit {@code d} set when the pristine DOR path between the two switches crosses the dateline
 * of torus dimension {@code d}. It depends on the switches' coordinates only, never on failures, so an SL granted
 * before a link or switch failed stays valid after it (the long way round a broken ring ignores the dateline). SL
 * bit 3 is the QoS level: the SA adds it from the QoS policy ({@link #withQos}); this provider returns 0..7.
 *
 * <p>Immutable; safe to share (copies what it reads).
 */
public final class TorusPathSl implements PathSlProvider {

    private final int[] lidSwitch;
    private final int[][] coord;
    private final int[] radix;
    private final boolean[] wrap;

    TorusPathSl(RoutingInput in, TorusTopology t) {
        lidSwitch = in.lidOwnerSwitch().clone();
        coord = new int[][] {t.coord[0].clone(), t.coord[1].clone(), t.coord[2].clone()};
        radix = t.radix.clone();
        wrap = t.wrap.clone();
    }

    @Override
    public int pathSl(int srcLid, int dstLid) {
        if (srcLid <= 0 || dstLid <= 0 || srcLid >= lidSwitch.length || dstLid >= lidSwitch.length) {
            return 0;
        }
        int a = lidSwitch[srcLid];
        int b = lidSwitch[dstLid];
        return a < 0 || b < 0 ? 0 : switchSl(a, b);
    }

    /** The SL of paths from switch {@code a} to switch {@code b} (routing-input indices); 0 if either is unplaced. */
    public int switchSl(int a, int b) {
        if (coord[0][a] < 0 || coord[0][b] < 0) {
            return 0;
        }
        int sl = 0;
        for (int d = 0; d < 3; d++) {
            if (wrap[d] && DorNextHop.crossesDateline(coord[d][a], coord[d][b], radix[d])) {
                sl |= 1 << d;
            }
        }
        return sl;
    }

    /** {@code pathSl} with the QoS level of {@code qosSl} (only its bit 3 is honoured by torus-2QoS). */
    public static int withQos(int pathSl, int qosSl) {
        return (pathSl & 7) | (qosSl & 8);
    }
}
