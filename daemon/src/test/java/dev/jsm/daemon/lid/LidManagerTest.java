package dev.jsm.daemon.lid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepGate;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LidManagerTest {

    private static final long SM = 0x1001;

    @TempDir
    Path dir;

    private final SmStatus status = new SmStatus();

    @Test
    void smPortFirstThenGuid2LidThenPortInfoThenFirstFree() throws Exception {
        LidStore store = LidStore.empty(dir);
        store.put(0x3001, LidRange.single(9));
        SweepState state = new SweepState(SM);
        EndPort sm = ca(state.subnet(), 0x1000, SM, 0);
        EndPort recorded = ca(state.subnet(), 0x3000, 0x3001, 5);
        EndPort reported = ca(state.subnet(), 0x4000, 0x4001, 6);
        EndPort clash = ca(state.subnet(), 0x5000, 0x5001, 9);
        new LidManager(services(), store, status).run(state);
        assertThat(sm.lidRange()).isEqualTo(LidRange.single(1));
        assertThat(recorded.lidRange()).isEqualTo(LidRange.single(9));
        assertThat(reported.lidRange()).isEqualTo(LidRange.single(6));
        assertThat(clash.lidRange()).isEqualTo(LidRange.single(2));
        assertThat(status.smLid()).isEqualTo(1);
        assertThat(LidStore.load(dir).get(0x5001)).isEqualTo(LidRange.single(2));
    }

    @Test
    void lmcRangesAreAlignedAndSwitchesGetOneLid() throws Exception {
        LidStore store = LidStore.empty(dir);
        SweepState state = new SweepState(SM);
        EndPort sm = ca(state.subnet(), 0x1000, SM, 0);
        Node sw = state.subnet().addNode(NodeKind.SWITCH, 0x2000, 8);
        EndPort port0 = state.subnet().addPort(sw, 0, 0x2000).endPort();
        EndPort misaligned = ca(state.subnet(), 0x3000, 0x3001, 6);
        new LidManager(services("lmc", "2"), store, status).run(state);
        assertThat(sm.lidRange()).isEqualTo(LidRange.of(4, 2));
        assertThat(port0.lidRange().lmc()).isZero();
        assertThat(misaligned.lidRange().lmc()).isEqualTo(2);
        assertThat(misaligned.lidRange().base() % 4).isZero();
    }

    @Test
    void reassignLidsNumbersFromOneOnTheFirstMasterSweep() throws Exception {
        LidStore store = LidStore.empty(dir);
        store.put(SM, LidRange.single(40));
        SweepState state = new SweepState(SM);
        EndPort sm = ca(state.subnet(), 0x1000, SM, 41);
        new LidManager(services("reassign_lids", "TRUE"), store, status).run(state);
        assertThat(sm.lidRange()).isEqualTo(LidRange.single(1));
    }

    private static EndPort ca(Subnet s, long nodeGuid, long portGuid, int reportedLid) {
        Node n = s.addNode(NodeKind.CA, nodeGuid, 1);
        PhysPort p = s.addPort(n, 1, portGuid);
        p.setAttributes(PortAttributes.NONE.withLid(reportedLid, 0));
        return p.endPort();
    }

    private StageServices services(String... pairs) throws Exception {
        SmOptions.Builder b = SmOptions.builder();
        for (int i = 0; i < pairs.length; i += 2) {
            b.setText(OptionTable.get(pairs[i]), pairs[i + 1]);
        }
        SmOptions options = b.build();
        return new StageServices(options, null, new SmEvents(), NodeNameMap.NONE, dir,
                ActivityReport.of(options, dir), new SweepGate());
    }
}
