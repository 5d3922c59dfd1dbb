package dev.jsm.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.MlnxExtendedPortInfo;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.topo.TopologyReader;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Ports of every speed on one switch (docs/link-speeds.md): what their links train to, what PortInfo and Mellanox's
 * ExtendedPortInfo report with and without the SMSupportExtendedSpeeds modifier bit, and a speed change taking effect
 * when an SM bounces the link (Down and Polling in the answer to the Set, LinkUp again after).
 */
class SimLinkSpeedsTest {

    private static final String NET = """
            Switch 8 "sw"
            [1] "sm"[1] speed=edr
            [2] "xdr"[1] speed=xdr width=4x
            [3] "ndr"[1] speed=xdr width=4x
            [4] "fdr10"[1] speed=fdr10
            [5] "old"[1]
            [6] "hdr"[1] w=2 e=7

            Hca 1 "sm"
            [1] "sw"[1] speed=edr
            Hca 1 "xdr"
            [1] "sw"[2] speed=xdr width=4x
            Hca 1 "ndr"
            [1] "sw"[3] speed=ndr width=8x
            Hca 1 "fdr10"
            [1] "sw"[4] speed=fdr10
            Hca 1 "old"
            [1] "sw"[5]
            Hca 1 "hdr"
            [1] "sw"[6] w=2 e=7
            """;
    private static final long AM_EXT = PortInfo.AM_SM_SUPPORTS_EXTENDED_SPEEDS;

    private SimFabric fabric;
    private SmpClient sm;

    @BeforeEach
    void setUp() throws Exception {
        fabric = new SimFabric(TopologyReader.parse(NET, "speeds.net"));
        sm = new SmpClient(fabric, fabric.nodeIndex("sm"), 1);
    }

    @AfterEach
    void tearDown() {
        fabric.close();
    }

    @Test
    void eachLinkTrainsAtTheBestSpeedBothEndsHave() {
        PortInfo xdr = portInfo(DrPath.of(1, 2), 0, AM_EXT);
        assertThat(xdr.linkSpeedExtActive2()).as("XDR").isEqualTo(1);
        assertThat(xdr.linkSpeedExtActive()).isZero();
        assertThat(xdr.linkSpeedActive()).as("QDR in the legacy field").isEqualTo(4);
        assertThat(xdr.linkWidthActive()).as("4x").isEqualTo(2);
        assertThat(xdr.linkWidthSupported()).as("1x, 2x, 4x").isEqualTo(0x13);
        assertThat(xdr.capabilityMask2() & 0x1C20).as("HDR, NDR, ExtSpeeds2, XDR").isEqualTo(0x1C20);
        assertThat(xdr.hasCapability(PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED)).isTrue();

        PortInfo ndr = portInfo(DrPath.of(1, 3), 0, AM_EXT);
        assertThat(ndr.linkSpeedExtActive()).as("NDR: the XDR switch port meets an NDR HCA").isEqualTo(8);
        assertThat(ndr.linkSpeedExtActive2()).isZero();
        assertThat(ndr.linkWidthActive()).as("4x: the switch port is 4x, the HCA 8x").isEqualTo(2);

        PortInfo edr = portInfo(DrPath.local(), 0, 0);
        assertThat(edr.linkSpeedExtActive()).as("EDR ignores the modifier bit").isEqualTo(2);
        assertThat(edr.linkSpeedExtSupported()).isEqualTo(3);
        assertThat(edr.capabilityMask2() & 0x1C20).as("no HDR or later bit").isZero();

        PortInfo hdr = portInfo(DrPath.of(1, 6), 0, 0);
        assertThat(hdr.linkSpeedExtActive()).as("ibsim's e=7: HDR").isEqualTo(4);
        assertThat(hdr.linkWidthActive()).as("ibsim's w=2: 4x").isEqualTo(2);

        PortInfo old = portInfo(DrPath.of(1, 5), 0, AM_EXT);
        assertThat(old.linkSpeedActive()).as("ibsim's default: SDR").isEqualTo(1);
        assertThat(old.linkSpeedExtActive()).isZero();
        assertThat(old.linkWidthSupported()).isEqualTo(0x1F);
    }

    @Test
    void withoutTheModifierBitAnNdrPortHidesItsExtendedSpeeds() {
        PortInfo bit = portInfo(DrPath.of(1, 3), 0, AM_EXT);
        PortInfo noBit = portInfo(DrPath.of(1, 3), 0, 0);

        assertThat(bit.linkSpeedExtSupported()).isEqualTo(15);
        assertThat(noBit.linkSpeedExtActive()).isZero();
        assertThat(noBit.linkSpeedExtSupported()).isZero();
        assertThat(noBit.linkSpeedExtEnabled()).isZero();
        assertThat(noBit.capabilityMask()).as("the capability stays").isEqualTo(bit.capabilityMask());
        assertThat(noBit.linkSpeedActive()).isEqualTo(4);
        PortInfo switchSide = portInfo(DrPath.of(1), 2, 0);
        assertThat(switchSide.linkSpeedExtActive2()).as("the XDR switch port needs the bit too").isZero();
        assertThat(portInfo(DrPath.of(1), 2, AM_EXT).linkSpeedExtActive2()).isEqualTo(1);
    }

    @Test
    void fdr10IsInExtendedPortInfoAndQdrInPortInfo() {
        MlnxExtendedPortInfo e = mlnx(DrPath.of(1, 4), 0);
        assertThat(e.linkSpeedSupported()).isEqualTo(1);
        assertThat(e.fdr10Active()).isTrue();
        assertThat(portInfo(DrPath.of(1, 4), 0, AM_EXT).linkSpeedActive()).isEqualTo(4);
        assertThat(mlnx(DrPath.of(1), 4).fdr10Active()).as("the switch end").isTrue();
        assertThat(mlnx(DrPath.of(1), 1).fdr10Active()).as("EDR is active on the SM's link").isFalse();
        assertThat(mlnx(DrPath.of(1), 5).linkSpeedSupported()).as("an ibsim default port").isZero();
    }

    @Test
    void aSpeedChangeTakesEffectWhenTheSmBouncesTheLink() {
        byte[] pi = payload(sm.get(DrPath.of(1, 3), AttributeId.PORT_INFO, AM_EXT));
        PortInfo.LINK_SPEED_EXT_ENABLED.put(pi, 0, 3);
        assertThat(status(sm.set(DrPath.of(1, 3), AttributeId.PORT_INFO, AM_EXT, pi))).isZero();
        assertThat(portInfo(DrPath.of(1, 3), 0, AM_EXT).linkSpeedExtActive()).as("not before the link trains")
                .isEqualTo(8);

        PortInfo.PORT_STATE.put(pi, 0, PortInfo.STATE_DOWN);
        PortInfo.LINK_SPEED_EXT_ENABLED.put(pi, 0, 0);
        byte[] answer = sm.set(DrPath.of(1, 3), AttributeId.PORT_INFO, AM_EXT, pi);
        PortInfo down = PortInfo.decode(answer, Smp.DATA_OFFSET);
        assertThat(down.portState()).as("Down in the answer to the Set").isEqualTo(PortInfo.STATE_DOWN);
        assertThat(down.portPhysicalState()).as("Polling").isEqualTo(2);

        PortInfo up = portInfo(DrPath.of(1, 3), 0, AM_EXT);
        assertThat(up.portState()).as("trained again").isEqualTo(PortInfo.STATE_INIT);
        assertThat(up.portPhysicalState()).isEqualTo(5);
        assertThat(up.linkSpeedExtActive()).as("EDR now").isEqualTo(2);
        assertThat(fabric.portInfo(fabric.nodeIndex("sw"), 3).linkSpeedExtActive()).isEqualTo(2);
    }

    @Test
    void anSmWithoutTheBitCannotChangeExtendedEnables() {
        byte[] pi = payload(sm.get(DrPath.of(1, 3), AttributeId.PORT_INFO, 0));
        PortInfo.LINK_SPEED_EXT_ENABLED.put(pi, 0, 1);
        PortInfo.PORT_STATE.put(pi, 0, PortInfo.STATE_DOWN);
        assertThat(status(sm.set(DrPath.of(1, 3), AttributeId.PORT_INFO, 0, pi))).isZero();

        assertThat(portInfo(DrPath.of(1, 3), 0, AM_EXT).linkSpeedExtActive()).as("still NDR").isEqualTo(8);
    }

    @Test
    void disablingFdr10FallsBackToQdr() {
        byte[] e = new byte[64];
        new MlnxExtendedPortInfo(0, 1, 0, 0).encodeTo(e, 0);
        assertThat(status(sm.set(DrPath.of(1, 4), AttributeId.MLNX_EXTENDED_PORT_INFO, 0, e))).isZero();
        new MlnxExtendedPortInfo(0, 0, 2, 0).encodeTo(e, 0);
        assertThat(status(sm.set(DrPath.of(1, 4), AttributeId.MLNX_EXTENDED_PORT_INFO, 0, e))).as("not supported")
                .isEqualTo(0x1C);
        byte[] pi = payload(sm.get(DrPath.of(1, 4), AttributeId.PORT_INFO, 0));
        PortInfo.PORT_STATE.put(pi, 0, PortInfo.STATE_DOWN);
        sm.set(DrPath.of(1, 4), AttributeId.PORT_INFO, 0, pi);

        assertThat(mlnx(DrPath.of(1, 4), 0).fdr10Active()).isFalse();
        assertThat(mlnx(DrPath.of(1, 4), 0).linkSpeedEnabled()).isZero();
        assertThat(portInfo(DrPath.of(1, 4), 0, 0).linkSpeedActive()).as("QDR").isEqualTo(4);
    }

    private PortInfo portInfo(DrPath path, int port, long bit) {
        byte[] r = sm.get(path, AttributeId.PORT_INFO, port | bit);
        assertThat(status(r)).isZero();
        return PortInfo.decode(r, Smp.DATA_OFFSET);
    }

    private MlnxExtendedPortInfo mlnx(DrPath path, int port) {
        byte[] r = sm.get(path, AttributeId.MLNX_EXTENDED_PORT_INFO, port);
        assertThat(status(r)).isZero();
        return MlnxExtendedPortInfo.decode(r, Smp.DATA_OFFSET);
    }

    private static byte[] payload(byte[] mad) {
        return Arrays.copyOfRange(mad, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
    }

    private static int status(byte[] mad) {
        return MadHeader.STATUS.getInt(mad, 0) & 0x7FFF;
    }
}
