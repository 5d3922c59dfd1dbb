package dev.jsm.routing.nue;

import static dev.jsm.routing.nue.NueTesting.VERIFIER;
import static dev.jsm.routing.nue.NueTesting.assertCompleteAndLoopFree;
import static dev.jsm.routing.nue.NueTesting.nue;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.VerifierReport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** nue on generated fabrics: complete and free of credit loops per the verifier's per-VL check. */
class NueEngineTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"torus:dims=6|1", "torus:dims=4x4|1", "torus:dims=4x4x4,hosts=2|1",
        "torus:dims=5x5|2", "mesh:dims=5x4|1", "hypercube:dim=5|1", "random:switches=40,radix=16,degree=4,hosts=2|1",
        Fabrics.FAT2_16 + "|1", Fabrics.FAT3_128 + "|1", "torus:dims=4x4x4,hosts=2|8", "torus:dims=8x8x8,hosts=2|1"})
    void smoke(String shape, int vls) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        NueTesting.Result r = nue(in, vls);
        VerifierReport v = assertCompleteAndLoopFree(in, r, VERIFIER);
        System.out.println(shape + " " + vls + ": " + r.summary().describe() + " | " + v.format().lines().findFirst().orElse(""));
    }
}
