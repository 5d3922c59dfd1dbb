package dev.jsm.partitions;

import static dev.jsm.partitions.TestFabric.vport;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Virtual ports as partition members (docs/virtualization.md): {@code ALL} and {@code ALL_VCAS} select them, a vport
 * GUID selects one, {@code ALL_CAS} leaves them out; each vport gets a P_Key table of its own, and its CA port's table
 * holds the port's keys and every key of its vports.
 */
class VPortPartitionsTest {

    private static final long SM = 0x1L;
    private static final long SWITCH = 0x5000L;
    private static final long HOST = 0x20L;
    private static final long OTHER = 0x30L;
    private static final long V1 = vport(HOST, 1);
    private static final long V2 = vport(HOST, 2);

    private static final String FILE = """
            Default=0x7fff : ALL, SELF=full ;
            vms=0x10 : ALL_VCAS=full ;
            one=0x11 : %s ;
            cas=0x12 : ALL_CAS ;
            hostonly=0x13 : %s=full ;
            """.formatted(Long.toHexString(V2).replaceFirst("^", "0x"), "0x" + Long.toHexString(HOST));

    private static SubnetSnapshot fabric(int vportCap) {
        return new TestFabric().switchNode(SWITCH, 8, 32).endNode(NodeKind.CA, SM, 64, SWITCH, 1)
                .endNode(NodeKind.CA, HOST, 64, SWITCH, 2).endNode(NodeKind.CA, OTHER, 64, SWITCH, 3)
                .vports(HOST, 2, vportCap).snapshot();
    }

    private static PartitionSet resolve(SubnetSnapshot f) throws PartitionsParseException {
        return PartitionResolver.resolve(PartitionConfig.parse(FILE, "p.conf"), f, SM, false, false);
    }

    @Test
    void theKeywordsAndGuidsSelectVPortsAsNvidiasManualSays() throws Exception {
        PartitionSet set = resolve(fabric(32));
        assertThat(set.partition(0x7fff).limitedMembers()).contains(V1, V2, HOST, OTHER);
        assertThat(set.partition(0x10).fullMembers()).containsExactlyInAnyOrder(V1, V2);
        assertThat(set.partition(0x11).limitedMembers()).containsExactly(V2);
        assertThat(set.partition(0x12).limitedMembers()).containsExactlyInAnyOrder(SM, HOST, OTHER);
        assertThat(set.partition(0x13).fullMembers()).as("vport 0 is its port").containsExactly(HOST);
        assertThat(set.pkeysOf(V2)).as("OpenSM's order: by the byte-swapped P_Key")
                .containsExactly(0x8010, 0x0011, 0x7fff);
        assertThat(set.canCommunicate(V1, V2)).isTrue();
        assertThat(set.sharedPKeys(V1, SM)).containsExactly(0xffff);
        assertThat(set.canCommunicate(V1, OTHER)).as("both limited in the default partition only")
                .isFalse();
    }

    @Test
    void everyVPortGetsItsOwnTableAndThePortTheirKeysToo() throws Exception {
        SubnetSnapshot f = fabric(32);
        PartitionSet set = resolve(f);
        List<VPortPKeyPlan> plans = new ArrayList<>();
        List<PKeyCapacityProblem> problems = PKeyPlanner.planVPorts(f, set, HeldVPortPKeyTables.NONE,
                PKeyOptions.DEFAULTS, plans::add);

        assertThat(problems).isEmpty();
        assertThat(plans).extracting(VPortPKeyPlan::vportIndex).containsExactly(0, 1, 2);
        assertThat(plans.get(0).vportGuid()).isEqualTo(HOST);
        assertThat(plans.get(0).table().entries()).startsWith(0x7fff, 0x0012, 0x8013, 0);
        assertThat(plans.get(2).table().entries()).startsWith(0x7fff, 0x8010, 0x0011, 0);
        assertThat(plans.get(2).changedBlocks()).containsExactly(0);
        assertThat(plans.get(2).portGuid()).isEqualTo(HOST);

        PKeyPlan ports = PKeyPlanner.plan(f, set, HeldPKeyTables.NONE, PKeyOptions.DEFAULTS);
        int[] host = ports.port(HOST | 0x0100_0000_0000_0000L, 1).table().entries();
        assertThat(host).startsWith(0x7fff, 0x0012, 0x8013, 0x8010, 0x0011, 0);
        int[] other = ports.port(OTHER | 0x0100_0000_0000_0000L, 1).table().entries();
        assertThat(other).startsWith(0x7fff, 0x0012, 0);
        assertThat(ports.port(SWITCH, 2).table().entries()).as("the switch enforces the port's aggregate")
                .contains(0x8010, 0x0011);
    }

    @Test
    void aVPortTableThatHoldsWhatItShouldSendsNothingAndASmallOneReportsTheKeysLeftOut() throws Exception {
        SubnetSnapshot f = fabric(32);
        PartitionSet set = resolve(f);
        Map<String, PortPKeyTable> held = new HashMap<>();
        PKeyPlanner.planVPorts(f, set, HeldVPortPKeyTables.NONE, PKeyOptions.DEFAULTS,
                p -> held.put(p.portGuid() + "/" + p.vportIndex(), p.table()));
        List<VPortPKeyPlan> again = new ArrayList<>();
        PKeyPlanner.planVPorts(f, set, (port, index) -> held.get(port + "/" + index), PKeyOptions.DEFAULTS,
                again::add);
        assertThat(again).allSatisfy(p -> assertThat(p.changedBlocks()).isEmpty());

        SubnetSnapshot small = fabric(2);
        List<PKeyCapacityProblem> problems = PKeyPlanner.planVPorts(small, resolve(small), HeldVPortPKeyTables.NONE,
                PKeyOptions.DEFAULTS, p -> { });
        assertThat(problems).hasSize(2);
        assertThat(problems.get(1).message()).startsWith("vport " + "0x" + Long.toHexString(V2))
                .contains("holds 2 entries but the port is in 3 partitions; left out 0x0011");
    }
}
