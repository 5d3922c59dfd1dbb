package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The table records' contracts beyond the wire format: defensive copies, value equality, argument checks with
 * clear messages, and the attribute-modifier helpers (encode and decode agree for every legal value).
 */
class TableRecordsTest {

    @Test
    void arraysAreCopiedInAndOut() {
        byte[] ports = new byte[64];
        LinearForwardingTable lft = new LinearForwardingTable(ports);
        ports[0] = 9;
        lft.ports()[1] = 9;
        assertThat(lft.port(0)).isZero();
        assertThat(lft.port(1)).isZero();

        int[] keys = new int[32];
        PKeyTable pk = new PKeyTable(keys);
        keys[0] = 0xffff;
        pk.pKeys()[0] = 0xffff;
        assertThat(pk.pKey(0)).isZero();

        byte[] details = new byte[54];
        Notice n = new Notice(true, 4, 1, 144, 4, 0, 0, details);
        details[0] = 1;
        n.dataDetails()[0] = 1;
        assertThat(n.dataDetails()[0]).isZero();
    }

    @Test
    void recordsHaveValueEquality() {
        assertThat(new GuidInfo(new long[8])).isEqualTo(new GuidInfo(new long[8]))
                .hasSameHashCodeAs(new GuidInfo(new long[8]));
        assertThat(new VlArbitrationTable(new byte[32], new int[32]))
                .isEqualTo(new VlArbitrationTable(new byte[32], new int[32]));
        int[] masks = new int[32];
        masks[3] = 0x8001;
        assertThat(new MulticastForwardingTable(masks)).isNotEqualTo(new MulticastForwardingTable(new int[32]));
        assertThat(new MulticastForwardingTable(masks).toString()).contains("8001");
    }

    @Test
    void rejectsWrongSizesAndValuesWithClearMessages() {
        assertThatThrownBy(() -> new LinearForwardingTable(new byte[63]))
                .hasMessage("LinearForwardingTable: expected 64 entries, got 63");
        assertThatThrownBy(() -> new PKeyTable(new int[] {0x10000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})).hasMessage("P_Key 65536 outside 0..65535");
        assertThatThrownBy(() -> SlToVlMappingTable.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16))
                .hasMessage("SLtoVLMappingTable VL 16 outside 0..15");
        assertThatThrownBy(() -> new Notice(true, 0, 0, 0, 0, 0, 0, new byte[64]))
                .hasMessageContaining("DataDetails must be 54 bytes");
        assertThatThrownBy(() -> new LinearForwardingTable(new byte[64]).port(64))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("entry 64 outside 0..63");
        assertThatThrownBy(() -> VlArbitrationTable.modifier(0, 1))
                .hasMessage("VLArbitrationTable block 0 outside 1..4");
        assertThatThrownBy(() -> MulticastForwardingTable.modifier(16, 0))
                .hasMessage("MulticastForwardingTable position 16 outside 0..15");
        assertThatThrownBy(() -> LinearForwardingTable.modifier(768))
                .hasMessage("LinearForwardingTable block 768 outside 0..767");
    }

    @Test
    void modifierHelpersRoundTrip() {
        SplittableRandom rnd = new SplittableRandom(42);
        for (int n = 0; n < 1000; n++) {
            int block9 = rnd.nextInt(0, MulticastForwardingTable.MAX_BLOCK + 1);
            int position = rnd.nextInt(0, 16);
            long mft = MulticastForwardingTable.modifier(position, block9);
            assertThat(MulticastForwardingTable.position(mft)).isEqualTo(position);
            assertThat(MulticastForwardingTable.block(mft)).isEqualTo(block9);

            int in = rnd.nextInt(0, 256);
            int out = rnd.nextInt(0, 256);
            long sl2vl = SlToVlMappingTable.switchModifier(in, out);
            assertThat(SlToVlMappingTable.inPort(sl2vl)).isEqualTo(in);
            assertThat(SlToVlMappingTable.outPort(sl2vl)).isEqualTo(out);
            assertThat(SlToVlMappingTable.isAllInputPorts(sl2vl)).isFalse();

            int vlBlock = rnd.nextInt(1, 5);
            long vlarb = VlArbitrationTable.modifier(vlBlock, out);
            assertThat(VlArbitrationTable.block(vlarb)).isEqualTo(vlBlock);
            assertThat(VlArbitrationTable.port(vlarb)).isEqualTo(out);

            int pkBlock = rnd.nextInt(0, PKeyTable.MAX_BLOCK + 1);
            long pk = PKeyTable.modifier(pkBlock, out);
            assertThat(PKeyTable.block(pk)).isEqualTo(pkBlock);
            assertThat(PKeyTable.port(pk)).isEqualTo(out);

            int lftBlock = rnd.nextInt(0, LinearForwardingTable.MAX_BLOCK + 1);
            assertThat(LinearForwardingTable.block(LinearForwardingTable.modifier(lftBlock))).isEqualTo(lftBlock);
            int guidBlock = rnd.nextInt(0, GuidInfo.MAX_BLOCK + 1);
            assertThat(GuidInfo.block(GuidInfo.modifier(guidBlock))).isEqualTo(guidBlock);
        }
    }

    @Test
    void modifierConstantsMatchOpenSm() {
        // OpenSM osm_qos.c: 0x30000 = all inputs and outputs, 0x20000 | out = all inputs to one output
        long allInOut = SlToVlMappingTable.ALL_INPUT_PORTS | SlToVlMappingTable.ALL_OUTPUT_PORTS;
        assertThat(allInOut).isEqualTo(0x30000L);
        assertThat(SlToVlMappingTable.isAllInputPorts(0x20000L | 7)).isTrue();
        assertThat(SlToVlMappingTable.isAllOutputPorts(0x20000L | 7)).isFalse();
        assertThat(SlToVlMappingTable.outPort(0x20000L | 7)).isEqualTo(7);
        // OpenSM writes port << 16 | block for switch P_Key tables
        assertThat(PKeyTable.modifier(1, 3)).isEqualTo(0x30001L);
        assertThat(LinearForwardingTable.block(0xFFFF_FFFFL)).isGreaterThan(LinearForwardingTable.MAX_BLOCK);
        assertThat(MulticastForwardingTable.mlid(MulticastForwardingTable.MAX_BLOCK, 31)).isEqualTo(0xFFFF);
        assertThat(LinearForwardingTable.lid(LinearForwardingTable.MAX_BLOCK, 63)).isEqualTo(0xBFFF);
        assertThat(SmInfo.AM_HANDOVER).isEqualTo(1);
        assertThat(SmInfo.AM_DISCOVER).isEqualTo(5);
    }
}
