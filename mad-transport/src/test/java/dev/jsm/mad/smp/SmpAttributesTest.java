package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The SMP codec registry and its pretty-printer. */
class SmpAttributesTest {

    @Test
    void registryIsInAttributeIdOrder() {
        int last = -1;
        for (SmpAttributes.Codec c : SmpAttributes.all()) {
            assertThat(c.id().value()).isGreaterThan(last);
            last = c.id().value();
        }
        assertThat(SmpAttributes.all()).hasSize(22);
        assertThat(SmpAttributes.layout(AttributeId.NODE_INFO)).contains(NodeInfo.LAYOUT);
        assertThat(SmpAttributes.layout(AttributeId.RANDOM_FORWARDING_TABLE)).isEmpty();
        assertThat(SmpAttributes.codec(AttributeId.valueOf(0xFF91))).isEmpty();
    }

    @Test
    void decoderGivesTheRecord() {
        Object decoded = SmpAttributes.codec(AttributeId.NODE_INFO).orElseThrow().decoder()
                .decode(NodeGoldenTest.NODE_INFO_SWITCH, 0);
        assertThat(decoded).isEqualTo(NodeInfo.decode(NodeGoldenTest.NODE_INFO_SWITCH, 0));
    }

    @Test
    void dumpsACapturedNodeInfoFieldByField() {
        byte[] mad = Smp.directedRoute(Method.GET_RESP, 0x1234, AttributeId.NODE_INFO, 0, DrPath.of(1), 0);
        System.arraycopy(NodeGoldenTest.NODE_INFO_SWITCH, 0, mad, Smp.DATA_OFFSET, 64);
        String dump = SmpAttributes.dump(mad);
        assertThat(dump).startsWith("SubnDirectedRoute GetResp NodeInfo(0x0011) mod=0x00000000 status=0x0000 "
                + "tid=0x0000000000001234\n");
        assertThat(dump).contains("NodeType=2 (0x02)\n", "NumPorts=24 (0x18)\n",
                "NodeGUID=1805401901237520 (0x00066a00e3000510)\n", "VendorID=1642 (0x00066a)\n");
    }

    @Test
    void dumpsTablesFromTheirLayout() {
        byte[] mad = Smp.directedRoute(Method.GET_RESP, 1, AttributeId.SL_TO_VL_MAPPING_TABLE, 0x0105,
                DrPath.of(1), 0);
        System.arraycopy(QosTableGoldenTest.SL2VL, 0, mad, Smp.DATA_OFFSET, 64);
        assertThat(SmpAttributes.dump(mad)).contains("SL0toVL=0\n", "SL1toVL=1\n", "SL8toVL=7\n", "SL15toVL=0\n");
    }

    @Test
    void unknownAttributesAreHexDumped() {
        byte[] mad = Smp.directedRoute(Method.GET, 7, AttributeId.valueOf(0x1234), 0, DrPath.local(), 0);
        mad[Smp.DATA_OFFSET] = (byte) 0xAB;
        String dump = SmpAttributes.dump(mad);
        assertThat(dump).contains("SubnDirectedRoute Get UNKNOWN_ATTRIBUTE(0x1234) mod=", "00: ab 00 00", "30: 00");
        assertThat(dump.lines()).hasSize(5);
    }

    @Test
    void nonSmpClassesAreHexDumped() {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, 0x03, 2, 0x81, 0, 0, 1, AttributeId.NODE_INFO.value(), 0).encodeTo(mad);
        assertThat(SmpAttributes.dump(mad)).startsWith("SubnAdm GetResp NodeInfo(0x0011)").contains("00: 00 00");
    }

    @Test
    void neverThrowsOnAnyBytes() {
        assertThat(SmpAttributes.dump(null)).isEqualTo("no MAD\n");
        assertThat(SmpAttributes.dump(new byte[10])).startsWith("short MAD (10 bytes)");
        assertThat(SmpAttributes.dump(new byte[40])).endsWith("no payload\n");
        byte[] truncated = new byte[80];
        truncated[1] = (byte) 0x81;
        truncated[17] = 0x15;
        assertThat(SmpAttributes.dump(truncated)).contains("PortInfo(0x0015)", "00: 00");
        SplittableRandom rnd = new SplittableRandom(Long.getLong("prop.seed", 7L));
        for (int n = 0; n < 2000; n++) {
            byte[] mad = new byte[MadHeader.MAD_SIZE];
            rnd.nextBytes(mad);
            mad[1] = (byte) (n % 2 == 0 ? 0x81 : 0x01);
            mad[16] = 0;
            mad[17] = (byte) rnd.nextInt(0x00, 0x24);
            assertThatCode(() -> SmpAttributes.dump(mad)).doesNotThrowAnyException();
        }
    }
}
