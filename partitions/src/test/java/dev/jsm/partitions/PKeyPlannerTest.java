package dev.jsm.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Whole-fabric plans: end ports, facing switch ports, enforcement, capacity problems and block diffs. */
class PKeyPlannerTest {

    private static final long SW = 0x5000L;
    private static final long SW2 = 0x5001L;
    private static final long SM = 0x1L;
    private static final long H1 = 0x11L;
    private static final long H2 = 0x12L;
    private static final long H3 = 0x13L;
    private static final String FILE = "Default=0x7fff : ALL=full;\nP1=0x8001 : 0x11=full, 0x12=limited;";

    private static SubnetSnapshot fabric(int h3Cap, int enforceCap) {
        return new TestFabric().switchNode(SW, 8, enforceCap).switchNode(SW2, 4, enforceCap)
                .endNode(NodeKind.CA, SM, 32, SW, 1).endNode(NodeKind.CA, H1, 32, SW, 2)
                .endNode(NodeKind.CA, H2, 32, SW, 3).endNode(NodeKind.CA, H3, h3Cap, SW2, 2)
                .cable(SW, 8, SW2, 1).enforcement(SW, 8, 1, 1).enforcement(SW, 2, 1, 1).snapshot();
    }

    private static PKeyPlan plan(SubnetSnapshot f, String text, HeldPKeyTables held, PKeyOptions o)
            throws PartitionsParseException {
        PartitionSet set = PartitionResolver.resolve(PartitionConfig.parse(text, "t.conf"), f, SM,
                o.allowBothPKeys(), false);
        return PKeyPlanner.plan(f, set, held, o);
    }

    @Test
    void endPortsAndFacingSwitchPortsGetTheIntendedTables() throws Exception {
        PKeyPlan plan = plan(fabric(32, 32), FILE, HeldPKeyTables.NONE, PKeyOptions.DEFAULTS);
        assertThat(plan.problems()).isEmpty();
        assertThat(plan.port(H1 | 0x0100_0000_0000_0000L, 1).table().entries()).startsWith(0xffff, 0x8001, 0);
        assertThat(plan.port(H2 | 0x0100_0000_0000_0000L, 1).table().entries()).startsWith(0xffff, 0x0001, 0);
        assertThat(plan.port(H3 | 0x0100_0000_0000_0000L, 1).table().entries()).startsWith(0xffff, 0);
        assertThat(plan.port(SW, 0).table().entries()).startsWith(0xffff, 0);
        PortPKeyPlan facingH2 = plan.port(SW, 3);
        assertThat(facingH2.table().entries()).startsWith(0xffff, 0x0001, 0);
        assertThat(facingH2.enforcement()).isEqualTo(PartEnforce.BOTH);
        assertThat(facingH2.enforcementChanged()).isTrue();
        assertThat(plan.port(SW, 2).enforcementChanged()).as("already enforcing both ways").isFalse();
        assertThat(plan.port(SW, 8).table()).isNull();
        assertThat(plan.port(SW, 8).enforcement()).isEqualTo(PartEnforce.OFF);
        assertThat(plan.port(SW, 8).enforcementChanged()).isTrue();
        assertThat(plan.port(SW2, 1).enforcementChanged()).isFalse();
        assertThat(plan.port(SW, 5)).as("unconnected ports are left alone").isNull();
        assertThat(plan.changedBlockCount()).isEqualTo(6 + 4);
    }

    @Test
    void theStreamingPlanHandsEachEndPortOnFollowedByTheSwitchPortFacingIt() throws Exception {
        SubnetSnapshot f = fabric(32, 32);
        PartitionSet set = PartitionResolver.resolve(PartitionConfig.parse(FILE, "t.conf"), f, SM, false, false);
        List<PortPKeyPlan> streamed = new ArrayList<>();
        List<PKeyCapacityProblem> problems = PKeyPlanner.plan(f, set, HeldPKeyTables.NONE, PKeyOptions.DEFAULTS,
                streamed::add);
        PKeyPlan whole = PKeyPlanner.plan(f, set, HeldPKeyTables.NONE, PKeyOptions.DEFAULTS);
        assertThat(problems).isEqualTo(whole.problems());
        assertThat(streamed).containsExactlyElementsOf(whole.ports());
        int h2 = indexOf(streamed, H2 | 0x0100_0000_0000_0000L, 1);
        assertThat(streamed.get(h2 + 1)).as("the switch port facing H2 comes right after it")
                .isEqualTo(whole.port(SW, 3));
        assertThat(streamed.subList(streamed.size() - 2, streamed.size())).as("switch-to-switch ports last")
                .containsExactlyInAnyOrder(whole.port(SW, 8), whole.port(SW2, 1));
    }

    private static int indexOf(List<PortPKeyPlan> plans, long nodeGuid, int portNum) {
        for (int i = 0; i < plans.size(); i++) {
            if (plans.get(i).nodeGuid() == nodeGuid && plans.get(i).portNum() == portNum) {
                return i;
            }
        }
        throw new AssertionError("no plan for " + Long.toHexString(nodeGuid) + "[" + portNum + "]");
    }

    @Test
    void onlyChangedBlocksAreListedAgainstWhatPortsHold() throws Exception {
        SubnetSnapshot f = fabric(64, 32);
        PKeyPlan first = plan(f, FILE, HeldPKeyTables.NONE, PKeyOptions.DEFAULTS);
        Map<String, PortPKeyTable> held = new HashMap<>();
        for (PortPKeyPlan p : first.ports()) {
            if (p.table() != null) {
                held.put(p.nodeGuid() + "/" + p.portNum(), p.table());
            }
        }
        HeldPKeyTables h = (node, port) -> held.get(node + "/" + port);
        assertThat(plan(f, FILE, h, PKeyOptions.DEFAULTS).changedBlockCount()).isZero();
        PKeyPlan edited = plan(f, FILE + "\nP2=0x8002 : 0x13;", h, PKeyOptions.DEFAULTS);
        assertThat(edited.ports()).filteredOn(p -> !p.changedBlocks().isEmpty())
                .extracting(PortPKeyPlan::toString)
                .containsExactly("0x0100000000000013[1] blocks [0]", "0x0000000000005001[2] blocks [0] enforcement BOTH"
                        + " (change)");
    }

    @Test
    void aPortThatCannotHoldItsPartitionsIsNamed() throws Exception {
        String file = FILE + "\nA=0x21 : 0x13;\nB=0x22 : 0x13;\nC=0x23 : 0x13;";
        PKeyPlan plan = plan(fabric(2, 2), file, HeldPKeyTables.NONE, PKeyOptions.DEFAULTS);
        assertThat(plan.problems()).hasSize(1);
        PKeyCapacityProblem p = plan.problems().get(0);
        assertThat(p.nodeGuid()).isEqualTo(H3 | 0x0100_0000_0000_0000L);
        assertThat(p.dropped()).hasSize(2);
        assertThat(p.message()).contains("port 1", "holds 2 entries", "in 4 partitions");
        // the switch port facing 0x12 (two keys) fits in 2; the one facing 0x13 gets only what the CA holds
        assertThat(plan.port(SW2, 2).enforcement()).isEqualTo(PartEnforce.BOTH);
    }

    @Test
    void switchPortBeyondEnforcementCapTurnsEnforcementOff() throws Exception {
        String file = FILE + "\nA=0x21 : 0x11;\nB=0x22 : 0x11;";
        PKeyPlan plan = plan(fabric(32, 2), file, HeldPKeyTables.NONE, PKeyOptions.DEFAULTS);
        assertThat(plan.problems()).singleElement().satisfies(p -> {
            assertThat(p.nodeGuid()).isEqualTo(SW);
            assertThat(p.portNum()).isEqualTo(2);
            assertThat(p.enforcementCleared()).isTrue();
            assertThat(p.message()).contains("enforcement turned off");
        });
        assertThat(plan.port(SW, 2).enforcement()).isEqualTo(PartEnforce.OFF);
    }

    @Test
    void partEnforceOffOrNoEnforcementCapLeavesSwitchTablesAlone() throws Exception {
        PKeyPlan off = plan(fabric(32, 32), FILE, HeldPKeyTables.NONE, new PKeyOptions(false, true,
                PartEnforce.OFF));
        assertThat(off.port(SW, 2).table()).isNull();
        assertThat(off.port(SW, 2).enforcement()).isEqualTo(PartEnforce.OFF);
        assertThat(off.port(SW, 2).enforcementChanged()).isTrue();
        PKeyPlan noCap = plan(fabric(32, 0), FILE, HeldPKeyTables.NONE, PKeyOptions.DEFAULTS);
        assertThat(noCap.port(SW, 2)).isNull();
        assertThat(PartEnforce.fromOptions("in", false)).isEqualTo(PartEnforce.IN);
        assertThat(PartEnforce.fromOptions("both", true)).isEqualTo(PartEnforce.OFF);
        assertThat(List.of(PartEnforce.OUT.inbound(), PartEnforce.OUT.outbound())).containsExactly(false, true);
    }

    @Test
    void enforcementIsLimitedToTheDirectionsTheSwitchSupports() throws Exception {
        SubnetSnapshot f = new TestFabric().switchNode(SW, 4, 8, 32, 1, 0).endNode(NodeKind.CA, SM, 32, SW, 1)
                .enforcement(SW, 1, 1, 0).snapshot();
        PKeyPlan plan = plan(f, FILE, HeldPKeyTables.NONE, PKeyOptions.DEFAULTS);
        assertThat(plan.port(SW, 1).enforcement()).isEqualTo(PartEnforce.IN);
        assertThat(plan.port(SW, 1).enforcementChanged()).isFalse();
        assertThat(PartEnforce.OUT.supportedBy(1, 0)).isEqualTo(PartEnforce.OFF);
    }
}
