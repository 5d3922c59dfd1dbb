package dev.jsm.mad.perf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.ClassPortInfoLayout;
import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.HexFixture;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.MgmtClass;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The PerfMgt attributes on bytes we did not produce: ibsim's PMA answers to PortCounters, PortCountersExtended and
 * ClassPortInfo Gets for port 3 of the switch at LID 2 of {@code fat2-16.net} (configured by the reference
 * OpenSM), cut from the GetResp MADs at byte 64. {@code perfquery 2 3} and {@code perfquery -x 2 3}, run just before
 * and just after, printed the values the tests expect (the port carried no traffic in between). Also: the layouts
 * cover their attributes exactly.
 */
class PerfMgtGoldenTest {

    static final byte[] PORT_COUNTERS = HexFixture.parse("""
            00                  // reserved
            03                  // PortSelect: 3
            0000                // CounterSelect
            0000                // SymbolErrorCounter
            00 00               // LinkErrorRecoveryCounter, LinkDownedCounter
            0000 0000           // PortRcvErrors, PortRcvRemotePhysicalErrors
            0000 0000           // PortRcvSwitchRelayErrors, PortXmitDiscards
            00 00               // PortXmitConstraintErrors, PortRcvConstraintErrors
            00                  // CounterSelect2
            00                  // LocalLinkIntegrityErrors(7:4) | ExcessiveBufferOverrunErrors(3:0)
            0000 0000           // QP1Dropped, VL15Dropped
            00000288            // PortXmitData: 648 words
            00000288            // PortRcvData: 648 words
            00000009            // PortXmitPkts: 9
            00000009            // PortRcvPkts: 9
            00000000            // PortXmitWait
            """);

    static final byte[] PORT_COUNTERS_EXTENDED = HexFixture.parse("""
            00 03 0000          // reserved, PortSelect 3, CounterSelect
            00000000            // CounterSelect2
            0000000000000288    // PortXmitData: 648 words
            0000000000000288    // PortRcvData
            0000000000000009    // PortXmitPkts
            0000000000000009    // PortRcvPkts
            00*32               // unicast and multicast packet counters
            """);

    static final byte[] CLASS_PORT_INFO = HexFixture.parse("""
            01 01               // BaseVersion 1, ClassVersion 1
            1300                // CapabilityMask: XmitWait(12) | ExtendedWidth(9) | AllPortSelect(8)
            00000012            // CapabilityMask2 (27 bits) | RespTimeValue (5 bits): 0x12
            00*64               // no redirection, no trap destination
            """);

    @Test
    void portCountersMatchPerfquery() {
        PortCounters pc = PortCounters.decode(PORT_COUNTERS, 0);
        assertThat(pc).isEqualTo(new PortCounters(3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 648, 648, 9, 9, 0));
        assertThat(reencoded(PortCounters.SIZE, b -> pc.encodeTo(b, 0))).isEqualTo(PORT_COUNTERS);
    }

    @Test
    void extendedCountersMatchPerfqueryX() {
        PortCountersExtended x = PortCountersExtended.decode(PORT_COUNTERS_EXTENDED, 0);
        assertThat(x).isEqualTo(new PortCountersExtended(3, 0, 0, 648, 648, 9, 9, 0, 0, 0, 0));
        assertThat(reencoded(PortCountersExtended.SIZE, b -> x.encodeTo(b, 0))).isEqualTo(PORT_COUNTERS_EXTENDED);
    }

    @Test
    void classPortInfoCapabilitiesAsPerfquerySaysThem() {
        // perfquery: "CapMask: 0x1300"
        int cap = ClassPortInfoLayout.CAPABILITY_MASK.getInt(CLASS_PORT_INFO, 0);
        assertThat(cap).isEqualTo(0x1300)
                .isEqualTo(PerfMgt.CAP_XMIT_WAIT | PerfMgt.CAP_EXTENDED_WIDTH | PerfMgt.CAP_ALL_PORT_SELECT);
        assertThat(PerfMgt.hasExtendedCounters(cap)).isTrue();
        assertThat(PerfMgt.hasExtendedCounters(PerfMgt.CAP_EXTENDED_WIDTH_NO_IETF)).isTrue();
        assertThat(PerfMgt.hasExtendedCounters(PerfMgt.CAP_XMIT_WAIT)).isFalse();
        assertThat(ClassPortInfoLayout.RESP_TIME_VALUE.getInt(CLASS_PORT_INFO, 0)).isEqualTo(0x12);
    }

    @Test
    void clearsNameTheirCounters() {
        PortCounters clear = PortCounters.clear(7, PortCounters.SELECT_ERRORS, 1);
        byte[] b = new byte[PortCounters.SIZE];
        clear.encodeTo(b, 0);
        assertThat(PortCounters.PORT_SELECT.getInt(b, 0)).isEqualTo(7);
        assertThat(PortCounters.COUNTER_SELECT.getInt(b, 0)).isEqualTo(0x0FFF);
        assertThat(PortCounters.COUNTER_SELECT2.getInt(b, 0)).isEqualTo(1);
        assertThat(PortCounters.select(2)).isEqualTo(PortCounters.clear(2, 0, 0));
    }

    @Test
    void requestsHaveThePerfMgtHeader() {
        byte[] mad = PerfMgt.request(0x02, PerfMgt.PORT_COUNTERS, 0xCAFEL);
        MadHeader h = MadHeader.decode(mad);
        assertThat(h).isEqualTo(new MadHeader(1, MgmtClass.PERF_MGT.value(), 1, 0x02, 0, 0, 0xCAFEL, 0x0012, 0));
        assertThat(Arrays.copyOfRange(mad, MadHeader.SIZE, mad.length)).containsOnly(0);
    }

    @Test
    void layoutsCoverEveryBitOnce() {
        for (Layout layout : List.of(PortCounters.LAYOUT, PortCountersExtended.LAYOUT, ClassPortInfoLayout.LAYOUT)) {
            assertThat(layout.uncoveredBits()).as(layout.name()).isZero();
            int end = 0;
            for (Field f : layout.fields()) {
                assertThat(f.bitOffset()).as("%s starts where the previous field ends", f).isEqualTo(end);
                end = f.bitOffset() + f.bitWidth();
            }
            assertThat(end).isEqualTo(layout.size() * 8);
        }
        assertThat(PortCounters.LAYOUT.size()).isEqualTo(44);
        assertThat(PortCountersExtended.LAYOUT.size()).isEqualTo(72);
    }

    private static byte[] reencoded(int size, java.util.function.Consumer<byte[]> encode) {
        byte[] b = new byte[size];
        Arrays.fill(b, (byte) 0x5A);
        encode.accept(b);
        return b;
    }
}
