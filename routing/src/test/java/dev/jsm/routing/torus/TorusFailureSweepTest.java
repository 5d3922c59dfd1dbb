package dev.jsm.routing.torus;

import static dev.jsm.routing.torus.TorusTestFabric.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RouteOutcome;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Every single failed switch of a small 3D torus, and random sets of up to three failed links (with and without a
 * failed switch): each either routes clean (every connected pair reached, no credit loop) or is refused with a
 * reason; refusals happen only where a ring is broken into disjoint segments. The master spanning tree reaches
 * every placed switch.
 */
class TorusFailureSweepTest {

    private static final int[] DIMS = {5, 4, 3};

    @Test
    void everySingleFailedSwitchRoutesClean() {
        for (int z = 0; z < DIMS[2]; z++) {
            for (int y = 0; y < DIMS[1]; y++) {
                for (int x = 0; x < DIMS[0]; x++) {
                    TorusRun run = TorusRun.of(TorusTestFabric.torus(DIMS).failSwitch(at(x, y, z)));
                    run.assertClean();
                    assertThat(run.summary().tree().size()).isEqualTo(DIMS[0] * DIMS[1] * DIMS[2] - 1);
                }
            }
        }
    }

    @Test
    void randomFailedLinksRouteCleanOrAreRefusedForDisjointRings() {
        SplittableRandom rnd = new SplittableRandom(7);
        int routed = 0;
        for (int i = 0; i < 60; i++) {
            TorusTestFabric f = TorusTestFabric.torus(DIMS);
            int links = 1 + rnd.nextInt(3);
            for (int k = 0; k < links; k++) {
                int[] a = {rnd.nextInt(DIMS[0]), rnd.nextInt(DIMS[1]), rnd.nextInt(DIMS[2])};
                int[] b = a.clone();
                int d = rnd.nextInt(3);
                b[d] = (b[d] + 1) % DIMS[d];
                f.failLink(a, b);
            }
            if (i % 2 == 1) {
                f.failSwitch(at(rnd.nextInt(DIMS[0]), rnd.nextInt(DIMS[1]), rnd.nextInt(DIMS[2])));
            }
            TorusRun run = TorusRun.of(f);
            if (run.outcome instanceof RouteOutcome.Routed) {
                run.assertClean();
                assertThat(run.summary().tree().size()).as(run.summary().notes().toString())
                        .isEqualTo(run.summary().topology().placedCount());
                routed++;
            } else {
                assertThat(run.outcome.toString()).containsAnyOf("disjoint segments", "no usable torus seed");
            }
        }
        assertThat(routed).isGreaterThan(20);
    }
}
