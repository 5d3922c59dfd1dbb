package dev.jsm.sim;

import static dev.jsm.sim.TestFabrics.HOST0;
import static dev.jsm.sim.TestFabrics.HOST2;
import static dev.jsm.sim.TestFabrics.LEAF0;
import static dev.jsm.sim.TestFabrics.SPINE0;
import static dev.jsm.sim.TestFabrics.SPINE1;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** PortInfo Set rules, port state transitions and LID routing after the SM programmed LIDs and LFTs. */
class SimPortInfoTest {

    private static final DrPath SELF = DrPath.local();
    private static final DrPath TO_LEAF0 = DrPath.of(1);
    private static final DrPath TO_SPINE0 = DrPath.of(1, 3);
    private static final DrPath TO_LEAF1 = DrPath.of(1, 3, 2);
    private static final DrPath TO_HOST2 = DrPath.of(1, 3, 2, 1);

    private SimFabric fabric;
    private SmpClient sm;

    @BeforeEach
    void setUp() {
        fabric = new SimFabric(TestFabrics.twoLevel());
        sm = new SmpClient(fabric, HOST0, 1);
    }

    @AfterEach
    void tearDown() {
        fabric.close();
    }

    @Test
    void lidRoutedGetFollowsTheProgrammedLfts() {
        setPortInfo(SELF, 0, 0, PortInfo.LID, 1);
        setPortInfo(TO_LEAF0, 0, 0, PortInfo.LID, 2);
        setPortInfo(TO_LEAF1, 0, 0, PortInfo.LID, 3);
        setPortInfo(TO_SPINE0, 0, 0, PortInfo.LID, 4);
        setPortInfo(TO_HOST2, 0, 0, PortInfo.LID, 8);
        setPortInfo(TO_HOST2, 0, 0, PortInfo.LMC, 2);
        programLft(TO_LEAF0, new int[] {1, 1, 2, 0, 3, 3, 4, 3, 8, 3});
        programLft(TO_SPINE0, new int[] {1, 1, 3, 2, 4, 0, 8, 2});
        programLft(TO_LEAF1, new int[] {1, 3, 3, 0, 4, 3, 8, 1});

        assertThat(sm.lidGet(3, AttributeId.NODE_INFO, 0)).as("LinearFDBTop still 0").isNull();
        for (DrPath sw : new DrPath[] {TO_LEAF0, TO_SPINE0, TO_LEAF1}) {
            byte[] si = sm.get(sw, AttributeId.SWITCH_INFO, 0);
            SwitchInfo.LINEAR_FDB_TOP.put(si, Smp.DATA_OFFSET, 63);
            sm.set(sw, AttributeId.SWITCH_INFO, 0, Arrays.copyOfRange(si, Smp.DATA_OFFSET, Smp.DATA_OFFSET + 64));
        }

        assertThat(nodeGuid(sm.lidGet(3, AttributeId.NODE_INFO, 0))).isEqualTo(0x2100);
        assertThat(nodeGuid(sm.lidGet(4, AttributeId.NODE_INFO, 0))).isEqualTo(0x3000);
        assertThat(nodeGuid(sm.lidGet(10, AttributeId.NODE_INFO, 0))).as("within host-2's LMC range")
                .isEqualTo(0x1200);
        assertThat(nodeGuid(sm.lidGet(1, AttributeId.NODE_INFO, 0))).as("own LID").isEqualTo(0x1000);
        assertThat(sm.lidGet(12, AttributeId.NODE_INFO, 0)).as("LID 12 beyond the LMC range").isNull();
        assertThat(sm.lidGet(40, AttributeId.NODE_INFO, 0)).as("no LFT entry").isNull();
    }

    @Test
    void portStatesMoveOnlyInLegalOrder() {
        assertThat(setPortInfo(TO_HOST2, 0, 0, PortInfo.PORT_STATE, 4)).as("Init -> Active").isEqualTo(0x1C);
        assertThat(setPortInfo(TO_HOST2, 0, 0, PortInfo.PORT_STATE, 3)).isZero();
        assertThat(fabric.portInfo(HOST2, 1).portState()).isEqualTo(3);
        assertThat(setPortInfo(TO_HOST2, 0, 0, PortInfo.PORT_STATE, 4)).as("neighbour still Init").isEqualTo(0x1C);
        assertThat(setPortInfo(TO_LEAF1, 1, 1, PortInfo.PORT_STATE, 3)).isZero();
        assertThat(setPortInfo(TO_HOST2, 0, 0, PortInfo.PORT_STATE, 4)).isZero();
        assertThat(setPortInfo(TO_HOST2, 0, 0, PortInfo.PORT_STATE, 3)).as("Active -> Armed").isEqualTo(0x1C);
        assertThat(setPortInfo(TO_HOST2, 0, 0, PortInfo.PORT_STATE, 5)).isEqualTo(0x1C);
        assertThat(setPortInfo(TO_SPINE0, 3, 3, PortInfo.PORT_STATE, 3)).as("uncabled").isEqualTo(0x1C);
        assertThat(setPortInfo(TO_SPINE0, 0, 0, PortInfo.PORT_STATE, 3)).as("switch port 0").isEqualTo(0x1C);
        assertThat(fabric.portInfo(HOST2, 1).portState()).isEqualTo(4);
    }

    @Test
    void rejectedSetChangesNothing() {
        byte[] data = portInfo(TO_HOST2, 0);
        PortInfo.LID.put(data, 0, 5);
        PortInfo.PORT_STATE.put(data, 0, 4);

        assertThat(Smp.status(sm.set(TO_HOST2, AttributeId.PORT_INFO, 0, data))).isEqualTo(0x1C);
        assertThat(fabric.portInfo(HOST2, 1).lid()).isZero();
    }

    @Test
    void neighborMtuIsCappedAtBothEndsMtuCap() {
        assertThat(setPortInfo(SELF, 0, 0, PortInfo.NEIGHBOR_MTU, 5)).isZero();
        assertThat(fabric.portInfo(HOST0, 1).neighborMtu()).isEqualTo(4);
        assertThat(setPortInfo(TO_LEAF0, 0, 0, PortInfo.NEIGHBOR_MTU, 5)).isZero();
        assertThat(fabric.portInfo(LEAF0, 0).neighborMtu()).as("port 0 MTUCap 3").isEqualTo(3);
        assertThat(setPortInfo(SELF, 0, 0, PortInfo.NEIGHBOR_MTU, 0)).isEqualTo(0x1C);
    }

    @Test
    void operationalVlsAreLimitedByVlCap() {
        assertThat(setPortInfo(SELF, 0, 0, PortInfo.OPERATIONAL_VLS, 5)).isEqualTo(0x1C);
        assertThat(setPortInfo(SELF, 0, 0, PortInfo.OPERATIONAL_VLS, 2)).isZero();
        assertThat(fabric.portInfo(HOST0, 1).operationalVls()).isEqualTo(2);
    }

    @Test
    void downRetrainsTheLinkAndFlagsTheSwitchAtTheOtherEnd() {
        clearPortStateChange(TO_LEAF0);
        clearPortStateChange(TO_SPINE0);
        setPortInfo(TO_LEAF0, 3, 3, PortInfo.PORT_STATE, 3);
        setPortInfo(TO_LEAF0, 3, 3, PortInfo.LINK_WIDTH_ENABLED, 1);
        setPortInfo(TO_SPINE0, 1, 1, PortInfo.LINK_WIDTH_ENABLED, 255);
        assertThat(fabric.portInfo(SPINE0, 1).linkWidthActive()).as("until the link retrains").isEqualTo(2);

        assertThat(setPortInfo(TO_LEAF0, 3, 3, PortInfo.PORT_STATE, 1)).isZero();

        assertThat(fabric.portInfo(LEAF0, 3).portState()).isEqualTo(2);
        assertThat(fabric.portInfo(SPINE0, 1).portState()).isEqualTo(2);
        assertThat(fabric.portInfo(SPINE0, 1).linkWidthActive()).as("retrained at 1x").isEqualTo(1);
        assertThat(fabric.switchInfo(SPINE0).portStateChange()).isEqualTo(1);
        assertThat(fabric.switchInfo(LEAF0).portStateChange()).isZero();
    }

    @Test
    void disabledPortTakesTheLinkDownUntilPolling() {
        assertThat(setPortInfo(TO_LEAF0, 4, 4, PortInfo.PORT_PHYSICAL_STATE, 3)).isZero();

        assertThat(fabric.portInfo(LEAF0, 4).portPhysicalState()).isEqualTo(3);
        assertThat(fabric.portInfo(SPINE1, 1).portPhysicalState()).isEqualTo(2);
        assertThat(fabric.portInfo(SPINE1, 1).portState()).isEqualTo(1);
        assertThat(sm.get(DrPath.of(1, 4), AttributeId.NODE_INFO, 0)).isNull();

        assertThat(setPortInfo(TO_LEAF0, 4, 4, PortInfo.PORT_PHYSICAL_STATE, 2)).isZero();
        assertThat(fabric.portInfo(SPINE1, 1).portPhysicalState()).isEqualTo(5);
        assertThat(fabric.portInfo(LEAF0, 4).portState()).isEqualTo(2);
        assertThat(sm.get(DrPath.of(1, 4), AttributeId.NODE_INFO, 0)).isNotNull();
    }

    @Test
    void enableMasksMustBeSupported() {
        assertThat(setPortInfo(SELF, 0, 0, PortInfo.LINK_WIDTH_ENABLED, 255)).isZero();
        assertThat(fabric.portInfo(HOST0, 1).linkWidthEnabled()).isEqualTo(0x1F);
        assertThat(setPortInfo(SELF, 0, 0, PortInfo.LINK_WIDTH_ENABLED, 0x20)).isEqualTo(0x1C);
        assertThat(setPortInfo(SELF, 0, 0, PortInfo.LINK_SPEED_ENABLED, 15)).isZero();
        assertThat(fabric.portInfo(HOST0, 1).linkSpeedEnabled()).isEqualTo(7);
        assertThat(setPortInfo(SELF, 0, 0, PortInfo.LINK_SPEED_EXT_ENABLED, 1)).as("no extended speeds")
                .isEqualTo(0x1C);
    }

    @Test
    void caAcceptsSetOnlyForTheArrivalPort() {
        assertThat(setPortInfo(SELF, 2, 2, PortInfo.LID, 9)).isEqualTo(0x1C);
        assertThat(Smp.status(sm.get(SELF, AttributeId.PORT_INFO, 2))).isZero();
        assertThat(Smp.status(sm.get(SELF, AttributeId.PORT_INFO, 3))).isEqualTo(0x1C);
    }

    /** Get PortInfo {@code getMod}, change one field, Set it with {@code setMod}; returns the status. */
    private int setPortInfo(DrPath path, long getMod, long setMod, Field field, long value) {
        byte[] data = portInfo(path, getMod);
        field.put(data, 0, value);
        byte[] r = sm.set(path, AttributeId.PORT_INFO, setMod, data);
        assertThat(r).isNotNull();
        return Smp.status(r);
    }

    private byte[] portInfo(DrPath path, long mod) {
        byte[] r = sm.get(path, AttributeId.PORT_INFO, mod);
        return Arrays.copyOfRange(r, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
    }

    private void clearPortStateChange(DrPath sw) {
        byte[] si = new byte[64];
        SwitchInfo.PORT_STATE_CHANGE.put(si, 0, 1);
        sm.set(sw, AttributeId.SWITCH_INFO, 0, si);
    }

    /** Programs LFT block 0 from (lid, port) pairs. */
    private void programLft(DrPath sw, int[] lidPort) {
        byte[] block = new byte[64];
        Arrays.fill(block, (byte) 0xFF);
        for (int i = 0; i < lidPort.length; i += 2) {
            int lid = lidPort[i];
            int port = lidPort[i + 1];
            block[lid] = (byte) port;
            if (lid == 8) {
                Arrays.fill(block, 8, 12, (byte) port);
            }
        }
        assertThat(Smp.status(sm.set(sw, AttributeId.LINEAR_FORWARDING_TABLE, 0, block))).isZero();
    }

    private static long nodeGuid(byte[] r) {
        assertThat(r).as("a response").isNotNull();
        assertThat(Smp.status(r)).isZero();
        return NodeInfo.decode(r, Smp.DATA_OFFSET).nodeGuid();
    }
}
