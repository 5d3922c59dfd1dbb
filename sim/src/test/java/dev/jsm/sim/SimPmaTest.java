package dev.jsm.sim;

import static dev.jsm.sim.TestFabrics.HOST0;
import static dev.jsm.sim.TestFabrics.HOST1;
import static dev.jsm.sim.TestFabrics.LEAF0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.ClassPortInfoLayout;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.perf.PerfMgt;
import dev.jsm.mad.perf.PortCounters;
import dev.jsm.mad.perf.PortCountersExtended;
import dev.jsm.mad.smp.PortInfo;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The simulated PMAs: the counters the fabric's own MADs move (one packet, 72 words, out of one port and into the
 * other per cable crossed), errors and traffic added by a test, clearing by Set, 32-bit saturation against 64-bit
 * counting, the PortSelect rules of CAs and switches, capabilities and redirection. host-0 has LID 1, leaf-0 LID 3.
 */
class SimPmaTest {

    private static final int HOST0_LID = 1;
    private static final int LEAF0_LID = 3;
    private static final int GET = 0x01;
    private static final int SET = 0x02;

    private SimFabric fabric;
    private SmpClient pm;
    private long tid = 0x500;

    @BeforeEach
    void lidsAssigned() {
        fabric = new SimFabric(TestFabrics.twoLevel());
        pm = new SmpClient(fabric, HOST0, 1);
        setLid(DrPath.local(), 0, HOST0_LID);
        setLid(DrPath.of(1), 0, LEAF0_LID);
        byte[] lft = new byte[64];
        Arrays.fill(lft, (byte) 0xFF);
        lft[HOST0_LID] = 1;
        pm.set(DrPath.of(1), AttributeId.LINEAR_FORWARDING_TABLE, 0, lft);
        byte[] si = new byte[64];
        si[7] = 10;
        pm.set(DrPath.of(1), AttributeId.SWITCH_INFO, 0, si);
    }

    @AfterEach
    void close() {
        fabric.close();
    }

    @Test
    void everyMadCountsOnBothEndsOfEachCableItCrosses() {
        PortCounters first = PortCounters.decode(get(LEAF0_LID, PerfMgt.PORT_COUNTERS, 1), PerfMgt.DATA_OFFSET);
        PortCounters second = PortCounters.decode(get(LEAF0_LID, PerfMgt.PORT_COUNTERS, 1), PerfMgt.DATA_OFFSET);

        // between the two reads: the first read's response left leaf-0 port 1, the second's request entered it
        assertThat(second.portXmitPkts() - first.portXmitPkts()).isEqualTo(1);
        assertThat(second.portRcvPkts() - first.portRcvPkts()).isEqualTo(1);
        assertThat(second.portXmitData() - first.portXmitData()).isEqualTo(72);
        assertThat(second.portRcvData() - first.portRcvData()).isEqualTo(72);
        assertThat(first.portRcvPkts()).as("the configuration SMPs and this request crossed it").isEqualTo(5);
        PortCounters host = fabric.portCounters(HOST0, 1);
        assertThat(host.portXmitPkts()).isEqualTo(second.portRcvPkts());
        assertThat(host.portRcvPkts()).isEqualTo(second.portXmitPkts() + 1);
        assertThat(fabric.portCountersExtended(HOST0, 1).portUnicastXmitPkts()).isEqualTo(host.portXmitPkts());
    }

    @Test
    void errorsSaturateAndASetClearsWhatCounterSelectNames() {
        fabric.faults().addPortErrors(LEAF0, 2, 0, 70_000);
        fabric.faults().addPortErrors(LEAF0, 2, 9, 3);
        fabric.faults().addPortErrors(LEAF0, 2, 10, 20);
        fabric.faults().addXmitWait(LEAF0, 2, 1234);
        PortCounters pc = PortCounters.decode(get(LEAF0_LID, PerfMgt.PORT_COUNTERS, 2), PerfMgt.DATA_OFFSET);
        assertThat(pc.symbolErrorCounter()).isEqualTo(0xFFFF);
        assertThat(pc.localLinkIntegrityErrors()).isEqualTo(3);
        assertThat(pc.excessiveBufferOverrunErrors()).isEqualTo(15);
        assertThat(pc.portXmitWait()).isEqualTo(1234);

        byte[] mad = request(SET, PerfMgt.PORT_COUNTERS);
        PortCounters.clear(2, 0x0001, 1).encodeTo(mad, PerfMgt.DATA_OFFSET);
        PortCounters cleared = PortCounters.decode(answer(LEAF0_LID, mad, 0), PerfMgt.DATA_OFFSET);

        assertThat(cleared.symbolErrorCounter()).isZero();
        assertThat(cleared.portXmitWait()).isZero();
        assertThat(cleared.localLinkIntegrityErrors()).isEqualTo(3);
    }

    @Test
    void thirtyTwoBitCountersStopWhereTheExtendedOnesGoOn() {
        fabric.faults().addPortTraffic(LEAF0, 2, false, 0xFFFF_FFF0L, 10);
        fabric.faults().addPortTraffic(LEAF0, 2, false, 0x100, 10);

        PortCounters pc = PortCounters.decode(get(LEAF0_LID, PerfMgt.PORT_COUNTERS, 2), PerfMgt.DATA_OFFSET);
        PortCountersExtended x = PortCountersExtended.decode(get(LEAF0_LID, PerfMgt.PORT_COUNTERS_EXTENDED, 2),
                PerfMgt.DATA_OFFSET);

        assertThat(pc.portXmitData()).isEqualTo(0xFFFF_FFFFL);
        assertThat(x.portXmitData()).isEqualTo(0x1_0000_00F0L);
        assertThat(x.portXmitPkts()).isEqualTo(20);
        byte[] mad = request(SET, PerfMgt.PORT_COUNTERS_EXTENDED);
        PortCountersExtended.select(2, PortCountersExtended.SELECT_ALL).encodeTo(mad, PerfMgt.DATA_OFFSET);
        assertThat(PortCountersExtended.decode(answer(LEAF0_LID, mad, 0), PerfMgt.DATA_OFFSET).portXmitData())
                .isZero();
        assertThat(fabric.portCounters(LEAF0, 2).portXmitData()).as("cleared apart").isEqualTo(0xFFFF_FFFFL);
    }

    @Test
    void aCaAnswersForItsOwnPortASwitchForAnyOrAll() {
        assertThat(status(get(HOST0_LID, PerfMgt.PORT_COUNTERS, 1))).isZero();
        assertThat(status(get(HOST0_LID, PerfMgt.PORT_COUNTERS, 2))).isEqualTo(0x001C);
        assertThat(status(get(LEAF0_LID, PerfMgt.PORT_COUNTERS, 5))).isEqualTo(0x001C);
        fabric.faults().addPortErrors(LEAF0, 2, 3, 4);
        fabric.faults().addPortErrors(LEAF0, 4, 3, 5);
        PortCounters all = PortCounters.decode(get(LEAF0_LID, PerfMgt.PORT_COUNTERS, PerfMgt.ALL_PORTS),
                PerfMgt.DATA_OFFSET);
        assertThat(all.portSelect()).isEqualTo(0xFF);
        assertThat(all.portRcvErrors()).isEqualTo(9);
    }

    @Test
    void classPortInfoSaysWhatThePmaDoes() {
        byte[] sw = get(LEAF0_LID, PerfMgt.CLASS_PORT_INFO, 0);
        assertThat(ClassPortInfoLayout.CAPABILITY_MASK.getInt(sw, PerfMgt.DATA_OFFSET)).isEqualTo(0x1300);
        assertThat(ClassPortInfoLayout.CAPABILITY_MASK.getInt(get(HOST0_LID, PerfMgt.CLASS_PORT_INFO, 0),
                PerfMgt.DATA_OFFSET)).isEqualTo(0x1200);

        fabric.faults().setPerfMgtCapabilities(LEAF0, PerfMgt.CAP_XMIT_WAIT);

        assertThat(ClassPortInfoLayout.CAPABILITY_MASK.getInt(get(LEAF0_LID, PerfMgt.CLASS_PORT_INFO, 0),
                PerfMgt.DATA_OFFSET)).isEqualTo(PerfMgt.CAP_XMIT_WAIT);
        assertThat(status(get(LEAF0_LID, PerfMgt.PORT_COUNTERS_EXTENDED, 1))).isEqualTo(0x000C);
        assertThat(status(get(LEAF0_LID, PerfMgt.PORT_COUNTERS, PerfMgt.ALL_PORTS))).isEqualTo(0x001C);
    }

    @Test
    void aRedirectingPmaAnswersOnlyOnItsOtherQueuePair() {
        fabric.faults().redirectPerfMgt(LEAF0, 0x42);

        byte[] redirected = get(LEAF0_LID, PerfMgt.PORT_COUNTERS, 1);
        assertThat(status(redirected)).isEqualTo(0x0002);
        assertThat(ClassPortInfoLayout.REDIRECT_QP.getInt(redirected, PerfMgt.DATA_OFFSET)).isEqualTo(0x42);
        assertThat(ClassPortInfoLayout.REDIRECT_LID.getInt(redirected, PerfMgt.DATA_OFFSET)).isEqualTo(LEAF0_LID);
        assertThat(ClassPortInfoLayout.REDIRECT_Q_KEY.getLong(redirected, PerfMgt.DATA_OFFSET))
                .isEqualTo(0x8001_0000L);

        byte[] mad = request(GET, PerfMgt.PORT_COUNTERS);
        PortCounters.select(1).encodeTo(mad, PerfMgt.DATA_OFFSET);
        byte[] there = answer(LEAF0_LID, mad, 0x42);
        assertThat(status(there)).isZero();
        assertThat(PortCounters.decode(there, PerfMgt.DATA_OFFSET).portSelect()).isEqualTo(1);
    }

    @Test
    void aPowerCycleZeroesTheCounters() {
        fabric.faults().addPortErrors(HOST1, 1, 0, 5);
        fabric.faults().removeNode(HOST1);
        fabric.faults().returnNode(HOST1);
        assertThat(fabric.portCounters(HOST1, 1).symbolErrorCounter()).isZero();
    }

    private byte[] get(int lid, int attribute, int portSelect) {
        byte[] mad = request(GET, attribute);
        if (attribute == PerfMgt.PORT_COUNTERS) {
            PortCounters.select(portSelect).encodeTo(mad, PerfMgt.DATA_OFFSET);
        } else if (attribute == PerfMgt.PORT_COUNTERS_EXTENDED) {
            PortCountersExtended.select(portSelect, 0).encodeTo(mad, PerfMgt.DATA_OFFSET);
        }
        return answer(lid, mad, 0);
    }

    private byte[] request(int method, int attribute) {
        return PerfMgt.request(method, attribute, tid++);
    }

    /** Sends {@code mad} to {@code lid} (on QP1, or on {@code qp} if not 0) and returns the GetResp. */
    private byte[] answer(int lid, byte[] mad, int qp) {
        MadAddress.LidRouted to = qp == 0 ? MadAddress.gsi(lid, 0, 0)
                : new MadAddress.LidRouted(lid, qp, MadAddress.QP1_QKEY, 0, 0);
        byte[] r = pm.exchange(to, mad);
        assertThat(r).as("an answer").isNotNull();
        assertThat(MadHeader.METHOD.getInt(r, 0)).isEqualTo(0x81);
        return r;
    }

    private static int status(byte[] mad) {
        return MadHeader.STATUS.getInt(mad, 0);
    }

    private void setLid(DrPath path, long mod, int lid) {
        byte[] r = pm.get(path, AttributeId.PORT_INFO, mod);
        byte[] data = Arrays.copyOfRange(r, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
        PortInfo.LID.put(data, 0, lid);
        PortInfo.MASTER_SM_LID.put(data, 0, HOST0_LID);
        pm.set(path, AttributeId.PORT_INFO, mod, data);
    }
}
