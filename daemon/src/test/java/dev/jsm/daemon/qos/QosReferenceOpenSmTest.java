package dev.jsm.daemon.qos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.ConfFile;
import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.mad.smp.VlArbitrationTable;
import dev.jsm.qos.tables.QosConfig;
import dev.jsm.qos.tables.Sl2VlOverride;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.SwitchAttributes;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden values: the tables Debian's OpenSM 3.3 programmed with {@code -Q} on ibsim's {@code fat2-16.net}, read back
 * with {@code smpquery sl2vl} / {@code smpquery vlarb} (2026-11-22). The ports carry the PortInfo ibsim reports:
 * CA CapabilityMask 0x50c04a, switch port 0 0xc048, external ports 0; VLCap and OperationalVLs VL0-7; VLArb
 * high/low capacity 8; SwitchInfo without optimized SL2VL programming or enhanced port 0.
 */
class QosReferenceOpenSmTest {

    private static final String TYPICAL_HPC = """
            qos TRUE
            qos_max_vls 8
            qos_high_limit 0
            qos_vlarb_high 2:1
            qos_vlarb_low 0:96,1:224
            qos_sl2vl 0,1,2,3,4,5,6,7,15,15,15,15,15,15,15,15
            """;

    private final Subnet subnet = new Subnet();
    private final PhysPort ca;
    private final Node leaf;

    QosReferenceOpenSmTest() {
        Node host = subnet.addNode(NodeKind.CA, 0x0002c90200000000L, 1);
        ca = subnet.addPort(host, 1, 0x0002c90200000001L);
        ca.setAttributes(attributes(0x50c04aL));
        leaf = subnet.addNode(NodeKind.SWITCH, 0x0002c90100000000L, 8);
        leaf.asSwitch().setAttributes(new SwitchAttributes(0xC000, 0, 0, 0, 0, 0, 0, 18, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0));
        subnet.addPort(leaf, 0, 0x0002c90100000000L).setAttributes(attributes(0xc048L));
        for (int p = 1; p <= 8; p++) {
            subnet.addPort(leaf, p, 0x0002c90100000000L).setAttributes(attributes(0L));
        }
    }

    @Test
    void typicalHpcTablesMatchTheReference() {
        QosPass plan = plan(TYPICAL_HPC);
        SlToVlMappingTable sl2Vl = SlToVlMappingTable.of(0, 1, 2, 3, 4, 5, 6, 7, 15, 15, 15, 15, 15, 15, 15, 15);
        VlArbitrationTable low = block(new int[] {0, 1}, new int[] {0x60, 0xE0});
        VlArbitrationTable high = block(new int[] {2}, new int[] {1});

        assertThat(sl2Vl(plan, ca, 0)).isEqualTo(sl2Vl);
        assertThat(vlArb(plan, ca, 1)).isEqualTo(low);
        assertThat(vlArb(plan, ca, 3)).isEqualTo(high);
        for (int in = 0; in <= 8; in++) {
            assertThat(sl2Vl(plan, leaf.port(5), in)).as("in %d out 5", in).isEqualTo(sl2Vl);
            assertThat(sl2Vl(plan, leaf.port(1), in)).as("in %d out 1", in).isEqualTo(sl2Vl);
        }
        assertThat(vlArb(plan, leaf.port(5), 1)).isEqualTo(low);
        assertThat(vlArb(plan, leaf.port(5), 3)).isEqualTo(high);
        assertThat(plan.sets()).as("base port 0 has no VLArb tables (BSP0)").noneMatch(s -> s.port().portNum() == 0
                && s.port().node() == leaf);
        assertThat(plan.sets()).as("CA: 2 VLArb + 1 SL2VL; per switch port: 2 VLArb + 9 SL2VL")
                .hasSize(3 + 8 * (2 + 9));
    }

    @Test
    void defaultSl2VlAndACaVlArbListMatchTheReference() {
        QosPass plan = plan("qos TRUE\nqos_ca_vlarb_low 0:0,1:64,2:128,3:192,4:0,5:64,6:64,7:64,8:7,9:9\n");
        SlToVlMappingTable folded = SlToVlMappingTable.of(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);

        assertThat(sl2Vl(plan, ca, 0)).isEqualTo(folded);
        assertThat(sl2Vl(plan, leaf.port(5), 3)).isEqualTo(folded);
        assertThat(vlArb(plan, ca, 1)).isEqualTo(block(new int[] {0, 1, 2, 3, 4, 5, 6, 7},
                new int[] {0, 0x40, 0x80, 0xC0, 0, 0x40, 0x40, 0x40}));
        assertThat(vlArb(plan, ca, 3)).isEqualTo(block(new int[] {0, 1, 2, 3, 4, 5, 6, 7},
                new int[] {4, 0, 0, 0, 0, 0, 0, 0}));
    }

    private QosPass plan(String options) {
        ConfFile f = OpenSmConfReader.parse("opensm.conf", options);
        assertThat(f.errors()).isEmpty();
        return QosPass.plan(subnet, QosConfig.from(SmOptions.fromFile(f)), Sl2VlOverride.NONE);
    }

    private static SlToVlMappingTable sl2Vl(QosPass plan, PhysPort out, int in) {
        long am = out.node().isSwitch() ? SlToVlMappingTable.switchModifier(in, out.portNum()) : 0;
        List<QosSet.Sl2Vl> found = plan.sets().stream().filter(s -> s instanceof QosSet.Sl2Vl
                && s.port() == out && s.attributeModifier() == am).map(s -> (QosSet.Sl2Vl) s).toList();
        assertThat(found).hasSize(1);
        return found.get(0).table();
    }

    private static VlArbitrationTable vlArb(QosPass plan, PhysPort port, int block) {
        List<QosSet.VlArb> found = plan.sets().stream().filter(s -> s instanceof QosSet.VlArb && s.port() == port
                && VlArbitrationTable.block(s.attributeModifier()) == block).map(s -> (QosSet.VlArb) s).toList();
        assertThat(found).hasSize(1);
        return found.get(0).block();
    }

    private static VlArbitrationTable block(int[] vls, int[] weights) {
        byte[] v = new byte[VlArbitrationTable.ENTRIES];
        int[] w = new int[VlArbitrationTable.ENTRIES];
        for (int i = 0; i < vls.length; i++) {
            v[i] = (byte) vls[i];
            w[i] = weights[i];
        }
        return new VlArbitrationTable(v, w);
    }

    private static PortAttributes attributes(long capabilityMask) {
        return new PortAttributes(0L, 0L, 0, 0, capabilityMask, 0, 0, 0, 0, 0, PortAttributes.STATE_ACTIVE, 5, 0, 0,
                0, 0, 5, 0, 4, 0, 8, 8, 5, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
