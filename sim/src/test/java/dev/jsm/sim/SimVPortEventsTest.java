package dev.jsm.sim;

import static dev.jsm.sim.SimVirtualizationTest.payload;
import static dev.jsm.sim.SimVirtualizationTest.status;
import static dev.jsm.sim.TestFabrics.HOST0;
import static dev.jsm.sim.TestFabrics.HOST1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.QosConfigSl;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.mad.smp.VPortInfo;
import dev.jsm.mad.smp.VPortState;
import dev.jsm.mad.smp.VendorTraps;
import dev.jsm.mad.smp.VirtualizationInfo;
import dev.jsm.sim.topo.VPortSpec;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What happens to vports from outside - virtual machines stopping and starting, the link going down, a power cycle -
 * and the signals the port gives (VPortStateChange, Trap 1146); and LID-routed MADs to the LIDs of vports. The SM
 * (LID 1) is on host-0 port 1, host-1 (LID 5, behind leaf-0 port 2) has vports 1..4, the odd ones with their own
 * LIDs 0x21 and 0x23; leaf-0 (LID 2) routes all of them.
 */
class SimVPortEventsTest {

    private static final DrPath TO_HOST1 = DrPath.of(1, 2);
    private static final int SM_LID = 1;
    private static final int HOST1_LID = 5;

    private SimFabric fabric;
    private SmpClient sm;

    @BeforeEach
    void setUp() {
        fabric = new SimFabric(TestFabrics.twoLevel().withVPorts(new VPortSpec(4, VPortSpec.Lids.HALF)));
        sm = new SmpClient(fabric, HOST0, 1);
        setLids(DrPath.local(), 0, SM_LID);
        setLids(DrPath.of(1), 0, 2);
        setLids(TO_HOST1, 0, HOST1_LID);
        byte[] block = new byte[64];
        Arrays.fill(block, (byte) 0xFF);
        block[SM_LID] = 1;
        block[2] = 0;
        block[HOST1_LID] = 2;
        block[0x21] = 2;
        block[0x22] = 2;
        block[0x23] = 2;
        assertThat(status(sm.set(DrPath.of(1), AttributeId.LINEAR_FORWARDING_TABLE, 0, block))).isZero();
        byte[] si = new byte[64];
        SwitchInfo.LINEAR_FDB_TOP.put(si, 0, 63);
        assertThat(status(sm.set(DrPath.of(1), AttributeId.SWITCH_INFO, 0, si))).isZero();
        setVPortLid(1, 0x21);
        setVPortLid(3, 0x23);
    }

    @AfterEach
    void tearDown() {
        fabric.close();
    }

    @Test
    void aStoppedVmTakesItsVPortDownAndThePortTellsTheSm() throws InterruptedException {
        enableVirtualization();
        assertThat(fabric.faults().vmStop(HOST1, 1, 2)).as("trap sent").isTrue();

        SmpClient.Received trap = sm.take();
        assertThat(trap.mad()[3]).as("method Trap").isEqualTo((byte) 0x05);
        assertThat(MadHeader.decode(trap.mad()).attributeId()).isEqualTo(AttributeId.NOTICE.value());
        Notice n = Notice.decode(trap.mad(), Smp.DATA_OFFSET);
        assertThat(VendorTraps.isVPortStateChange(n)).isTrue();
        assertThat(n).isEqualTo(VendorTraps.vportStateChange(HOST1_LID, 0));
        assertThat(trap.from()).isEqualTo(MadAddress.smi(HOST1_LID));

        assertThat(virtualizationInfo().stateChanged()).isTrue();
        VPortState states = VPortState.decode(payload(sm.get(TO_HOST1, AttributeId.VPORT_STATE, 0)), 0);
        assertThat(Arrays.copyOf(states.states(), 5)).containsExactly(2, 2, 1, 2, 2);
        assertThat(fabric.virtualization().vmRunning(HOST1, 1, 2)).isFalse();

        assertThat(fabric.faults().vmStop(HOST1, 1, 2)).as("already stopped: nothing to say").isFalse();
        sm.awaitIdle();
        assertThat(sm.inbox).isEmpty();

        assertThat(fabric.faults().vmStart(HOST1, 1, 2)).isTrue();
        assertThat(VendorTraps.isVPortStateChange(Notice.decode(sm.take().mad(), Smp.DATA_OFFSET))).isTrue();
        assertThat(fabric.virtualization().vportState(HOST1, 1, 2)).isEqualTo(VPortInfo.STATE_INIT);
    }

    @Test
    void writingOneClearsVPortStateChange() throws InterruptedException {
        enableVirtualization();
        assertThat(fabric.faults().vmStop(HOST1, 1, 4)).isTrue();
        sm.take();
        byte[] data = new byte[64];
        VirtualizationInfo.VIRTUALIZATION_ENABLE.put(data, 0, 1);
        assertThat(VirtualizationInfo.decode(payload(sm.set(TO_HOST1, AttributeId.VIRTUALIZATION_INFO, 0, data)), 0)
                .stateChanged()).as("writing 0 leaves it").isTrue();
        VirtualizationInfo.VPORT_STATE_CHANGE.put(data, 0, 1);
        assertThat(VirtualizationInfo.decode(payload(sm.set(TO_HOST1, AttributeId.VIRTUALIZATION_INFO, 0, data)), 0)
                .stateChanged()).isFalse();
    }

    @Test
    void withVirtualizationOffNothingIsSignalled() throws InterruptedException {
        assertThat(fabric.faults().vmStop(HOST1, 1, 1)).isFalse();
        sm.awaitIdle();
        assertThat(sm.inbox).isEmpty();
        assertThat(virtualizationInfo().stateChanged()).isFalse();
        assertThat(fabric.virtualization().vportState(HOST1, 1, 1)).as("the VM stopped all the same")
                .isEqualTo(VPortInfo.STATE_DOWN);
    }

    @Test
    void aPortWithoutLidFlagsButSendsNoTrap() {
        setLids(TO_HOST1, 0, 0);
        enableVirtualization();
        assertThat(fabric.faults().vmStop(HOST1, 1, 1)).isFalse();
        assertThat(fabric.virtualization().virtualizationInfo(HOST1, 1).stateChanged()).isTrue();
    }

    @Test
    void thePhysicalLinkTakesEveryVPortDownAndBack() {
        enableVirtualization();
        fabric.faults().vmStop(HOST1, 1, 3);
        fabric.faults().linkDown(HOST1, 1);
        SimVirtualization v = fabric.virtualization();
        for (int i = 0; i <= 4; i++) {
            assertThat(v.vportState(HOST1, 1, i)).as("vport %d", i).isEqualTo(VPortInfo.STATE_DOWN);
        }
        assertThat(fabric.faults().vmStart(HOST1, 1, 3)).as("link down: stays Down").isFalse();
        assertThat(v.vportState(HOST1, 1, 3)).isEqualTo(VPortInfo.STATE_DOWN);
        fabric.faults().vmStop(HOST1, 1, 3);
        fabric.faults().linkUp(HOST1, 1);
        assertThat(v.vportState(HOST1, 1, 0)).isEqualTo(VPortInfo.STATE_INIT);
        assertThat(v.vportState(HOST1, 1, 1)).isEqualTo(VPortInfo.STATE_INIT);
        assertThat(v.vportState(HOST1, 1, 3)).as("its VM is stopped").isEqualTo(VPortInfo.STATE_DOWN);
        assertThat(v.virtualizationInfo(HOST1, 1).stateChanged()).isTrue();
    }

    @Test
    void aPowerCycleResetsVirtualization() {
        enableVirtualization();
        byte[] limits = new byte[64];
        QosConfigSl.RATE_LIMIT[2].put(limits, 0, 40);
        assertThat(status(sm.set(TO_HOST1, AttributeId.QOS_CONFIG_SL, QosConfigSl.vportModifier(1), limits)))
                .isZero();
        fabric.faults().vmStop(HOST1, 1, 2);
        fabric.faults().removeNode(HOST1);
        fabric.faults().returnNode(HOST1);
        SimVirtualization v = fabric.virtualization();
        assertThat(v.virtualizationInfo(HOST1, 1)).isEqualTo(new VirtualizationInfo(4, 4, 0, 0, 0, 0, 0));
        assertThat(v.vportRateLimits(HOST1, 1, 1)).containsOnly(0);
        assertThat(v.vmRunning(HOST1, 1, 2)).isTrue();
        assertThat(v.vportInfo(HOST1, 1, 1).vportLid()).isZero();
        assertThat(v.vportState(HOST1, 1, 2)).isEqualTo(VPortInfo.STATE_INIT);
    }

    @Test
    void faultsRefuseVPortsThatDoNotExist() {
        assertThatThrownBy(() -> fabric.faults().vmStop(HOST1, 1, 0))
                .hasMessage("\"host-1\" port 1: expected a vport 1..4, not 0");
        assertThatThrownBy(() -> fabric.faults().vmStart(HOST1, 1, 5))
                .hasMessage("\"host-1\" port 1: expected a vport 1..4, not 5");
        assertThatThrownBy(() -> fabric.faults().vmStop(TestFabrics.LEAF0, 0, 1))
                .hasMessage("\"leaf-0\" port 0 has no virtualization");
        assertThatThrownBy(() -> fabric.faults().vmStop(HOST1, 2, 1)).hasMessageContaining("has no port 2");
    }

    @Test
    void smpsToAVPortLidAreAnsweredByTheHcaWhateverTheVPortState() {
        byte[] r = sm.lidGet(0x21, AttributeId.NODE_INFO, 0);
        assertThat(NodeInfo.decode(r, Smp.DATA_OFFSET).nodeGuid()).isEqualTo(0x1100);
        assertThat(VPortInfo.decode(payload(sm.lidGet(0x23, AttributeId.VPORT_INFO, 3)), 0).vportLid())
                .isEqualTo(0x23);
        fabric.faults().vmStop(HOST1, 1, 1);
        assertThat(status(sm.lidGet(0x21, AttributeId.VPORT_INFO, 1))).isZero();
        assertThat(sm.lidGet(0x22, AttributeId.NODE_INFO, 0)).as("vport 2 has no LID of its own").isNull();
        setVPortLid(1, 0);
        assertThat(sm.lidGet(0x21, AttributeId.NODE_INFO, 0)).as("LID taken back").isNull();
    }

    @Test
    void gmpsToAVPortLidReachThePhysicalPortWhileTheVmRuns() throws InterruptedException {
        SmpClient host1 = new SmpClient(fabric, HOST1, 1);
        sm.send(MadAddress.gsi(0x23, 0, 0), saGet());
        SmpClient.Received got = host1.take();
        assertThat(got.from()).isEqualTo(MadAddress.gsi(SM_LID, 0, 0));
        assertThat(got.mad()[1]).isEqualTo((byte) 0x03);

        fabric.faults().vmStop(HOST1, 1, 3);
        assertThat(sm.exchange(MadAddress.gsi(0x23, 0, 0), saGet())).as("nobody there").isNull();
        assertThat(sm.failed).hasSize(1);
        assertThat(host1.inbox).isEmpty();
        sm.send(MadAddress.gsi(HOST1_LID, 0, 0), saGet());
        assertThat(host1.take().mad()[1]).as("the physical LID still works").isEqualTo((byte) 0x03);
    }

    private static byte[] saGet() {
        byte[] mad = new byte[256];
        new MadHeader(1, 0x03, 2, 0x01, 0, 0, 0x77, AttributeId.NODE_INFO.value(), 0).encodeTo(mad);
        return mad;
    }

    private VirtualizationInfo virtualizationInfo() {
        return VirtualizationInfo.decode(payload(sm.get(TO_HOST1, AttributeId.VIRTUALIZATION_INFO, 0)), 0);
    }

    private void enableVirtualization() {
        byte[] data = new byte[64];
        VirtualizationInfo.VIRTUALIZATION_ENABLE.put(data, 0, 1);
        assertThat(status(sm.set(TO_HOST1, AttributeId.VIRTUALIZATION_INFO, 0, data))).isZero();
    }

    private void setLids(DrPath path, int port, int lid) {
        byte[] data = payload(sm.get(path, AttributeId.PORT_INFO, port));
        PortInfo.LID.put(data, 0, lid);
        PortInfo.MASTER_SM_LID.put(data, 0, SM_LID);
        assertThat(status(sm.set(path, AttributeId.PORT_INFO, port, data))).isZero();
    }

    private void setVPortLid(int vport, int lid) {
        byte[] data = payload(sm.get(TO_HOST1, AttributeId.VPORT_INFO, vport));
        VPortInfo.VPORT_STATE.put(data, 0, VPortInfo.STATE_NO_CHANGE);
        VPortInfo.VPORT_LID.put(data, 0, lid);
        assertThat(status(sm.set(TO_HOST1, AttributeId.VPORT_INFO, vport, data))).isZero();
    }
}
