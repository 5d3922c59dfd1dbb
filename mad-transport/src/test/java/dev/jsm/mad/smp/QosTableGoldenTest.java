package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.HexFixture;
import org.junit.jupiter.api.Test;

/**
 * Golden tests for SLtoVLMappingTable and VLArbitrationTable on bytes we did not produce: the tables OpenSM's QoS
 * manager programmed into ibsim from {@code qos_sl2vl 0,1,2,3,4,5,6,7,7,6,5,4,3,2,1,0},
 * {@code qos_vlarb_low 0:1,1:2,2:3,3:5,4:8,5:13,6:21,7:34} and {@code qos_vlarb_high 0:4,1:8,2:16}, read back
 * with {@code smpdump} by {@code scripts/capture-golden.sh}. The values were chosen asymmetric so that a swapped
 * nibble or byte shows. Expected values are what {@code smpquery sl2vl} / {@code smpquery vlarb} printed.
 */
class QosTableGoldenTest {

    /** smpdump -D 0,1 0x17 0x0105: sw-a, input port 1 to output port 5 (CA hca-sm, modifier 0, gave the same). */
    static final byte[] SL2VL = HexFixture.parse("""
            01                  // SL0toVL(7:4) = 0 | SL1toVL(3:0) = 1
            23                  // SL2toVL = 2 | SL3toVL = 3
            45 67               // SL4..SL7 -> VL 4, 5, 6, 7
            76 54 32 10         // SL8..SL15 -> VL 7, 6, 5, 4, 3, 2, 1, 0
            00*56               // bytes 8..63: beyond the 8-byte attribute
            """);

    /** smpdump -D 0,1 0x18 0x10005: sw-a port 5, block 1 (low priority, entries 0..31). */
    static final byte[] VLARB_LOW = HexFixture.parse("""
            00 01               // entry 0: reserved(7:4) | VL(3:0) = 0, Weight = 1
            01 02               // entry 1: VL 1, Weight 2
            02 03               // entry 2: VL 2, Weight 3
            03 05               // entry 3: VL 3, Weight 5
            04 08               // entry 4: VL 4, Weight 8
            05 0d               // entry 5: VL 5, Weight 13
            06 15               // entry 6: VL 6, Weight 21
            07 22               // entry 7: VL 7, Weight 34
            0000*24             // entries 8..31: beyond VLArbitrationLowCap (8), zero
            """);

    /** smpdump -D 0,1 0x18 0x30005: sw-a port 5, block 3 (high priority, entries 0..31). */
    static final byte[] VLARB_HIGH = HexFixture.parse("""
            00 04               // entry 0: VL 0, Weight 4
            01 08               // entry 1: VL 1, Weight 8
            02 10               // entry 2: VL 2, Weight 16
            0000*29             // entries 3..31: unused
            """);

    @Test
    void fixturesAreTheCapturedBytes() {
        assertThat(SL2VL).isEqualTo(GoldenCaptures.payload("SLtoVLMappingTable, sw-a in 1 out 5"));
        assertThat(SL2VL).isEqualTo(GoldenCaptures.payload("SLtoVLMappingTable, CA hca-sm"));
        assertThat(VLARB_LOW).isEqualTo(GoldenCaptures.payload("VLArbitrationTable, sw-a port 5 low 0-31"));
        assertThat(VLARB_HIGH).isEqualTo(GoldenCaptures.payload("VLArbitrationTable, sw-a port 5 high 0-31"));
    }

    @Test
    void sl2vlMatchesSmpquery() {
        //                 SL: | 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|10|11|12|13|14|15|
        // ports: in  1, out  5: | 0| 1| 2| 3| 4| 5| 6| 7| 7| 6| 5| 4| 3| 2| 1| 0|
        SlToVlMappingTable t = SlToVlMappingTable.decode(SL2VL, 0);
        assertThat(t).isEqualTo(SlToVlMappingTable.of(0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0));
        assertThat(t.vl(0)).isZero();
        assertThat(t.vl(1)).isEqualTo(1);
        assertThat(t.vl(8)).isEqualTo(7);
        assertThat(t.vl(15)).isZero();
        assertThat(NodeGoldenTest.reencoded(t::encodeTo)).isEqualTo(SL2VL);
        assertThat(SlToVlMappingTable.switchModifier(1, 5)).isEqualTo(0x0105L);
    }

    @Test
    void vlArbLowMatchesSmpquery() {
        // # Low priority VL Arbitration Table:
        // VL    : |0x0 |0x1 |0x2 |0x3 |0x4 |0x5 |0x6 |0x7 |
        // WEIGHT: |0x1 |0x2 |0x3 |0x5 |0x8 |0xD |0x15|0x22|
        VlArbitrationTable t = VlArbitrationTable.decode(VLARB_LOW, 0);
        int[] vls = {0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7};
        int[] weights = {0x1, 0x2, 0x3, 0x5, 0x8, 0xD, 0x15, 0x22};
        for (int i = 0; i < vls.length; i++) {
            assertThat(t.vl(i)).as("VL[%d]", i).isEqualTo(vls[i]);
            assertThat(t.weight(i)).as("Weight[%d]", i).isEqualTo(weights[i]);
        }
        for (int i = vls.length; i < VlArbitrationTable.ENTRIES; i++) {
            assertThat(t.vl(i)).isZero();
            assertThat(t.weight(i)).isZero();
        }
        assertThat(NodeGoldenTest.reencoded(t::encodeTo)).isEqualTo(VLARB_LOW);
        assertThat(VlArbitrationTable.modifier(VlArbitrationTable.BLOCK_LOW_0_31, 5)).isEqualTo(0x10005L);
    }

    @Test
    void vlArbHighMatchesSmpquery() {
        // # High priority VL Arbitration Table:
        // VL    : |0x0 |0x1 |0x2 |0x0 |0x0 |0x0 |0x0 |0x0 |
        // WEIGHT: |0x4 |0x8 |0x10|0x0 |0x0 |0x0 |0x0 |0x0 |
        VlArbitrationTable t = VlArbitrationTable.decode(VLARB_HIGH, 0);
        int[] vls = {0x0, 0x1, 0x2, 0x0, 0x0, 0x0, 0x0, 0x0};
        int[] weights = {0x4, 0x8, 0x10, 0x0, 0x0, 0x0, 0x0, 0x0};
        for (int i = 0; i < vls.length; i++) {
            assertThat(t.vl(i)).as("VL[%d]", i).isEqualTo(vls[i]);
            assertThat(t.weight(i)).as("Weight[%d]", i).isEqualTo(weights[i]);
        }
        assertThat(NodeGoldenTest.reencoded(t::encodeTo)).isEqualTo(VLARB_HIGH);
        long am = VlArbitrationTable.modifier(VlArbitrationTable.BLOCK_HIGH_0_31, 5);
        assertThat(am).isEqualTo(0x30005L);
        assertThat(VlArbitrationTable.block(am)).isEqualTo(VlArbitrationTable.BLOCK_HIGH_0_31);
        assertThat(VlArbitrationTable.port(am)).isEqualTo(5);
    }
}
