package dev.jsm.mad.cc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.HexFixture;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.MgmtClass;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The congestion control codecs on bytes we did not produce: the Sets the reference OpenSM 3.3.23 sent, whole, as
 * the simulator's agent received them through {@code bin/sim-server} on {@code fabrics/fat2-16.net} (OpenSM at
 * host-1-0 under umad2sim, {@code congestion_control TRUE}, the options in {@code docs/congestion-control.md}'s
 * worked example: control map 0x1F, victim mask 0x1E, credit mask 0x6, threshold 15, packet size 8, credit
 * starvation threshold 5 and return delay 1:100, marking rate 10; CA port control 1, control map 0x5, SL 0 and SL 2
 * entries; a 70-entry table). The top 32 bits of each TransactionID are the ones umad2sim and the server wrote.
 */
class OpenSmCongestionSetsTest {

    /** To leaf-0 (LID 2). */
    static final byte[] SWITCH_SET = HexFixture.parse("""
            01 21 02 02         // BaseVersion 1, class 0x21, version 2, Set
            0000 0000           // Status, ClassSpecific
            0000000400007a94    // TransactionID: OpenSM's counter starts at 0x7A93 and counts before use
            0014 0000           // SwitchCongestionSetting, reserved
            00000000            // AttributeModifier
            0000000000000000    // CC_Key: cc_key 0
            00*32               // log data: zero
            0000001f            // Control_Map
            00*31 1e            // Victim_Mask: ports 1-4
            00*31 06            // Credit_Mask: ports 1-2
            f0 08               // Threshold 15 (bits 7:4), Packet_Size 8
            5000                // CS_Threshold 5 (bits 15:12)
            4064                // CS_ReturnDelay 1:100
            000a                // Marking_Rate 10
            00*116              // the rest of the data area
            """);

    /** To host-0-0 port 1. */
    static final byte[] CA_SET = HexFixture.parse("""
            01 21 02 02 0000 0000
            0000000400007a95    // TransactionID
            0016 0000 00000000  // CACongestionSetting, modifier 0
            0000000000000000    // CC_Key
            00*32               // log data
            0001 0005           // Port_Control 1, Control_Map: SLs 0 and 2
            0400 01 02 00 000000 // SL 0: CCTI_Timer 1024, CCTI_Increase 1, Trigger_Threshold 2, CCTI_Min 0
            0000000000000000    // SL 1
            0100 04 08 03 000000 // SL 2: 256, 4, 8, 3
            0000000000000000*13 // SLs 3-15
            00*60               // the rest of the data area
            """);

    /** Block 0 of the table, to host-0-0 port 1. */
    static final byte[] TABLE_BLOCK0_SET = HexFixture.parse("""
            01 21 02 02 0000 0000
            0000000400007a96    // TransactionID
            0017 0000 00000000  // CongestionControlTable, block 0
            0000000000000000    // CC_Key
            00*32               // log data
            0045 0000           // CCTI_Limit 69 (70 entries), reserved
            0000 0001 0002 4003 4004 8005 8006 c007 c008 // entries 0-8: 0:0 0:1 0:2 1:3 1:4 2:5 2:6 3:7 3:8
            0064 0065 0066 0067 0068 0069 006a 006b 006c 006d 006e 006f 0070 0071 0072 0073 // 9-24: 0:100..0:115
            0074 0075 0076 0077 0078 0079 007a 007b 007c 007d 007e 007f 0080 0081 0082 0083 // 25-40
            0084 0085 0086 0087 0088 0089 008a 008b 008c 008d 008e 008f 0090 0091 0092 0093 // 41-56
            0094 0095 0096 0097 0098 0099 009a // 57-63: 0:148..0:154
            00*60               // the rest of the data area
            """);

    /** Block 1, to host-0-0 port 1: entries 64-69, then zeros. */
    static final byte[] TABLE_BLOCK1_SET = HexFixture.parse("""
            01 21 02 02 0000 0000
            0000000400007a97    // TransactionID
            0017 0000 00000001  // CongestionControlTable, block 1
            0000000000000000    // CC_Key
            00*32               // log data
            0045 0000           // CCTI_Limit 69 again
            009b 009c 009d 009e 009f 00a0 // entries 64-69: 0:155..0:160
            0000*58             // entries 70-127: zero
            00*60               // the rest of the data area
            """);

    @Test
    void theSwitchSet() {
        assertThat(SWITCH_SET).hasSize(MadHeader.MAD_SIZE);
        assertHeader(SWITCH_SET, CongestionControl.SWITCH_CONGESTION_SETTING, 0);
        SwitchCongestionSetting s = SwitchCongestionSetting.decode(SWITCH_SET, CongestionControl.DATA_OFFSET);
        assertThat(s).isEqualTo(new SwitchCongestionSetting(0x1F, BigInteger.valueOf(0x1E), BigInteger.valueOf(6),
                15, 8, 5, SwitchCongestionSetting.returnDelay(1, 100), 10));
        assertThat(reencoded(SWITCH_SET, b -> s.encodeTo(b, CongestionControl.DATA_OFFSET))).isEqualTo(SWITCH_SET);
    }

    @Test
    void theCaSet() {
        assertThat(CA_SET).hasSize(MadHeader.MAD_SIZE);
        assertHeader(CA_SET, CongestionControl.CA_CONGESTION_SETTING, 0);
        List<CaCongestionSetting.Entry> entries = new ArrayList<>(CaCongestionSetting.zero().entries());
        entries.set(0, new CaCongestionSetting.Entry(1024, 1, 2, 0));
        entries.set(2, new CaCongestionSetting.Entry(256, 4, 8, 3));
        CaCongestionSetting s = CaCongestionSetting.decode(CA_SET, CongestionControl.DATA_OFFSET);
        assertThat(s).isEqualTo(new CaCongestionSetting(1, 5, entries));
        assertThat(reencoded(CA_SET, b -> s.encodeTo(b, CongestionControl.DATA_OFFSET))).isEqualTo(CA_SET);
    }

    @Test
    void theTwoTableBlocks() {
        assertThat(TABLE_BLOCK0_SET).hasSize(MadHeader.MAD_SIZE);
        assertThat(TABLE_BLOCK1_SET).hasSize(MadHeader.MAD_SIZE);
        assertHeader(TABLE_BLOCK0_SET, CongestionControl.CONGESTION_CONTROL_TABLE, 0);
        assertHeader(TABLE_BLOCK1_SET, CongestionControl.CONGESTION_CONTROL_TABLE, 1);
        CongestionControlTable b0 = CongestionControlTable.decode(TABLE_BLOCK0_SET, CongestionControl.DATA_OFFSET);
        CongestionControlTable b1 = CongestionControlTable.decode(TABLE_BLOCK1_SET, CongestionControl.DATA_OFFSET);
        int[] shifts = {0, 0, 0, 1, 1, 2, 2, 3, 3};
        for (int i = 0; i < 70; i++) {
            CongestionControlTable b = i < 64 ? b0 : b1;
            int shift = i < shifts.length ? shifts[i] : 0;
            int multiplier = i < shifts.length ? i : 100 + i - shifts.length;
            assertThat(b.entry(i % 64)).as("entry %d", i).isEqualTo(CongestionControlTable.entry(shift, multiplier));
        }
        assertThat(b0.cctiLimit()).isEqualTo(69).isEqualTo(b1.cctiLimit());
        assertThat(Arrays.copyOfRange(b1.entries(), 6, 64)).containsOnly(0);
        assertThat(reencoded(TABLE_BLOCK1_SET, b -> b1.encodeTo(b, CongestionControl.DATA_OFFSET)))
                .isEqualTo(TABLE_BLOCK1_SET);
    }

    private static void assertHeader(byte[] mad, int attributeId, long modifier) {
        MadHeader h = MadHeader.decode(mad);
        assertThat(h.mgmtClass()).isEqualTo(MgmtClass.CC.value());
        assertThat(h.classVersion()).isEqualTo(CongestionControl.CLASS_VERSION);
        assertThat(h.method()).isEqualTo(0x02);
        assertThat(h.attributeId()).isEqualTo(attributeId);
        assertThat(h.attributeModifier()).isEqualTo(modifier);
        assertThat(CongestionControl.CC_KEY.getLong(mad, 0)).isZero();
        assertThat(Arrays.copyOfRange(mad, CongestionControl.LOG_DATA_OFFSET, CongestionControl.DATA_OFFSET))
                .containsOnly(0);
    }

    /** The MAD with its data area filled with 0xA5, then re-encoded by {@code encode}. */
    private static byte[] reencoded(byte[] mad, java.util.function.Consumer<byte[]> encode) {
        byte[] b = mad.clone();
        Arrays.fill(b, CongestionControl.DATA_OFFSET, b.length, (byte) 0xA5);
        encode.accept(b);
        Arrays.fill(b, CongestionControl.DATA_OFFSET + size(mad), b.length, (byte) 0);
        return b;
    }

    private static int size(byte[] mad) {
        return switch (MadHeader.decode(mad).attributeId()) {
            case CongestionControl.SWITCH_CONGESTION_SETTING -> SwitchCongestionSetting.SIZE;
            case CongestionControl.CA_CONGESTION_SETTING -> CaCongestionSetting.SIZE;
            default -> CongestionControlTable.SIZE;
        };
    }
}
