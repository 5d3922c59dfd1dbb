package dev.jsm.qos.enhanced;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.VPortAttributes;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The planner writes each CA port's and vport's limits into the model's QoSConfigSL tables, only where the node has the
 * capability, in the attribute's wire layout; a table that holds what it should needs no Set, and an edited policy
 * changes only the tables whose limits change.
 */
class RateLimitPlannerTest {

    private static final long HOST_A = 0x2c90000000025L;
    private static final long HOST_B = 0x2c90000000030L;
    private static final long HOST_C = 0x2c90000000040L;
    private static final long VPORT_A1 = 0x2c90000000026L;

    /** Hosts A and B support both rate limit forms, C neither; A has vports 0 and 1. */
    private static Subnet fabric() {
        Subnet s = new Subnet();
        long caps = 1L << RateLimitPlanner.CAP_RATE_LIMIT | 1L << RateLimitPlanner.CAP_VPORT_RATE_LIMIT;
        for (long guid : new long[] {HOST_A, HOST_B, HOST_C}) {
            Node n = s.addNode(NodeKind.CA, guid - 1, 1);
            n.setGeneralCapabilities(guid == HOST_C ? 0 : caps);
            s.addPort(n, 1, guid);
        }
        EndPort a = s.endPort(HOST_A);
        VPortAttributes up = new VPortAttributes(VPortAttributes.STATE_ACTIVE, false, 8, 1, 0, 0);
        s.addVPort(a, 0, HOST_A, up);
        s.addVPort(a, 1, VPORT_A1, up);
        s.addVPort(s.endPort(HOST_C), 0, HOST_C, up);
        return s;
    }

    @Test
    void eachCapablePortAndVportWantsItsLimitsInWireLayout() throws Exception {
        Subnet s = fabric();
        RateLimitPlanner.Plan plan = RateLimitPlanner.plan(s,
                EnhancedQosParser.parse("eqos.conf", EnhancedQosParserTest.EXAMPLE), true);

        assertThat(plan.ports()).extracting(RateLimitPlanner.Planned::guid).containsExactly(HOST_A, HOST_B);
        assertThat(plan.vports()).extracting(RateLimitPlanner.Planned::guid).containsExactly(HOST_A, VPORT_A1);
        assertThat(plan.withoutCapability()).as("host C and its vport 0").isEqualTo(2);
        assertThat(s.endPort(HOST_C).physPort().rateLimitTableIfAny()).isNull();
        byte[] a = new byte[64];
        s.endPort(HOST_A).physPort().rateLimitTable().copyWanted(0, a, 0);
        // SL 0: unlimited; SL 1: 25 Mb/s (0x19, BandwidthShare 0); SL 2-15 unlimited
        assertThat(HexFormat.of().formatHex(a)).isEqualTo("00000000" + "00000019" + "00000000".repeat(14));
        byte[] v1 = new byte[64];
        s.vport(VPORT_A1).rateLimitTable().copyWanted(0, v1, 0);
        // every SL 15 Mb/s (0x0f) but SL 3, 10 Mb/s (0x0a)
        assertThat(HexFormat.of().formatHex(v1)).isEqualTo("0000000f".repeat(3) + "0000000a" + "0000000f".repeat(12));
        assertThat(RateLimitPlanner.decode(v1, 0)).containsExactly(plan.vports().get(1).limits());
        assertThat(plan.vports().get(0).limits()).as("vport 0 not named: unlimited").containsOnly(0);
        assertThat(plan.ports()).allMatch(RateLimitPlanner.Planned::differs);
    }

    @Test
    void anEditedPolicyChangesOnlyTheTablesWhoseLimitsChange() throws Exception {
        Subnet s = fabric();
        RateLimitPlanner.Plan first = RateLimitPlanner.plan(s,
                EnhancedQosParser.parse("eqos.conf", EnhancedQosParserTest.EXAMPLE), true);
        byte[] b = new byte[64];
        for (RateLimitPlanner.Planned p : first.ports()) {
            p.table().copyWanted(0, b, 0);
            p.table().setHeld(0, b, 0);
        }
        for (RateLimitPlanner.Planned p : first.vports()) {
            p.table().copyWanted(0, b, 0);
            p.table().setHeld(0, b, 0);
        }
        RateLimitPlanner.Plan same = RateLimitPlanner.plan(s,
                EnhancedQosParser.parse("eqos.conf", EnhancedQosParserTest.EXAMPLE), true);
        assertThat(same.ports()).noneMatch(RateLimitPlanner.Planned::differs);
        assertThat(same.vports()).noneMatch(RateLimitPlanner.Planned::differs);

        RateLimitPlanner.Plan edited = RateLimitPlanner.plan(s, EnhancedQosParser.parse("eqos.conf",
                EnhancedQosParserTest.EXAMPLE.replace("0x2c90000000026= 3:bw4", "0x2c90000000026= 3:bw1")), true);
        assertThat(edited.ports()).noneMatch(RateLimitPlanner.Planned::differs);
        assertThat(edited.vports()).filteredOn(RateLimitPlanner.Planned::differs)
                .extracting(RateLimitPlanner.Planned::guid).containsExactly(VPORT_A1);
        PhysPort b0 = s.endPort(HOST_B).physPort();
        assertThat(b0.rateLimitTableIfAny().blockDiffers(0)).isFalse();
    }
}
