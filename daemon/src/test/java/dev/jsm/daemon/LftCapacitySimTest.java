package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.publish.SubnetUp;
import dev.jsm.daemon.route.LftProgrammer;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fabric with more LIDs than its switches' LFTs hold (the simulator's {@code lftcap} shape key; at full scale
 * {@code fat3:k=64,pods=44} against 36-port switches of 30720): the SM reaches SUBNET UP with what fits, says once
 * which pairs are cut off, and does not sweep again and again for it.
 */
class LftCapacitySimTest {

    private static final Duration UP = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void lidsAboveTheCapacityAreSaidOnceAndTheSubnetComesUp() throws Exception {
        Topology t = TopologyShapes.parse("fat2:k=12,lftcap=64");
        assertThat(t.nodeCount()).as("more LIDs than one LFT block").isGreaterThan(64);
        try (LogCapture log = LogCapture.open(LftProgrammer.class);
             LogCapture sweeps = LogCapture.open(SubnetUp.class);
             SimSm sm = SimSm.start(t, dir)) {
            SubnetSnapshot up = sm.awaitSubnetUp(UP);
            assertThat(up.nodes()).hasSize(t.nodeCount());
            List<String> said = log.containing("ROUT-0504");
            assertThat(said).singleElement().asString()
                    .contains("18 switch(es) hold fewer LIDs than the fabric has (LinearFDBCap from 64)",
                            "cannot be routed through them");

            assertThat(sm.awaitSettled(UP)).as("the start-up sweep asked for no other")
                    .containsOnlyOnce(SweepKind.HEAVY);
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "test: again");
            assertThat(sm.awaitSettled(UP)).as("nor does a later one").containsOnlyOnce(SweepKind.HEAVY);
            assertThat(log.containing("ROUT-0504")).as("said once, not at every sweep").hasSize(1);
            assertThat(sweeps.containing("SM-0604")).as("no sweep counted it as an error").isEmpty();
        }
    }

    @Test
    void switchesAboveThirtySixPortsHoldTheWholeUnicastLidSpace() {
        Topology small = TopologyShapes.parse("fat2:k=8");
        Topology wide = TopologyShapes.parse("fat2:k=64");
        int sw = SimSm.firstSwitch(wide);
        assertThat(small.linearFdbCap(SimSm.firstSwitch(small))).isEqualTo(Topology.IBSIM_LINEAR_FDB_CAP);
        assertThat(wide.linearFdbCap(sw)).isEqualTo(Topology.MAX_LINEAR_FDB_CAP);
        assertThat(TopologyShapes.parse("fat2:k=64,lftcap=30720").linearFdbCap(sw)).isEqualTo(30720);
        assertThatThrownBy(() -> TopologyShapes.parse("fat2:k=8,lftcap=100")).hasMessageContaining(
                "LinearFDBCap 100: expected a multiple of 64");
    }
}
