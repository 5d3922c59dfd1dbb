package dev.jsm.qos.tables;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.ConfFile;
import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Sl2VlMap;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.SwitchAttributes;
import dev.jsm.subnet.VlArbBlock;
import org.junit.jupiter.api.Test;

/**
 * What the planner writes into the model: the wanted blocks of each port's SL2VL and VLArb tables (the Sets and
 * their modifiers are the daemon's; {@code QosTablePlannerTest} there checks them against OpenSM).
 */
class QosTablePlannerTablesTest {

    private static final int VL0_7 = 4;
    private static final int VL0_3 = 3;

    private final Subnet subnet = new Subnet();

    @Test
    void aCaWantsItsMaskedTablesInTheBlocksItsCapacitiesHave() {
        PhysPort ca = port(subnet.addNode(NodeKind.CA, 0x10, 1), 1, PortAttributes.CAP_IS_SL_MAPPING_SUPPORTED,
                PortAttributes.STATE_ACTIVE, VL0_7);

        plan("");

        BlockTable vlArb = ca.vlArbTable();
        assertThat(new boolean[] {vlArb.isWanted(0), vlArb.isWanted(1), vlArb.isWanted(2), vlArb.isWanted(3)})
                .containsExactly(true, false, true, false);
        assertThat(wantedVlArb(vlArb, 2).weight(0)).as("built-in vlarb_high 0:4").isEqualTo(4);
        assertThat(wantedVlArb(vlArb, 0).vl(9)).as("past the capacity of 8").isZero();
        assertThat(wantedSl2Vl(ca.sl2VlTable(), 0)).isEqualTo(Sl2VlMap.of(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6,
                7));
    }

    @Test
    void eachPassForgetsWhatTheLastOneWanted() {
        Node sw = switchNode(2, 0);
        plan("");
        assertThat(sw.port(2).sl2VlTable().isWanted(1)).isTrue();

        sw.port(2).setAttributes(attributes(0, PortAttributes.STATE_DOWN, VL0_7));
        plan("");

        assertThat(sw.port(2).sl2VlTable().isWanted(1)).isFalse();
        assertThat(sw.port(2).vlArbTable().isWanted(0)).isFalse();
        assertThat(sw.port(1).sl2VlTable().isWanted(2)).isTrue();
    }

    @Test
    void anOptimizedSwitchIsListedAndWantsThePairsItsSetsCover() {
        Node sw = switchNode(3, 1);
        sw.port(3).setAttributes(attributes(0, PortAttributes.STATE_ACTIVE, VL0_3));

        QosPlan plan = plan("use_optimized_slvl TRUE\n");

        assertThat(plan.allPortsSl2Vl()).hasSize(1);
        QosPlan.AllPortsSl2Vl a = plan.allPortsSl2Vl().get(0);
        assertThat(a.node()).isSameAs(sw);
        assertThat(a.representative()).isSameAs(sw.port(2));
        assertThat(a.others()).containsExactly(sw.port(3));
        assertThat(sw.port(1).sl2VlTable().isWanted(0)).as("inputs from port 1: no enhanced port 0").isFalse();
        assertThat(sw.port(1).sl2VlTable().isWanted(3)).isTrue();
        assertThat(wantedSl2Vl(sw.port(3).sl2VlTable(), 1).vl(7)).as("masked to VL0-3").isEqualTo(3);
        assertThat(sw.port(0).sl2VlTableIfAny()).isNull();
    }

    private QosPlan plan(String options) {
        ConfFile f = OpenSmConfReader.parse("opensm.conf", "qos TRUE\n" + options);
        assertThat(f.errors()).isEmpty();
        return QosTablePlanner.plan(subnet, QosConfig.from(SmOptions.fromFile(f)), Sl2VlOverride.NONE);
    }

    private Node switchNode(int ports, int optimized) {
        Node sw = subnet.addNode(NodeKind.SWITCH, 0x100, ports);
        sw.asSwitch().setAttributes(new SwitchAttributes(0xC000, 0, 0, 0, 0, 0, 0, 0, 0, optimized, 0, 0, 0, 0, 0, 0,
                0, 0));
        port(sw, 0, PortAttributes.CAP_IS_SL_MAPPING_SUPPORTED, PortAttributes.STATE_ACTIVE, VL0_7);
        for (int p = 1; p <= ports; p++) {
            port(sw, p, 0, PortAttributes.STATE_ACTIVE, VL0_7);
        }
        return sw;
    }

    private PhysPort port(Node node, int num, long cap, int state, int vls) {
        PhysPort p = subnet.addPort(node, num, node.nodeGuid() + (node.isSwitch() ? 0 : num));
        p.setAttributes(attributes(cap, state, vls));
        return p;
    }

    private static PortAttributes attributes(long cap, int state, int vls) {
        return new PortAttributes(0L, 0L, 0, 0, cap, 0, 0, 0, 0, 0, state, 5, 0, 0, 0, 0, 5, 0, vls, 0, 8, 8, 5, 0,
                0, vls, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    private static Sl2VlMap wantedSl2Vl(BlockTable t, int in) {
        assertThat(t.isWanted(in)).isTrue();
        byte[] b = new byte[Sl2VlMap.BLOCK_BYTES];
        t.copyWanted(in, b, 0);
        return Sl2VlMap.read(b, 0);
    }

    private static VlArbBlock wantedVlArb(BlockTable t, int block) {
        byte[] b = new byte[VlArbBlock.BLOCK_BYTES];
        t.copyWanted(block, b, 0);
        return VlArbBlock.read(b, 0);
    }
}
