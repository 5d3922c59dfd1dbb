package dev.jsm.sim;

import static dev.jsm.sim.TestFabrics.HOST0;
import static dev.jsm.sim.TestFabrics.HOST1;
import static dev.jsm.sim.TestFabrics.LEAF0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.cc.CaCongestionSetting;
import dev.jsm.mad.cc.CongestionControl;
import dev.jsm.mad.cc.CongestionControlTable;
import dev.jsm.mad.cc.CongestionInfo;
import dev.jsm.mad.cc.CongestionKeyInfo;
import dev.jsm.mad.cc.CongestionLog;
import dev.jsm.mad.cc.SwitchCongestionSetting;
import dev.jsm.mad.cc.SwitchPortCongestionSetting;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.ClassPortInfoLayout;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The simulated congestion control agents ({@code docs/congestion-control.md#the-simulators-agent}): what a switch
 * and a CA answer, Sets stored and answered as stored, block and limit checks, statuses, the CC_Key check with its
 * protect bit and lease, nodes without agent, power cycles. A manager at host-0 (LID 1) talks to leaf-0 (LID 3) and
 * host-1 (LID 2) on a fabric whose clock the test moves.
 */
class SimCongestionTest {

    private static final int HOST0_LID = 1;
    private static final int HOST1_LID = 2;
    private static final int LEAF0_LID = 3;
    private static final int GET = 0x01;
    private static final int SET = 0x02;
    private static final int D = CongestionControl.DATA_OFFSET;

    private final AtomicLong clock = new AtomicLong(1_000);
    private SimFabric fabric;
    private SmpClient cm;
    private long tid = 0x7A93;

    @BeforeEach
    void lidsAssigned() {
        fabric = new SimFabric(TestFabrics.twoLevel(), 0, clock::get);
        cm = new SmpClient(fabric, HOST0, 1);
        setLid(DrPath.local(), 0, HOST0_LID);
        setLid(DrPath.of(1), 0, LEAF0_LID);
        setLid(DrPath.of(1, 2), 0, HOST1_LID);
        byte[] lft = new byte[64];
        Arrays.fill(lft, (byte) 0xFF);
        lft[HOST0_LID] = 1;
        lft[HOST1_LID] = 2;
        cm.set(DrPath.of(1), AttributeId.LINEAR_FORWARDING_TABLE, 0, lft);
        byte[] si = new byte[64];
        si[7] = 10;
        cm.set(DrPath.of(1), AttributeId.SWITCH_INFO, 0, si);
    }

    @AfterEach
    void close() {
        fabric.close();
    }

    @Test
    void classPortInfoAndCongestionInfoSayWhatTheAgentIs() {
        byte[] cpi = answer(LEAF0_LID, request(GET, CongestionControl.CLASS_PORT_INFO, 0, 0));
        assertThat(ClassPortInfoLayout.BASE_VERSION.getInt(cpi, D)).isEqualTo(1);
        assertThat(ClassPortInfoLayout.CLASS_VERSION.getInt(cpi, D)).isEqualTo(2);
        assertThat(ClassPortInfoLayout.CAPABILITY_MASK.getInt(cpi, D)).as("no traps").isZero();
        assertThat(ClassPortInfoLayout.RESP_TIME_VALUE.getInt(cpi, D)).isEqualTo(0x12);

        assertThat(CongestionInfo.decode(get(LEAF0_LID, CongestionControl.CONGESTION_INFO, 0), D))
                .isEqualTo(new CongestionInfo(0, 0));
        assertThat(CongestionInfo.decode(get(HOST1_LID, CongestionControl.CONGESTION_INFO, 0), D))
                .isEqualTo(new CongestionInfo(0, 2));
        fabric.congestion().setTableBlocks(HOST1, 1);
        assertThat(CongestionInfo.decode(get(HOST1_LID, CongestionControl.CONGESTION_INFO, 0), D).controlTableCap())
                .isEqualTo(1);
    }

    @Test
    void aSwitchKeepsItsSettingAsWrittenAndAnswersIt() {
        SwitchCongestionSetting written = new SwitchCongestionSetting(0x1F, BigInteger.valueOf(0x1E),
                BigInteger.ONE.shiftLeft(3), 15, 8, 4, SwitchCongestionSetting.returnDelay(2, 300), 100);
        byte[] mad = request(SET, CongestionControl.SWITCH_CONGESTION_SETTING, 0, 0);
        written.encodeTo(mad, D);

        byte[] r = answer(LEAF0_LID, mad);

        assertThat(status(r)).isZero();
        assertThat(SwitchCongestionSetting.decode(r, D)).isEqualTo(written);
        assertThat(SwitchCongestionSetting.decode(get(LEAF0_LID, CongestionControl.SWITCH_CONGESTION_SETTING, 0), D))
                .isEqualTo(written);
        assertThat(fabric.congestion().switchSetting(LEAF0)).isEqualTo(written);
        assertThat(fabric.congestion().switchSetting(TestFabrics.LEAF1)).isEqualTo(SwitchCongestionSetting.ZERO);
    }

    @Test
    void aSwitchHasOneBlockOfPortElementsPer32Ports() {
        List<SwitchPortCongestionSetting.Element> elements = new ArrayList<>();
        for (int p = 0; p < SwitchPortCongestionSetting.PORTS_PER_BLOCK; p++) {
            elements.add(new SwitchPortCongestionSetting.Element(true, p % 2, p % 16, p, 1000 + p));
        }
        byte[] mad = request(SET, CongestionControl.SWITCH_PORT_CONGESTION_SETTING, 0, 0);
        new SwitchPortCongestionSetting(elements).encodeTo(mad, D);

        SwitchPortCongestionSetting answered = SwitchPortCongestionSetting.decode(answer(LEAF0_LID, mad), D);

        assertThat(answered.elements().subList(0, 5)).isEqualTo(elements.subList(0, 5));
        assertThat(answered.elements().subList(5, 32)).as("leaf-0 has ports 0..4 only")
                .containsOnly(SwitchPortCongestionSetting.Element.ZERO);
        assertThat(fabric.congestion().switchPortSetting(LEAF0, 4)).isEqualTo(elements.get(4));
        assertThat(status(get(LEAF0_LID, CongestionControl.SWITCH_PORT_CONGESTION_SETTING, 1))).isEqualTo(0x001C);
    }

    @Test
    void aCaPortKeepsItsSettingAndTableBlocks() {
        List<CaCongestionSetting.Entry> entries = new ArrayList<>(CaCongestionSetting.zero().entries());
        entries.set(3, new CaCongestionSetting.Entry(150, 1, 2, 3));
        CaCongestionSetting setting = new CaCongestionSetting(1, 0x0008, entries);
        byte[] mad = request(SET, CongestionControl.CA_CONGESTION_SETTING, 0, 0);
        setting.encodeTo(mad, D);
        assertThat(CaCongestionSetting.decode(answer(HOST1_LID, mad), D)).isEqualTo(setting);

        int[] first = new int[CongestionControlTable.ENTRIES];
        int[] second = new int[CongestionControlTable.ENTRIES];
        for (int i = 0; i < first.length; i++) {
            first[i] = CongestionControlTable.entry(i % 4, i);
            second[i] = i < 6 ? CongestionControlTable.entry(1, 1000 + i) : 0;
        }
        setTable(HOST1_LID, 0, new CongestionControlTable(69, first));
        CongestionControlTable block1 = CongestionControlTable.decode(setTable(HOST1_LID, 1,
                new CongestionControlTable(69, second)), D);

        assertThat(block1).isEqualTo(new CongestionControlTable(69, second));
        assertThat(CongestionControlTable.decode(get(HOST1_LID, CongestionControl.CONGESTION_CONTROL_TABLE, 0), D))
                .isEqualTo(new CongestionControlTable(69, first));
        assertThat(fabric.congestion().caSetting(HOST1, 1)).isEqualTo(setting);
        assertThat(fabric.congestion().table(HOST1, 1, 1).multiplier(5)).isEqualTo(1005);
        assertThat(status(setTable(HOST1_LID, 2, CongestionControlTable.empty(0)))).as("block 2 of 2")
                .isEqualTo(0x001C);
        assertThat(status(setTable(HOST1_LID, 0, CongestionControlTable.empty(128)))).as("CCTI_Limit beyond")
                .isEqualTo(0x001C);
        assertThat(fabric.congestion().table(HOST1, 1, 0).cctiLimit()).as("refused Sets change nothing")
                .isEqualTo(69);
    }

    @Test
    void statusesForWhatTheAgentDoesNotDo() {
        assertThat(status(get(LEAF0_LID, CongestionControl.CA_CONGESTION_SETTING, 0))).isEqualTo(0x000C);
        assertThat(status(get(LEAF0_LID, CongestionControl.CONGESTION_CONTROL_TABLE, 0))).isEqualTo(0x000C);
        assertThat(status(get(HOST1_LID, CongestionControl.SWITCH_CONGESTION_SETTING, 0))).isEqualTo(0x000C);
        assertThat(status(get(HOST1_LID, CongestionControl.SWITCH_PORT_CONGESTION_SETTING, 0))).isEqualTo(0x000C);
        assertThat(status(get(HOST1_LID, 0x0030, 0))).isEqualTo(0x000C);
        assertThat(status(answer(HOST1_LID, request(SET, CongestionControl.CONGESTION_INFO, 0, 0))))
                .isEqualTo(0x000C);
        assertThat(status(answer(HOST1_LID, request(SET, CongestionControl.TIME_STAMP, 0, 0)))).isEqualTo(0x000C);
        assertThat(status(answer(HOST1_LID, request(0x03, CongestionControl.CONGESTION_INFO, 0, 0))))
                .isEqualTo(0x0008);
        byte[] v1 = request(GET, CongestionControl.CONGESTION_INFO, 0, 0);
        MadHeader.CLASS_VERSION.put(v1, 0, 1);
        assertThat(status(answer(HOST1_LID, v1))).isEqualTo(0x0004);
    }

    @Test
    void timeStampAndLogsRunOnTheFabricsClock() {
        clock.set(2_048);
        byte[] ts = get(HOST1_LID, CongestionControl.TIME_STAMP, 0);
        assertThat(CongestionControl.TIME_STAMP_VALUE.getLong(ts, D)).as("2.048 s in 1.024 us").isEqualTo(2_000_000);

        byte[] sw = get(LEAF0_LID, CongestionControl.CONGESTION_LOG, 0);
        byte[] ca = get(HOST1_LID, CongestionControl.CONGESTION_LOG, 0);

        assertThat(CongestionLog.decode(sw, CongestionControl.LOG_DATA_OFFSET))
                .isEqualTo(CongestionLog.ofSwitch(0, 0, 2_000_000, BigInteger.ZERO));
        assertThat(CongestionLog.decode(ca, CongestionControl.LOG_DATA_OFFSET))
                .isEqualTo(CongestionLog.ofCa(0, 0, 0, 2_000_000));
        assertThat(Arrays.copyOfRange(sw, CongestionControl.LOG_DATA_OFFSET + 40, sw.length)).as("no events")
                .containsOnly(0);
        assertThat(Arrays.copyOfRange(ca, CongestionControl.LOG_DATA_OFFSET + 12, ca.length)).containsOnly(0);
    }

    @Test
    void aWrongKeyGetsNoAnswerButAGetOfTheKeyInfo() {
        fabric.congestion().setKey(HOST1, 1, 0x55, false, 0);

        assertThat(cm.exchange(MadAddress.gsi(HOST1_LID, 0, 0),
                request(GET, CongestionControl.CONGESTION_INFO, 0, 0x54))).as("wrong key").isNull();
        byte[] set = request(SET, CongestionControl.CA_CONGESTION_SETTING, 0, 0);
        CaCongestionSetting.zero().encodeTo(set, D);
        assertThat(cm.exchange(MadAddress.gsi(HOST1_LID, 0, 0), set)).isNull();
        assertThat(cm.failed).as("handed back as a failed send").hasSize(1);
        assertThat(fabric.congestion().keyInfo(HOST1, 1).violations()).isEqualTo(2);

        CongestionKeyInfo seen = CongestionKeyInfo.decode(get(HOST1_LID, CongestionControl.CONGESTION_KEY_INFO, 0),
                D);
        assertThat(seen).isEqualTo(new CongestionKeyInfo(0x55, false, 0, 2));
        assertThat(status(answer(HOST1_LID, request(GET, CongestionControl.CONGESTION_INFO, 0, 0x55)))).isZero();

        fabric.congestion().setKey(HOST1, 1, 0x55, true, 0);
        assertThat(CongestionKeyInfo.decode(get(HOST1_LID, CongestionControl.CONGESTION_KEY_INFO, 0), D).ccKey())
                .as("protected").isZero();
        byte[] withKey = answer(HOST1_LID, request(GET, CongestionControl.CONGESTION_KEY_INFO, 0, 0x55));
        assertThat(CongestionKeyInfo.decode(withKey, D).ccKey()).isEqualTo(0x55);
        assertThat(fabric.congestion().keyInfo(LEAF0, 0).ccKey()).as("another port's key").isZero();
    }

    @Test
    void aSetOfTheKeyInfoTakesTheKeyAndClearsViolationsOnlyWhenAskedTo() {
        fabric.congestion().setKey(HOST1, 1, 0x55, false, 0);
        cm.exchange(MadAddress.gsi(HOST1_LID, 0, 0), request(GET, CongestionControl.CONGESTION_INFO, 0, 0));

        assertThat(setKeyInfo(0x55, new CongestionKeyInfo(0x66, true, 30, 7))).isEqualTo(
                new CongestionKeyInfo(0x66, true, 30, 1));
        assertThat(setKeyInfo(0x66, new CongestionKeyInfo(0x66, true, 30, 0))).isEqualTo(
                new CongestionKeyInfo(0x66, true, 30, 0));
        assertThat(setKeyInfo(0x66, new CongestionKeyInfo(0, false, 0, 0))).isEqualTo(
                new CongestionKeyInfo(0, false, 0, 0));
        assertThat(status(answer(HOST1_LID, request(GET, CongestionControl.CONGESTION_INFO, 0, 0x1234)))).as(
                "key 0: no check").isZero();
    }

    @Test
    void aViolationStartsTheLeaseAndItsEndClearsTheProtectBit() {
        fabric.congestion().setKey(LEAF0, 0, 0x77, true, 10);
        assertThat(cm.exchange(MadAddress.gsi(LEAF0_LID, 0, 0),
                request(GET, CongestionControl.CONGESTION_INFO, 0, 0))).isNull();

        clock.addAndGet(9_999);
        assertThat(fabric.congestion().keyInfo(LEAF0, 0).protectBit()).isTrue();
        clock.addAndGet(1);
        assertThat(fabric.congestion().keyInfo(LEAF0, 0)).isEqualTo(new CongestionKeyInfo(0x77, false, 10, 1));
        assertThat(CongestionKeyInfo.decode(get(LEAF0_LID, CongestionControl.CONGESTION_KEY_INFO, 0), D).ccKey())
                .as("readable once the lease ran out").isEqualTo(0x77);
    }

    @Test
    void aPowerCycleForgetsEverythingSetButNotWhatTheNodeIs() {
        byte[] set = request(SET, CongestionControl.CA_CONGESTION_SETTING, 0, 0);
        new CaCongestionSetting(1, 1, CaCongestionSetting.zero().entries()).encodeTo(set, D);
        answer(HOST1_LID, set);
        setTable(HOST1_LID, 0, CongestionControlTable.empty(3));
        fabric.congestion().setKey(HOST1, 1, 0x99, true, 0);
        fabric.congestion().setTableBlocks(HOST1, 1);

        fabric.faults().removeNode(HOST1);
        fabric.faults().returnNode(HOST1);

        assertThat(fabric.congestion().caSetting(HOST1, 1)).isEqualTo(CaCongestionSetting.zero());
        assertThat(fabric.congestion().table(HOST1, 1, 0)).isEqualTo(CongestionControlTable.empty(0));
        assertThat(fabric.congestion().keyInfo(HOST1, 1)).isEqualTo(new CongestionKeyInfo(0, false, 0, 0));
        assertThat(fabric.congestion().tableBlocks(HOST1)).isEqualTo(1);
    }

    @Test
    void nodesWithoutAgentAnswerEveryGetAndSet0x000c() {
        fabric.congestion().setAgent(HOST1, false);
        assertThat(fabric.congestion().hasAgent(HOST1)).isFalse();
        assertThat(status(get(HOST1_LID, CongestionControl.CLASS_PORT_INFO, 0))).isEqualTo(0x000C);
        assertThat(status(answer(HOST1_LID, request(SET, CongestionControl.CA_CONGESTION_SETTING, 0, 0))))
                .isEqualTo(0x000C);
        fabric.congestion().setAgent(HOST1, true);
        assertThat(status(get(HOST1_LID, CongestionControl.CLASS_PORT_INFO, 0))).isZero();

        fabric.faults().muteNode(LEAF0);
        assertThat(cm.exchange(MadAddress.gsi(LEAF0_LID, 0, 0),
                request(GET, CongestionControl.CONGESTION_INFO, 0, 0))).as("muted").isNull();
    }

    @Test
    void aRouterHasNoAgent() {
        Topology.Builder b = Topology.builder();
        b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, "host", 0x1000, 1));
        b.addNode(TopoNode.withDefaultGuids(NodeKind.ROUTER, "router", 0x4000, 1));
        b.link(0, 1, 1, 1);
        try (SimFabric f = new SimFabric(b.build())) {
            assertThat(f.congestion().hasAgent(0)).isTrue();
            assertThat(f.congestion().hasAgent(1)).isFalse();
        }
        assertThatThrownBy(() -> fabric.congestion().caSetting(LEAF0, 1)).hasMessageContaining("not a CA port");
        assertThatThrownBy(() -> fabric.congestion().table(HOST1, 1, 2)).hasMessageContaining("2 table blocks");
    }

    private CongestionKeyInfo setKeyInfo(long key, CongestionKeyInfo info) {
        byte[] mad = request(SET, CongestionControl.CONGESTION_KEY_INFO, 0, key);
        info.encodeTo(mad, D);
        byte[] r = answer(HOST1_LID, mad);
        assertThat(status(r)).isZero();
        return CongestionKeyInfo.decode(r, D);
    }

    private byte[] setTable(int lid, int block, CongestionControlTable table) {
        byte[] mad = request(SET, CongestionControl.CONGESTION_CONTROL_TABLE, block, 0);
        table.encodeTo(mad, D);
        return answer(lid, mad);
    }

    private byte[] get(int lid, int attribute, long modifier) {
        return answer(lid, request(GET, attribute, modifier, 0));
    }

    private byte[] request(int method, int attribute, long modifier, long key) {
        return CongestionControl.request(method, attribute, modifier, tid++, key);
    }

    /** Sends {@code mad} to {@code lid}'s QP1 and returns the GetResp. */
    private byte[] answer(int lid, byte[] mad) {
        byte[] r = cm.exchange(MadAddress.gsi(lid, 0, 0), mad);
        assertThat(r).as("an answer").isNotNull();
        assertThat(MadHeader.METHOD.getInt(r, 0)).isEqualTo(0x81);
        assertThat(CongestionControl.CC_KEY.getLong(r, 0)).as("the key echoed")
                .isEqualTo(CongestionControl.CC_KEY.getLong(mad, 0));
        return r;
    }

    private static int status(byte[] mad) {
        return MadHeader.STATUS.getInt(mad, 0);
    }

    private void setLid(DrPath path, long mod, int lid) {
        byte[] r = cm.get(path, AttributeId.PORT_INFO, mod);
        byte[] data = Arrays.copyOfRange(r, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
        PortInfo.LID.put(data, 0, lid);
        PortInfo.MASTER_SM_LID.put(data, 0, HOST0_LID);
        cm.set(path, AttributeId.PORT_INFO, mod, data);
    }
}
