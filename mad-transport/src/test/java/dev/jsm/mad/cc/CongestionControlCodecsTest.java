package dev.jsm.mad.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.HexFixture;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.MgmtClass;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The congestion control attributes on annotated fixtures written from the field tables of
 * {@code docs/congestion-control.md}: each test decodes a fixture, checks every field and encodes the record back to
 * the same bytes.
 */
class CongestionControlCodecsTest {

    static final byte[] CONGESTION_INFO = HexFixture.parse("""
            0000                // CongestionInfo
            02                  // ControlTableCap: 2 blocks of 64 entries
            00                  // reserved
            """);

    static final byte[] CONGESTION_KEY_INFO = HexFixture.parse("""
            0000000000001234    // CC_Key
            80 00               // CC_KeyProtectBit (bit 7), 15 reserved bits
            003c                // CC_KeyLeasePeriod: 60 s
            0002                // CC_KeyViolations: 2
            0000                // reserved
            """);

    /** Control_Map 0x1F, ports 1 and 3 victims, port 2 credit starved, threshold 15, CS 3:100, rate 10. */
    static final byte[] SWITCH_CONGESTION_SETTING = HexFixture.parse("""
            0000001f            // Control_Map
            00*31 0a            // Victim_Mask: bits 1 and 3
            00*31 04            // Credit_Mask: bit 2
            f0                  // Threshold 15 (bits 7:4), reserved
            08                  // Packet_Size: 8 credits
            50 00               // CS_Threshold 5 (bits 7:4), 12 reserved bits
            4064                // CS_ReturnDelay: shift 1 (bits 15:14), multiplier 100
            000a                // Marking_Rate: 10
            """);

    /** Block 0: port 1 marks (threshold 7, 16 credits, rate 200), port 2 credit starvation threshold 3. */
    static final byte[] SWITCH_PORT_CONGESTION_SETTING = HexFixture.parse("""
            00000000            // port 0: not valid
            87 10 00c8          // port 1: Valid, Control_Type 0, Threshold 7; Packet_Size 16; Marking_Rate 200
            c3 00 0000          // port 2: Valid, Control_Type 1, Threshold 3
            00000000*29         // ports 3..31
            """);

    /** SL/port based, SLs 0 and 2 configured. */
    static final byte[] CA_CONGESTION_SETTING = HexFixture.parse("""
            0001                // Port_Control: SL/port based
            0005                // Control_Map: SLs 0 and 2
            0400 01 02 00 000000 // SL0: CCTI_Timer 1024, CCTI_Increase 1, Trigger_Threshold 2, CCTI_Min 0
            0000000000000000    // SL1
            0100 04 08 03 000000 // SL2: 256, 4, 8, CCTI_Min 3
            0000000000000000*13 // SL3..15
            """);

    /** Block 1 of a 70-entry table: entries 64..69. */
    static final byte[] CONGESTION_CONTROL_TABLE = HexFixture.parse("""
            0045                // CCTI_Limit: 69
            0000                // reserved
            0000                // entry 64: 0:0
            0001                // entry 65: 0:1
            4002                // entry 66: 1:2
            8003                // entry 67: 2:3
            ffff                // entry 68: 3:16383
            c000                // entry 69: 3:0
            0000*58             // entries 70..127
            """);

    static final byte[] SWITCH_LOG = HexFixture.parse("""
            01                  // LogType: switch
            00                  // CongestionFlags
            0000                // LogEventsCounter
            12345678            // CurrentTimeStamp
            00*31 06            // PortMap: ports 1 and 2
            00*184              // 15 events, unused, and the 4 bytes after them
            """);

    static final byte[] CA_LOG = HexFixture.parse("""
            02                  // LogType: CA
            00                  // CongestionFlags
            0003                // ThresholdEventCounter: 3
            0004                // ThresholdCongestionEventMap: SL 2
            0000                // reserved
            00000100            // CurrentTimeStamp
            00*212              // 13 events, unused, and the 4 bytes after them
            """);

    @Test
    void congestionInfo() {
        CongestionInfo info = CongestionInfo.decode(CONGESTION_INFO, 0);
        assertThat(info).isEqualTo(new CongestionInfo(0, 2));
        assertThat(reencoded(CongestionInfo.SIZE, b -> info.encodeTo(b, 0))).isEqualTo(CONGESTION_INFO);
    }

    @Test
    void congestionKeyInfo() {
        CongestionKeyInfo key = CongestionKeyInfo.decode(CONGESTION_KEY_INFO, 0);
        assertThat(key).isEqualTo(new CongestionKeyInfo(0x1234, true, 60, 2));
        assertThat(reencoded(CongestionKeyInfo.SIZE, b -> key.encodeTo(b, 0))).isEqualTo(CONGESTION_KEY_INFO);
    }

    @Test
    void switchCongestionSetting() {
        SwitchCongestionSetting s = SwitchCongestionSetting.decode(SWITCH_CONGESTION_SETTING, 0);
        assertThat(s).isEqualTo(new SwitchCongestionSetting(0x1F, BigInteger.valueOf(0b1010), BigInteger.valueOf(4),
                15, 8, 5, SwitchCongestionSetting.returnDelay(1, 100), 10));
        assertThat(s.victimMask().testBit(1)).isTrue();
        assertThat(s.returnDelayShift()).isEqualTo(1);
        assertThat(s.returnDelayMultiplier()).isEqualTo(100);
        assertThat(reencoded(SwitchCongestionSetting.SIZE, b -> s.encodeTo(b, 0)))
                .isEqualTo(SWITCH_CONGESTION_SETTING);
    }

    @Test
    void masksKeepPortBitsAtBothEnds() {
        BigInteger mask = BigInteger.ONE.shiftLeft(254).setBit(0);
        SwitchCongestionSetting s = new SwitchCongestionSetting(1, mask, BigInteger.ZERO, 0, 0, 0, 0, 0);
        byte[] b = reencoded(SwitchCongestionSetting.SIZE, x -> s.encodeTo(x, 0));
        assertThat(b[4]).isEqualTo((byte) 0x40);
        assertThat(b[35]).isEqualTo((byte) 0x01);
        assertThat(SwitchCongestionSetting.decode(b, 0)).isEqualTo(s);
        assertThatThrownBy(() -> new SwitchCongestionSetting(0, BigInteger.ONE.shiftLeft(256), BigInteger.ZERO, 0, 0,
                0, 0, 0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Victim_Mask");
    }

    @Test
    void switchPortCongestionSetting() {
        SwitchPortCongestionSetting block = SwitchPortCongestionSetting.decode(SWITCH_PORT_CONGESTION_SETTING, 0);
        List<SwitchPortCongestionSetting.Element> expected = new ArrayList<>(
                SwitchPortCongestionSetting.zero().elements());
        expected.set(1, new SwitchPortCongestionSetting.Element(true, 0, 7, 16, 200));
        expected.set(2, new SwitchPortCongestionSetting.Element(true, 1, 3, 0, 0));
        assertThat(block).isEqualTo(new SwitchPortCongestionSetting(expected));
        assertThat(reencoded(SwitchPortCongestionSetting.SIZE, b -> block.encodeTo(b, 0)))
                .isEqualTo(SWITCH_PORT_CONGESTION_SETTING);
        assertThat(SwitchPortCongestionSetting.index(1, 33)).isEqualTo(1);
        assertThat(SwitchPortCongestionSetting.index(0, 32)).isEqualTo(-1);
    }

    @Test
    void caCongestionSetting() {
        CaCongestionSetting s = CaCongestionSetting.decode(CA_CONGESTION_SETTING, 0);
        List<CaCongestionSetting.Entry> entries = new ArrayList<>(CaCongestionSetting.zero().entries());
        entries.set(0, new CaCongestionSetting.Entry(1024, 1, 2, 0));
        entries.set(2, new CaCongestionSetting.Entry(256, 4, 8, 3));
        assertThat(s).isEqualTo(new CaCongestionSetting(1, 5, entries));
        assertThat(reencoded(CaCongestionSetting.SIZE, b -> s.encodeTo(b, 0))).isEqualTo(CA_CONGESTION_SETTING);
    }

    @Test
    void congestionControlTable() {
        CongestionControlTable t = CongestionControlTable.decode(CONGESTION_CONTROL_TABLE, 0);
        assertThat(t.cctiLimit()).isEqualTo(69);
        assertThat(t.entry(1)).isEqualTo(CongestionControlTable.entry(0, 1));
        assertThat(t.shift(2)).isEqualTo(1);
        assertThat(t.multiplier(2)).isEqualTo(2);
        assertThat(t.shift(4)).isEqualTo(3);
        assertThat(t.multiplier(4)).isEqualTo(16383);
        assertThat(t.entry(5)).isEqualTo(CongestionControlTable.entry(3, 0));
        assertThat(t.entry(6)).isZero();
        assertThat(t.toString()).startsWith("CongestionControlTable[CCTI_Limit=69 0:0,0:1,1:2,2:3,3:16383,3:0,0:0");
        assertThat(reencoded(CongestionControlTable.SIZE, b -> t.encodeTo(b, 0))).isEqualTo(CONGESTION_CONTROL_TABLE);
        assertThat(t).isEqualTo(CongestionControlTable.decode(CONGESTION_CONTROL_TABLE, 0))
                .isNotEqualTo(CongestionControlTable.empty(69));
        assertThatThrownBy(() -> CongestionControlTable.entry(4, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CongestionControlTable.entry(0, 16384)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void congestionLogs() {
        CongestionLog sw = CongestionLog.decode(SWITCH_LOG, 0);
        assertThat(sw).isEqualTo(CongestionLog.ofSwitch(0, 0, 0x12345678L, BigInteger.valueOf(6)));
        assertThat(reencoded(CongestionLog.SIZE, b -> sw.encodeTo(b, 0))).isEqualTo(SWITCH_LOG);
        CongestionLog ca = CongestionLog.decode(CA_LOG, 0);
        assertThat(ca).isEqualTo(CongestionLog.ofCa(0, 3, 4, 0x100));
        assertThat(reencoded(CongestionLog.SIZE, b -> ca.encodeTo(b, 0))).isEqualTo(CA_LOG);
        byte[] bad = CA_LOG.clone();
        bad[0] = 3;
        assertThatThrownBy(() -> CongestionLog.decode(bad, 0)).hasMessageContaining("LogType 3");
    }

    @Test
    void requestsCarryTheClassHeaderAndTheKey() {
        byte[] mad = CongestionControl.request(0x02, CongestionControl.CONGESTION_CONTROL_TABLE, 1, 0x7A94L,
                0x0123_4567_89AB_CDEFL);
        assertThat(MadHeader.decode(mad)).isEqualTo(new MadHeader(1, MgmtClass.CC.value(), 2, 0x02, 0, 0, 0x7A94L,
                0x0017, 1));
        assertThat(Arrays.copyOfRange(mad, 24, 32)).isEqualTo(HexFixture.parse("0123456789abcdef"));
        assertThat(CongestionControl.CC_KEY.getLong(mad, 0)).isEqualTo(0x0123_4567_89AB_CDEFL);
        assertThat(Arrays.copyOfRange(mad, 32, mad.length)).containsOnly(0);
        assertThat(CongestionControl.dataOffset(CongestionControl.CONGESTION_LOG)).isEqualTo(32);
        assertThat(CongestionControl.dataOffset(CongestionControl.CA_CONGESTION_SETTING)).isEqualTo(64);
        assertThat(CongestionControl.DATA_OFFSET + CongestionControl.DATA_SIZE).isEqualTo(MadHeader.MAD_SIZE);
    }

    @Test
    void layoutsCoverEveryBitOnceAndFitTheDataArea() {
        List<Layout> layouts = List.of(CongestionInfo.LAYOUT, CongestionKeyInfo.LAYOUT,
                SwitchCongestionSetting.LAYOUT, SwitchPortCongestionSetting.ELEMENT_LAYOUT,
                CaCongestionSetting.HEAD_LAYOUT, CaCongestionSetting.ENTRY_LAYOUT,
                CongestionControlTable.HEAD_LAYOUT, CongestionControlTable.ENTRY_LAYOUT,
                CongestionLog.SWITCH_HEAD_LAYOUT, CongestionLog.CA_HEAD_LAYOUT, CongestionControl.TIME_STAMP_LAYOUT);
        for (Layout layout : layouts) {
            int end = 0;
            for (Field f : layout.fields()) {
                assertThat(f.bitOffset()).as("%s: %s starts where the previous field ends", layout.name(), f)
                        .isEqualTo(end);
                end = f.bitOffset() + f.bitWidth();
            }
            assertThat(end).as(layout.name()).isEqualTo(layout.size() * 8);
        }
        assertThat(SwitchPortCongestionSetting.SIZE).isEqualTo(32 * SwitchPortCongestionSetting.ELEMENT_SIZE)
                .isLessThanOrEqualTo(CongestionControl.DATA_SIZE);
        assertThat(CaCongestionSetting.SIZE).isEqualTo(4 + 16 * 8).isLessThanOrEqualTo(CongestionControl.DATA_SIZE);
        assertThat(CongestionControlTable.SIZE).isEqualTo(4 + 64 * 2);
        assertThat(40 + 15 * 12).isLessThanOrEqualTo(CongestionLog.SIZE);
        assertThat(12 + 13 * 16).isLessThanOrEqualTo(CongestionLog.SIZE);
    }

    @Test
    void fieldsOutOfRangeAreRefused() {
        assertThatThrownBy(() -> new CaCongestionSetting.Entry(0x10000, 0, 0, 0))
                .hasMessageContaining("CCTI_Timer");
        assertThatThrownBy(() -> new SwitchPortCongestionSetting.Element(true, 2, 0, 0, 0))
                .hasMessageContaining("Control_Type");
        assertThatThrownBy(() -> new SwitchCongestionSetting(0, BigInteger.ZERO, BigInteger.ZERO, 16, 0, 0, 0, 0))
                .hasMessageContaining("Threshold");
        assertThatThrownBy(() -> new CaCongestionSetting(0, 0, List.of())).hasMessageContaining("16 entries");
        assertThatThrownBy(() -> new CongestionLog(CongestionLog.CA, 0, 0, 0, 0, BigInteger.ONE))
                .hasMessageContaining("LogType 2");
    }

    private static byte[] reencoded(int size, Consumer<byte[]> encode) {
        byte[] b = new byte[size];
        Arrays.fill(b, (byte) 0xA5);
        encode.accept(b);
        return b;
    }
}
