package dev.jsm.daemon.qos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.ConfFile;
import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.mad.smp.VlArbitrationTable;
import dev.jsm.qos.tables.QosConfig;
import dev.jsm.qos.tables.QosPlan;
import dev.jsm.qos.tables.QosTablePlanner;
import dev.jsm.qos.tables.Sl2VlOverride;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Sl2VlMap;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.SwitchAttributes;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Per-port SL2VL and VLArb Sets as OpenSM's osm_qos_setup plans them, and the block diff: the planner's wanted
 * tables, the Sets {@link QosBlockSets} lists for them, and what answered Sets leave held.
 */
class QosTablePlannerTest {

    private static final long SL_MAP = PortInfo.CAP_IS_SL_MAPPING_SUPPORTED;
    private static final int VL0_7 = 4;
    private static final int VL0_3 = 3;

    private final Subnet subnet = new Subnet();
    private final HeldQosTables programmed = new HeldQosTables(subnet);

    @Test
    void qosOffPlansNothing() {
        ca(0x10, SL_MAP, VL0_7, 8, 8);

        assertThat(QosTablePlanner.plan(subnet, QosConfig.from(SmOptions.defaults()), Sl2VlOverride.NONE))
                .isEqualTo(QosPlan.EMPTY);
    }

    @Test
    void caGetsMaskedTablesSizedByItsCapsAndNothingOnceProgrammed() {
        PhysPort ca = ca(0x10, SL_MAP, VL0_7, 8, 8);
        QosPass plan = plan("");

        assertThat(plan.sets()).extracting(QosSet::attributeModifier).containsExactly(0x10000L, 0x30000L, 0L);
        VlArbitrationTable low = ((QosSet.VlArb) plan.sets().get(0)).block();
        assertThat(low).isEqualTo(table(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, new int[] {0, 4, 4, 4, 4, 4, 4, 4}));
        VlArbitrationTable high = ((QosSet.VlArb) plan.sets().get(1)).block();
        assertThat(high).isEqualTo(table(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, new int[] {4, 0, 0, 0, 0, 0, 0, 0}));
        assertThat(((QosSet.Sl2Vl) plan.sets().get(2)).table())
                .as("SL 8..14 fold onto VL 0..6 with 8 operational VLs").isEqualTo(
                        SlToVlMappingTable.of(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7));
        assertThat(plan.vlHighLimits()).containsExactly(new QosPlan.VlHighLimit(ca, 0));

        assertThat(programmed.isEmpty()).isTrue();
        plan.sets().forEach(programmed::recordSent);
        assertThat(programmed.isEmpty()).isFalse();
        assertThat(plan("").sets()).as("second pass, unchanged config").isEmpty();
        assertThat(plan("qos_ca_high_limit 6\n").sets()).as("VLHighLimit goes by PortInfo").isEmpty();
        assertThat(plan("qos_ca_high_limit 6\n").vlHighLimits().get(0).differs()).isTrue();
        assertThat(plan("qos_ca_vlarb_high 0:4,1:8\n").sets()).extracting(QosSet::attributeModifier)
                .containsExactly(0x30000L);
        programmed.forgetNode(0x10);
        assertThat(programmed.isEmpty()).isTrue();
        assertThat(plan("").sets()).hasSize(3);
    }

    @Test
    void typicalHpcSl2VlDropsSl8To15() {
        ca(0x10, SL_MAP, VL0_7, 8, 8);

        QosPass plan = plan("qos_max_vls 8\nqos_vlarb_high 2:1\nqos_vlarb_low 0:96,1:224\n"
                + "qos_sl2vl 0,1,2,3,4,5,6,7,15,15,15,15,15,15,15,15\n");

        assertThat(((QosSet.Sl2Vl) plan.sets().get(2)).table())
                .isEqualTo(SlToVlMappingTable.of(0, 1, 2, 3, 4, 5, 6, 7, 15, 15, 15, 15, 15, 15, 15, 15));
        assertThat(((QosSet.VlArb) plan.sets().get(1)).block()).isEqualTo(table(new int[] {2}, new int[] {1}));
    }

    @Test
    void onlyPortsWithTheCapabilityAndMoreThanVl0AreProgrammed() {
        PhysPort vl0Only = ca(0x10, SL_MAP, 1, 8, 8);
        ca(0x20, 0, VL0_7, 0, 0);

        QosPass plan = plan("");

        assertThat(plan.sets()).extracting(s -> s.port().node().nodeGuid()).containsExactly(0x10L);
        assertThat(plan.sets().get(0)).isInstanceOf(QosSet.Sl2Vl.class);
        assertThat(plan.vlHighLimits()).contains(new QosPlan.VlHighLimit(vl0Only, 0));
    }

    @Test
    void secondBlockCoversCapacityPast32() {
        ca(0x10, 0, VL0_7, 0, 40);

        QosPass plan = plan("qos_ca_vlarb_low " + pairs(40) + "\n");

        assertThat(plan.sets()).extracting(QosSet::attributeModifier).containsExactly(0x10000L, 0x20000L);
        VlArbitrationTable second = ((QosSet.VlArb) plan.sets().get(1)).block();
        assertThat(second.weight(7)).isEqualTo(40);
        assertThat(second.weight(8)).as("past the capacity").isZero();
    }

    @Test
    void switchGetsVlArbPerPortAndSl2VlPerInputOutputPair() {
        Node sw = switchNode(0x100, 3, 0);
        sw.port(3).setAttributes(attributes(PortAttributes.STATE_DOWN, 0, VL0_7, VL0_7, 8, 8));

        QosPass plan = plan("");

        List<QosSet> vlArb = plan.sets().stream().filter(s -> s instanceof QosSet.VlArb).toList();
        assertThat(vlArb).extracting(QosSet::attributeModifier)
                .containsExactly(0x10001L, 0x30001L, 0x10002L, 0x30002L);
        assertThat(plan.sets().stream().filter(s -> s instanceof QosSet.Sl2Vl).map(QosSet::attributeModifier))
                .containsExactly(0x001L, 0x101L, 0x201L, 0x301L, 0x002L, 0x102L, 0x202L, 0x302L);

        plan.sets().forEach(programmed::recordSent);
        assertThat(plan("").sets()).isEmpty();
    }

    @Test
    void optimizedSwitchGetsOneAllPortsSetPlusPortsWithOtherOperationalVls() {
        Node sw = switchNode(0x100, 3, 1);
        sw.port(3).setAttributes(attributes(PortAttributes.STATE_ACTIVE, 0, VL0_7, VL0_3, 8, 8));
        String opts = "use_optimized_slvl TRUE\n";

        List<QosSet.Sl2Vl> sl2Vl = sl2VlSets(plan(opts));

        assertThat(sl2Vl).extracting(QosSet::attributeModifier).containsExactly(0x30000L, 0x20003L);
        assertThat(sl2Vl.get(0).port().portNum()).as("the port that made its OperationalVLs the majority").isEqualTo(2);
        assertThat(sl2Vl.get(0).isAllPorts()).isTrue();
        assertThat(sl2Vl.get(1).table().vl(7)).as("masked to VL0-3").isEqualTo(3);
        assertThat(sl2Vl.get(1).table().vl(15)).isEqualTo(3);
        plan(opts).sets().forEach(programmed::recordSent);
        assertThat(plan(opts).sets()).isEmpty();
        assertThat(programmed.sl2Vl(sw.port(2), 0)).as("0x30000 does not cover input port 0").isNull();
        assertThat(programmed.sl2Vl(sw.port(2), 3)).isNotNull();
    }

    @Test
    void engineOverrideReplacesTheTemplateAndDisablesOptimizedProgramming() {
        switchNode(0x100, 2, 1);
        SlToVlMappingTable allVl1 = SlToVlMappingTable.of(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
        Sl2VlMap engineVl1 = Sl2VlMap.of(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);

        List<QosSet.Sl2Vl> sl2Vl = sl2VlSets(QosPass.plan(subnet, config("use_optimized_slvl TRUE\n"),
                (node, in, out, configured) -> out == 2 ? engineVl1 : configured));

        assertThat(sl2Vl).hasSize(6);
        assertThat(sl2Vl).filteredOn(s -> s.port().portNum() == 2).extracting(QosSet.Sl2Vl::table)
                .containsOnly(allVl1);
    }

    @Test
    void enhancedPort0UsesSw0SettingsAndIsAnOutputPort() {
        Node sw = switchNode(0x100, 1, 0);
        sw.asSwitch().setAttributes(switchInfo(0, 1));

        QosPass plan = plan("qos_sw0_sl2vl 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n");

        assertThat(sl2VlSets(plan)).extracting(QosSet::attributeModifier)
                .containsExactly(0x100L, 0x001L, 0x101L, 0L);
        assertThat(sl2VlSets(plan).get(3).table().vl(3)).as("qos_sw0_sl2vl").isZero();
        assertThat(sl2VlSets(plan).get(0).table().vl(3)).as("qos_swe_ (default) sl2vl").isEqualTo(3);
        plan.sets().forEach(programmed::recordSent);
        assertThat(plan("qos_sw0_sl2vl 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n").sets()).isEmpty();
        assertThat(plan.sets()).filteredOn(s -> s instanceof QosSet.VlArb).extracting(QosSet::attributeModifier)
                .containsExactly(0x10001L, 0x30001L, 0x10000L, 0x30000L);
    }

    private static List<QosSet.Sl2Vl> sl2VlSets(QosPass plan) {
        return plan.sets().stream().filter(s -> s instanceof QosSet.Sl2Vl).map(s -> (QosSet.Sl2Vl) s).toList();
    }

    private QosPass plan(String options) {
        return QosPass.plan(subnet, config(options), Sl2VlOverride.NONE);
    }

    private static QosConfig config(String options) {
        ConfFile f = OpenSmConfReader.parse("opensm.conf", "qos TRUE\n" + options);
        assertThat(f.errors()).isEmpty();
        return QosConfig.from(SmOptions.fromFile(f));
    }

    private PhysPort ca(long guid, long cap, int vlCap, int highCap, int lowCap) {
        Node n = subnet.addNode(NodeKind.CA, guid, 1);
        PhysPort p = subnet.addPort(n, 1, guid + 1);
        p.setAttributes(attributes(PortAttributes.STATE_ACTIVE, cap, vlCap, vlCap, highCap, lowCap));
        return p;
    }

    private Node switchNode(long guid, int ports, int optimized) {
        Node sw = subnet.addNode(NodeKind.SWITCH, guid, ports);
        sw.asSwitch().setAttributes(switchInfo(optimized, 0));
        subnet.addPort(sw, 0, guid).setAttributes(attributes(PortAttributes.STATE_ACTIVE, SL_MAP, VL0_7, VL0_7, 8,
                8));
        for (int i = 1; i <= ports; i++) {
            subnet.addPort(sw, i, guid).setAttributes(attributes(PortAttributes.STATE_ACTIVE, 0, VL0_7, VL0_7, 8,
                    8));
        }
        return sw;
    }

    private static SwitchAttributes switchInfo(int optimized, int enhancedPort0) {
        return new SwitchAttributes(0xC000, 0, 0, 0, 0, 0, 0, 0, 0, optimized, 0, 0, 0, 0, 0, 0, enhancedPort0, 0);
    }

    private static PortAttributes attributes(int state, long cap, int vlCap, int opVls, int highCap, int lowCap) {
        return new PortAttributes(0L, 0L, 0, 0, cap, 0, 0, 0, 0, 0, state, 5, 0, 0, 0, 0, 5, 0, vlCap, 0, highCap,
                lowCap, 5, 0, 0, opVls, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    private static VlArbitrationTable table(int[] vls, int[] weights) {
        byte[] v = new byte[VlArbitrationTable.ENTRIES];
        int[] w = new int[VlArbitrationTable.ENTRIES];
        for (int i = 0; i < vls.length; i++) {
            v[i] = (byte) vls[i];
            w[i] = weights[i];
        }
        return new VlArbitrationTable(v, w);
    }

    private static String pairs(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            sb.append(i == 1 ? "" : ",").append(i % 8).append(':').append(i);
        }
        return sb.toString();
    }
}
