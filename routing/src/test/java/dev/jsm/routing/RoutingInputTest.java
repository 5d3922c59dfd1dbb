package dev.jsm.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.minhop.MinHopEngineFactory;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.testing.VPortFabrics;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import org.junit.jupiter.api.Test;

class RoutingInputTest {

    // FAT2_16 node order: host 0, leaf 0..3, spine 0..1, hosts 1..15; LIDs follow it (LMC 0: host 0 = 1, leaf 0 = 2,
    // ..., spine 1 = 7, host 1 = 8, ...). Switch index = GUID order = leaf 0..3, spine 0..1.
    private static final int LEAF0 = 0;
    private static final int SPINE0 = 4;

    @Test
    void switchesPortsAndLinksFollowTheFabric() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);

        assertThat(in.switchCount()).isEqualTo(6);
        assertThat(in.edgeCount()).isEqualTo(4 * 2 * 2 * 2);
        assertThat(in.switchNumPorts()).containsOnly(8);
        assertThat(in.switchGuid()).isSorted();
        for (int p = 1; p <= 4; p++) {
            assertThat(in.edgeOfPort(LEAF0, p)).isEqualTo(RoutingInput.PORT_TO_END_NODE);
        }
        assertThat(in.edgeOfPort(LEAF0, 0)).isEqualTo(RoutingInput.PORT_UNCONNECTED);
        assertThat(in.edgeOfPort(LEAF0, 9)).isEqualTo(RoutingInput.PORT_UNCONNECTED);
        int e = in.edgeOfPort(LEAF0, 5);
        assertThat(in.peerSwitch()[e]).isEqualTo(SPINE0);
        assertThat(in.peerPort()[e] & 0xFF).isEqualTo(1);
    }

    @Test
    void operationalVlsAreThePortsLastReportedValuesOrZero() {
        Subnet subnet = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
        long leafGuid = RoutingInput.from(SubnetSnapshot.of(subnet), 0).switchGuid()[LEAF0];
        subnet.node(leafGuid).port(5).setAttributes(new PortAttributes(0L, 0L, 0, 0, 0L, 0, 0, 0, 0, 0,
                PortAttributes.STATE_ACTIVE, 5, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0));

        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(subnet), 0);

        assertThat(in.portOperationalVls()).hasSize(in.portStart()[in.switchCount()]);
        assertThat(in.portOperationalVls()[in.portStart()[LEAF0] + 5]).isEqualTo((byte) 3);
        assertThat(in.portOperationalVls()[in.portStart()[LEAF0] + 6]).isZero();
    }

    @Test
    void everyEdgeHasItsReverseAndItsPortEntry() {
        RoutingInput in = TopologySubnets.input("torus:dims=3x4,links=2,hosts=1", 0);
        for (int sw = 0; sw < in.switchCount(); sw++) {
            int last = -1;
            for (int e = in.linkStart()[sw]; e < in.linkStart()[sw + 1]; e++) {
                int port = in.localPort()[e] & 0xFF;
                assertThat(port).isGreaterThan(last);
                last = port;
                assertThat(in.edgeOfPort(sw, port)).isEqualTo(e);
                int back = in.edgeOfPort(in.peerSwitch()[e], in.peerPort()[e] & 0xFF);
                assertThat(in.peerSwitch()[back]).isEqualTo(sw);
                assertThat(in.peerPort()[back] & 0xFF).isEqualTo(port);
            }
        }
    }

    @Test
    void lidsMapToTheirDeliveringSwitchAndPort() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);

        assertThat(in.maxLid()).isEqualTo(22);
        assertThat(in.endPortCount()).isEqualTo(22);
        assertThat(in.endPortBaseLid()).isSorted();
        assertThat(in.lidOwnerSwitch()[1]).isEqualTo(LEAF0);
        assertThat(in.lidOwnerPort()[1] & 0xFF).isEqualTo(1);
        assertThat(in.lidOwnerSwitch()[2]).isEqualTo(LEAF0);
        assertThat(in.lidOwnerPort()[2] & 0xFF).isZero();
        assertThat(in.switchLid()[LEAF0]).isEqualTo(2);
        assertThat(in.lidOwnerSwitch()[8]).isEqualTo(LEAF0);
        assertThat(in.lidOwnerPort()[8] & 0xFF).isEqualTo(2);
        assertThat(in.lidOwnerSwitch()[0]).isEqualTo(-1);
        int host1 = in.lidEndPort()[8];
        assertThat(in.endPortIsSwitch()[host1]).isFalse();
        assertThat(in.endPortIsSwitch()[in.lidEndPort()[2]]).isTrue();
        assertThat(in.endPortSwitch()[host1]).isEqualTo(LEAF0);
        assertThat(in.endPortNodeGuid()[host1]).isEqualTo(in.endPortGuid()[host1] - 1);
        assertThat(in.endPortSystemImageGuid()[host1]).isEqualTo(in.endPortNodeGuid()[host1]);
    }

    @Test
    void lmcRangesFillEveryLidOfTheRange() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 2);

        assertThat(in.lmc()).isEqualTo(2);
        int host0 = in.lidEndPort()[4];
        assertThat(in.endPortBaseLid()[host0]).isEqualTo(4);
        assertThat(in.endPortLidCount()[host0]).isEqualTo(4);
        for (int lid = 4; lid <= 7; lid++) {
            assertThat(in.lidEndPort()[lid]).isEqualTo(host0);
            assertThat(in.lidOwnerSwitch()[lid]).isEqualTo(LEAF0);
            assertThat(in.lidOwnerPort()[lid] & 0xFF).isEqualTo(1);
        }
        assertThat(in.lidEndPort()[1]).isEqualTo(-1);
        assertThat(in.endPortLidCount()[in.lidEndPort()[8]]).isEqualTo(1);
    }

    @Test
    void aVPortsOwnLidIsAnExtraLidOfItsEndPort() {
        Subnet subnet = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
        VPortFabrics.addVPorts(subnet, 3, false);
        RoutingInput plain = TopologySubnets.input(Fabrics.FAT2_16, 0);
        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(subnet), 0);

        assertThat(plain.extraLids()).isEmpty();
        assertThat(in.endPortCount()).isEqualTo(plain.endPortCount());
        assertThat(in.maxLid()).isEqualTo(22 + 32);
        assertThat(in.extraLids()).hasSize(32).isSorted();
        for (int k = 0; k < in.extraLids().length; k++) {
            int lid = in.extraLids()[k];
            int base = in.extraLidBase()[k];
            assertThat(in.lidEndPort()[lid]).isEqualTo(in.lidEndPort()[base]);
            assertThat(in.lidOwnerSwitch()[lid]).isEqualTo(in.lidOwnerSwitch()[base]);
            assertThat(in.lidOwnerPort()[lid]).isEqualTo(in.lidOwnerPort()[base]);
            assertThat(in.endPortBaseLid()[in.lidEndPort()[lid]]).isEqualTo(base);
        }
        assertThat(in.toString()).endsWith(", 32 extra LIDs]");
    }

    @Test
    void downPortsAreNotUsable() {
        Subnet subnet = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
        long leaf0 = subnet.switchAt(LEAF0).nodeGuid();
        PortAttributes down = PortAttributes.NONE.withPortState(PortAttributes.STATE_DOWN);
        subnet.node(leaf0).port(5).setAttributes(down);
        subnet.node(leaf0).port(1).remote().setAttributes(down);

        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(subnet), 0);

        assertThat(in.edgeCount()).isEqualTo(30);
        assertThat(in.edgeOfPort(LEAF0, 5)).isEqualTo(RoutingInput.PORT_UNCONNECTED);
        assertThat(in.edgeOfPort(SPINE0, 1)).isEqualTo(RoutingInput.PORT_UNCONNECTED);
        assertThat(in.edgeOfPort(LEAF0, 1)).isEqualTo(RoutingInput.PORT_UNCONNECTED);
        assertThat(in.lidOwnerSwitch()[1]).isEqualTo(-1);
        assertThat(in.endPortSwitch()[in.lidEndPort()[1]]).isEqualTo(-1);
    }

    @Test
    void anUnhealthyPortTakesItsSwitchCableOutButNotItsHostCable() {
        Subnet subnet = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
        subnet.switchAt(LEAF0).node().port(5).setHealthy(false);
        subnet.switchAt(LEAF0).node().port(1).remote().setHealthy(false);

        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(subnet), 0);

        assertThat(in.edgeCount()).as("leaf 0 port 5 <-> spine 0 port 1 gone both ways").isEqualTo(30);
        assertThat(in.edgeOfPort(LEAF0, 5)).isEqualTo(RoutingInput.PORT_UNCONNECTED);
        assertThat(in.edgeOfPort(SPINE0, 1)).isEqualTo(RoutingInput.PORT_UNCONNECTED);
        assertThat(in.edgeOfPort(LEAF0, 1)).as("host 0's only cable").isEqualTo(RoutingInput.PORT_TO_END_NODE);
        assertThat(in.lidOwnerSwitch()[1]).isEqualTo(LEAF0);

        LftTables lfts = LftTables.forInput(in);
        new MinHopEngineFactory().create(EngineOptions.defaults()).route(in, lfts);
        VerifierReport report = new RouteVerifier().verify(in, lfts);
        assertThat(report.unreachable()).as("every LID still reached").isEmpty();
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            assertThat(lfts.port(LEAF0, lid)).as("leaf 0 to LID %d", lid).isNotEqualTo(5);
            assertThat(lfts.port(SPINE0, lid)).as("spine 0 to LID %d", lid).isNotEqualTo(1);
        }

        subnet.switchAt(LEAF0).node().port(5).setHealthy(true);
        assertThat(RoutingInput.from(SubnetSnapshot.of(subnet), 0).edgeCount()).as("healthy again").isEqualTo(32);
    }

    @Test
    void dataVlsAreTheSmallestVlCapOfTheSwitchCablesAndZeroWhenUnknown() {
        Subnet subnet = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
        assertThat(RoutingInput.from(SubnetSnapshot.of(subnet), 0).dataVls()).isZero();
        for (int sw = 0; sw < 6; sw++) {
            for (int p = 1; p <= 8; p++) {
                subnet.switchAt(sw).node().port(p).setAttributes(withVlCap(4));
            }
        }
        assertThat(RoutingInput.from(SubnetSnapshot.of(subnet), 0).dataVls()).isEqualTo(8);

        subnet.switchAt(LEAF0).node().port(1).remote().setAttributes(withVlCap(3));
        assertThat(RoutingInput.from(SubnetSnapshot.of(subnet), 0).dataVls()).isEqualTo(4);

        subnet.switchAt(SPINE0).node().port(2).setAttributes(withVlCap(5));
        subnet.switchAt(LEAF0).node().port(1).remote().setAttributes(withVlCap(1));
        assertThat(RoutingInput.from(SubnetSnapshot.of(subnet), 0).dataVls()).isEqualTo(1);
    }

    /** Active, with VLCap {@code vlCap} (1 = VL0 .. 5 = VL0-14). */
    private static PortAttributes withVlCap(int vlCap) {
        return new PortAttributes(0L, 0L, 0, 0, 0L, 0, 0, 0, 0, 0, PortAttributes.STATE_ACTIVE, 0, 0, 0, 0, 0, 0, 0,
                vlCap, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void systemImageGuidZeroMeansTheNodeGuid() {
        Subnet subnet = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
        subnet.switchAt(SPINE0).node().setSystemImageGuid(0);
        subnet.switchAt(LEAF0).node().setSystemImageGuid(0x1234);

        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(subnet), 0);

        assertThat(in.switchSystemImageGuid()[SPINE0]).isEqualTo(in.switchGuid()[SPINE0]);
        assertThat(in.switchSystemImageGuid()[LEAF0]).isEqualTo(0x1234);
    }

    @Test
    void emptySnapshotGivesAnEmptyInput() {
        RoutingInput in = RoutingInput.from(SubnetSnapshot.empty(), 0);

        assertThat(in.switchCount()).isZero();
        assertThat(in.maxLid()).isZero();
        assertThat(in.toString()).isEqualTo("RoutingInput[0 switches, 0 edges, 0 end ports, maxLid 0, lmc 0]");
    }

    @Test
    void rejectsAnLmcOutOfRange() {
        assertThatThrownBy(() -> RoutingInput.from(SubnetSnapshot.empty(), 8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("LMC 8 out of range (expected 0-7)");
    }
}
