package dev.jsm.sa.codec;

import static dev.jsm.sa.codec.NodePortRecordsTest.encoded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.codec.HexFixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * MultiPathRecord: annotated bytes laid out from docs/reference/mad-formats.md#multipathrecord (IBA 15.2.5.20)
 * -> record -> the same bytes.
 */
class MultiPathRecordTest {

    private static final Gid H1 = new Gid(0xfe80000000000000L, 0x0002c90300a1b2c2L);
    private static final Gid H2 = new Gid(0xfe80000000000000L, 0x0002c90300a1b2c4L);
    private static final Gid H3 = new Gid(0xfe80000000000000L, 0x0002c90300a1b2c6L);

    static final byte[] MULTI_PATH_RECORD = HexFixture.parse("""
            81234540            // RawTraffic(31) 1 | reserved(30:28) | FlowLabel(27:8) 0x12345 | HopLimit 0x40
            07                  // TClass 7
            82                  // Reversible(7) 1 | NumbPath(6:0) 2
            8001                // P_Key 0x8001
            0123                // QoSClass(15:4) 0x012 | SL(3:0) 3
            44                  // MTUSelector(7:6) 1 less than | MTU(5:0) 4 = 2048
            c7                  // RateSelector 3 largest | Rate 7 = 40 Gb/s
            92                  // PacketLifeTimeSelector 2 exactly | PacketLifeTime 18
            10                  // ServiceID8MSB 0x10
            80                  // IndependenceSelector(7:6) 2 | reserved(5:0)
            01                  // SGIDCount 1
            02                  // DGIDCount 2
            00000000000001      // ServiceID56LSB 1
            fe80000000000000 0002c90300a1b2c2   // SGID[0]
            fe80000000000000 0002c90300a1b2c4   // DGID[0]
            fe80000000000000 0002c90300a1b2c6   // DGID[1]
            """);

    @Test
    void decodesAndEncodesTheAnnotatedBytes() {
        MultiPathRecord r = MultiPathRecord.decode(MULTI_PATH_RECORD, 0, MULTI_PATH_RECORD.length, 1, 2);
        assertThat(r).isEqualTo(new MultiPathRecord(1, 0x12345, 0x40, 7, 1, 2, 0x8001, 0x12, 3,
                PathRecord.SELECTOR_LESS_THAN, 4, PathRecord.SELECTOR_LARGEST, 7, PathRecord.SELECTOR_EXACTLY, 18,
                0x1000_0000_0000_0001L, 2, List.of(H1), List.of(H2, H3)));
        assertThat(r.size()).isEqualTo(24 + 3 * 16).isEqualTo(MULTI_PATH_RECORD.length);
        assertThat(encoded(r.size(), r::encodeTo)).isEqualTo(MULTI_PATH_RECORD);
        assertThat(MultiPathRecord.LAYOUT.uncoveredBits()).isZero();
    }

    @Test
    void countsOutsideTheComponentMaskReadNoGids() {
        MultiPathRecord r = MultiPathRecord.decode(MULTI_PATH_RECORD, 0, MULTI_PATH_RECORD.length, 1, 0);
        assertThat(r.sgids()).containsExactly(H1);
        assertThat(r.dgids()).isEmpty();
    }

    @Test
    void gidsBeyondTheDataAreAnError() {
        assertThatThrownBy(() -> MultiPathRecord.decode(MULTI_PATH_RECORD, 0, MULTI_PATH_RECORD.length, 2, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs 88 bytes");
        assertThat(MultiPathRecord.GIDS_IN_ONE_MAD).as("(200 - 24) / 16").isEqualTo(11);
    }

    @Test
    void componentsFollowTheIbaTable() {
        Components c = MultiPathRecord.COMPONENTS;
        assertThat(c.count()).isEqualTo(22);
        assertThat(c.field(MultiPathRecord.COMPONENT_FLOW_LABEL).name()).isEqualTo("FlowLabel");
        assertThat(c.field(MultiPathRecord.COMPONENT_NUMB_PATH).name()).isEqualTo("NumbPath");
        assertThat(c.field(MultiPathRecord.COMPONENT_SL).name()).isEqualTo("SL");
        assertThat(c.field(MultiPathRecord.COMPONENT_PACKET_LIFE_TIME).name()).isEqualTo("PacketLifeTime");
        assertThat(c.field(MultiPathRecord.COMPONENT_INDEPENDENCE_SELECTOR).name())
                .isEqualTo("IndependenceSelector");
        assertThat(c.field(MultiPathRecord.COMPONENT_SGID_COUNT).name()).isEqualTo("SGIDCount");
        assertThat(c.field(MultiPathRecord.COMPONENT_DGID_COUNT).name()).isEqualTo("DGIDCount");
        assertThat(c.field(MultiPathRecord.COMPONENT_SERVICE_ID_56_LSB).name()).isEqualTo("ServiceID56LSB");
        assertThat(c.undefinedBits(1L << 22)).isNotZero();
    }
}
