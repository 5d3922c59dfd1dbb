package dev.jsm.routing.torus;

import static dev.jsm.routing.torus.TorusTestFabric.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RoutingInput;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * torus-2QoS on generated 3D and 2D tori and meshes, pristine and with failed links and a failed switch: every
 * connected pair reached, no credit loop in the per-VL channel dependency graph (the route verifier with the engine's
 * path SLs and SL2VL), and every path SL of the pristine fabric unchanged by the failures.
 */
class TorusGeneratedTest {

    @Test
    void torus4x4x4PristineAndDegraded() {
        checkWithFailures(4, 4, 4);
    }

    @Test
    @Tag("slow")
    void torus6x6x6PristineAndDegraded() {
        checkWithFailures(6, 6, 6);
    }

    @Test
    @Tag("slow")
    void torus8x8x8PristineAndDegraded() {
        checkWithFailures(8, 8, 8);
    }

    @Test
    void torus5x3x4WithParallelLinksAndTwoHosts() {
        TorusTestFabric f = new TorusTestFabric(true, 2, 2, 5, 3, 4);
        TorusRun run = TorusRun.of(f);
        run.assertClean();
        TorusRun degraded = TorusRun.of(new TorusTestFabric(true, 2, 2, 5, 3, 4)
                .failOneCable(at(0, 0, 0), at(1, 0, 0)).failSwitch(at(2, 1, 2)));
        degraded.assertClean();
        assertSameSls(run, degraded);
    }

    @Test
    void torus2DAndMesh() {
        TorusRun t = TorusRun.of(TorusTestFabric.torus(5, 7));
        t.assertClean();
        TorusRun linkDown = TorusRun.of(TorusTestFabric.torus(5, 7).failLink(at(4, 6), at(0, 6))
                .failLink(at(2, 2), at(2, 3)));
        linkDown.assertClean();
        assertSameSls(t, linkDown);

        TorusRun mesh = TorusRun.of(new TorusTestFabric(false, 1, 1, 4, 3, 3));
        mesh.assertClean();
        assertThat(mesh.pathSl(at(0, 0, 0), at(3, 2, 2))).isZero();
    }

    @Test
    void radixTwoAndThreeDimensions() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(4, 3, 2));
        run.assertClean();
        int sw = run.fabric.sw(run.in, 1, 1, 0);
        assertThat(run.summary().topology().ports(sw, 4)).hasSize(2);
        assertThat(run.summary().topology().wraps(2)).isFalse();
        assertThat(run.summary().topology().wraps(1)).isTrue();
        TorusRun degraded = TorusRun.of(TorusTestFabric.torus(4, 3, 2).failOneCable(at(1, 1, 0), at(1, 1, 1))
                .failLink(at(2, 0, 1), at(3, 0, 1)));
        degraded.assertClean();
        assertSameSls(run, degraded);
    }

    private static void checkWithFailures(int... dims) {
        TorusRun pristine = TorusRun.of(TorusTestFabric.torus(dims));
        pristine.assertClean();
        int[] a = at(0, 0, 0);
        int[] b = at(1, 0, 0);
        check(pristine, dims, f -> f.failLink(a, b));
        check(pristine, dims, f -> f.failLink(a, b).failLink(at(1, 2, 0), at(1, 3, 0))
                .failLink(at(3, 2, 1), at(3, 2, 2)));
        check(pristine, dims, f -> f.failSwitch(at(2, 1, 1)));
        check(pristine, dims, f -> f.failSwitch(at(2, 1, 1)).failLink(a, b));
        check(pristine, dims, f -> f.failSwitch(at(1, 1, 1)).failSwitch(at(1, 1, 2)));
    }

    private static void check(TorusRun pristine, int[] dims, Consumer<TorusTestFabric> failures) {
        TorusTestFabric f = TorusTestFabric.torus(dims);
        failures.accept(f);
        TorusRun run = TorusRun.of(f);
        run.assertClean();
        assertSameSls(pristine, run);
    }

    /** Every path between hosts present in both runs has the same SL (LIDs do not change when nodes fail). */
    private static void assertSameSls(TorusRun before, TorusRun after) {
        RoutingInput a = before.in;
        RoutingInput b = after.in;
        int compared = 0;
        for (int s = 1; s <= Math.min(a.maxLid(), b.maxLid()); s++) {
            if (b.lidOwnerSwitch()[s] < 0 || a.lidOwnerSwitch()[s] < 0) {
                continue;
            }
            for (int d = 1; d <= Math.min(a.maxLid(), b.maxLid()); d++) {
                if (b.lidOwnerSwitch()[d] < 0 || a.lidOwnerSwitch()[d] < 0) {
                    continue;
                }
                int slBefore = before.routed().pathSl().pathSl(s, d);
                int slAfter = after.routed().pathSl().pathSl(s, d);
                if (slBefore != slAfter) {
                    throw new AssertionError("path SL " + s + " -> " + d + " changed from " + slBefore + " to "
                            + slAfter);
                }
                compared++;
            }
        }
        assertThat(compared).isPositive();
    }
}
