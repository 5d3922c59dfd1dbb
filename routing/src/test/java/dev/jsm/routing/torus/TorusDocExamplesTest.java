package dev.jsm.routing.torus;

import static dev.jsm.routing.torus.TorusTestFabric.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RouteOutcome;
import org.junit.jupiter.api.Test;

/**
 * The worked examples of torus-2QoS(8) on the 6x5 and 6x6 2D tori: the S-to-D paths with failed links and switches,
 * their path SLs and VLs, and the refusals. Coordinates are (x, y); S = (1,1), n = (2,1), T = (3,1), r = (3,2),
 * D = (3,3), m = (0,1), o = (4,1), p = (5,1), I = (2,2).
 */
class TorusDocExamplesTest {

    private static final int[] S = at(1, 1);
    private static final int[] N = at(2, 1);
    private static final int[] T = at(3, 1);
    private static final int[] O = at(4, 1);
    private static final int[] D = at(3, 3);

    @Test
    void pristinePathIsSnTrD() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5));

        assertThat(run.path(S, D)).containsExactly("1,1", "2,1", "3,1", "3,2", "3,3");
        assertThat(run.pathSl(S, D)).isZero();
        assertThat(run.vls(S, D)).containsExactly(0, 0, 0, 0);
        run.assertClean();
    }

    @Test
    void pathSlHasABitPerDatelineCrossed() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5));

        assertThat(run.pathSl(at(5, 1), at(1, 1))).isEqualTo(1);
        assertThat(run.pathSl(at(1, 4), at(1, 1))).isEqualTo(2);
        assertThat(run.pathSl(at(5, 4), at(0, 0))).isEqualTo(3);
        assertThat(run.pathSl(at(1, 1), at(5, 4))).isEqualTo(3);
        assertThat(run.vls(at(5, 4), at(0, 0))).containsExactly(1, 1);
    }

    @Test
    void failedLinkSnOrNtTakesTheLongWayRoundWithTheSameSl() {
        TorusRun pristine = TorusRun.of(TorusTestFabric.torus(6, 5));
        for (int[][] link : new int[][][] {{S, N}, {N, T}}) {
            TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5).failLink(link[0], link[1]));

            assertThat(run.path(S, D)).containsExactly("1,1", "0,1", "5,1", "4,1", "3,1", "3,2", "3,3");
            assertThat(run.pathSl(S, D)).isEqualTo(pristine.pathSl(S, D));
            run.assertClean();
        }
    }

    @Test
    void failedSwitchTTurnsEarlyAtNWithVlBit1AfterTheIllegalTurnAtI() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5).failSwitch(T));

        assertThat(run.path(S, D)).containsExactly("1,1", "2,1", "2,2", "3,2", "3,3");
        assertThat(run.vls(S, D)).containsExactly(0, 0, 2, 0);
        assertThat(run.pathSl(S, D)).isZero();
        run.assertClean();
    }

    @Test
    void failedSwitchesTAndRAdjacentInYTurnTwiceThenOnce() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 6).failSwitch(T).failSwitch(at(3, 2)));

        assertThat(run.path(S, at(3, 4))).containsExactly("1,1", "2,1", "2,2", "2,3", "3,3", "3,4");
        assertThat(run.vls(S, at(3, 4))).containsExactly(0, 0, 0, 2, 0);
        run.assertClean();
    }

    @Test
    void failedSwitchesOAndTAdjacentInXAreRefused() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 6).failSwitch(T).failSwitch(O));

        assertThat(run.outcome).isInstanceOf(RouteOutcome.Failed.class);
        assertThat(((RouteOutcome.Failed) run.outcome).reason())
                .isEqualTo("failed switches at (3,1,0) and (4,1,0) are not adjacent in the last DOR dimension y; "
                        + "torus-2QoS cannot route around them free of credit loops");
    }

    @Test
    void ringBrokenIntoDisjointSegmentsIsRefusedNamingTheRing() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5).failLink(N, T).failLink(T, O));

        assertThat(run.outcome).isInstanceOf(RouteOutcome.Failed.class);
        assertThat(((RouteOutcome.Failed) run.outcome).reason())
                .isEqualTo("the x ring at y=1 is broken into 2 disjoint segments by failed links or switches; "
                        + "torus-2QoS cannot route it");
    }
}
