package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.routing.testing.TopologyModel;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Test;

/** A C1-only JVM on a fabric the launcher would give C2 says so once; otherwise nothing is said. */
class CompilerNoteTest {

    // fat2:k=4: 4 leaves of 2 hosts and 2 spines: 6 switches, 8 hosts, 14 ports with a LID
    private final SubnetSnapshot snapshot =
            SubnetSnapshot.of(TopologyModel.subnet(TopologyShapes.parse("fat2:k=4"), 0));
    private final FabricView view = new FabricView(1, snapshot, null, null, null, SmOptions.builder().build());

    @Test
    void countsThePortsGuid2lidHolds() {
        assertThat(CompilerNote.lidPorts(snapshot)).isEqualTo(snapshot.switches().size() + 8);
    }

    @Test
    void aC1OnlyJvmOnALargeFabricSaysSoOnce() throws ReflectiveOperationException {
        try (LogCapture log = LogCapture.open(CompilerNote.class, Level.INFO)) {
            CompilerNote note = new CompilerNote(true, 14);
            note.subnetUp(view);
            note.subnetUp(view);
            assertThat(log.containing("MAIN-0830")).singleElement().asString()
                    .contains("fewer than 14 ports", "this fabric has 14", "restart the SM");
        }
    }

    @Test
    void nothingOnASmallFabricOrWithC2() throws ReflectiveOperationException {
        try (LogCapture log = LogCapture.open(CompilerNote.class, Level.INFO)) {
            new CompilerNote(true, 15).subnetUp(view);
            new CompilerNote(false, 14).subnetUp(view);
            assertThat(log.containing("MAIN-0830")).isEmpty();
        }
    }
}
