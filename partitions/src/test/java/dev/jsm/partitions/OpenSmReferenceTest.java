package dev.jsm.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * PKeyPlanner against the reference: opensm-reference.txt records, from scripts/partitions-reference.sh, the P_Key
 * tables Debian's OpenSM 3.3 programmed on ibsim (scripts/golden-fabric.net) for the partitions.conf quoted in the
 * transcript, and the switch ports it sent enforcement PortInfo Sets to. The planner, given the same fabric, file
 * and the tables ibsim started with, must produce the same block 0 of every port and program the same switch ports;
 * and, for the edited file of the transcript, the tables a second OpenSM programmed over the first one's tables.
 */
class OpenSmReferenceTest {

    private static final long SM_PORT = 0x0002c90300a1b2c1L;
    private static final long SW_A = 0x00066a00e3000510L;
    private static final long SW_B = 0x00066a00e3000520L;
    private static final long SM_NODE = 0x0002c90300a1b2c0L;
    private static final long FAR = 0x0002c90300c0ffe0L;
    private static final long DUAL = 0x0002c90300d4e5f0L;
    private static final Map<String, long[]> PORTS = Map.of(
            "hca-sm:1", new long[] {SM_NODE, 1}, "hca-far:1", new long[] {FAR, 1},
            "hca-dual:1", new long[] {DUAL, 1}, "hca-dual:2", new long[] {DUAL, 2},
            "sw-a:0", new long[] {SW_A, 0}, "sw-b:0", new long[] {SW_B, 0}, "sw-a:1", new long[] {SW_A, 1},
            "sw-a:3", new long[] {SW_A, 3}, "sw-a:18", new long[] {SW_A, 18}, "sw-b:2", new long[] {SW_B, 2});

    /**
     * golden-fabric.net with ibsim's capacities: CA PartitionCap 64, switch 8, PartitionEnforcementCap 64, and
     * SwitchInfo Inbound/OutboundEnforcementCap 0.
     */
    private static SubnetSnapshot goldenFabric() {
        TestFabric f = new TestFabric().switchNode(SW_A, 24, 8, 64, 0, 0).switchNode(SW_B, 8, 8, 64, 0, 0)
                .ca(SM_NODE, 64, SM_PORT).ca(FAR, 64, FAR + 1).ca(DUAL, 64, DUAL + 1, DUAL + 2);
        return f.cableNodes(SM_NODE, 1, SW_A, 1).cableNodes(DUAL, 2, SW_A, 3).cableNodes(SW_A, 5, SW_B, 5)
                .cableNodes(SW_A, 6, SW_B, 6).cableNodes(FAR, 1, SW_A, 18).cableNodes(DUAL, 1, SW_B, 2).snapshot();
    }

    @Test
    void plannerProgramsWhatOpenSmProgrammed() throws Exception {
        Transcript t = Transcript.read();
        SubnetSnapshot fabric = goldenFabric();
        PKeyPlan plan = plan(fabric, t.conf.toString(), t.tables.get(0));
        for (Map.Entry<String, long[]> e : PORTS.entrySet()) {
            PortPKeyPlan p = plan.port(e.getValue()[0], (int) e.getValue()[1]);
            assertThat(p.table().block(0)).as(e.getKey()).containsExactly(t.tables.get(1).get(e.getKey()));
        }
        // OpenSM sends its enforcement PortInfo Set to exactly the switch ports it gives a table; ibsim's switches
        // report no Inbound/OutboundEnforcementCap, so jsm asks for no enforcement there (OpenSM sets bits ibsim
        // ignores, and sets them again every sweep)
        Set<String> planned = new TreeSet<>();
        for (PortPKeyPlan p : plan.ports()) {
            if ((p.nodeGuid() == SW_A || p.nodeGuid() == SW_B) && p.portNum() != 0 && p.table() != null) {
                planned.add(p.nodeGuid() + ":" + p.portNum());
                assertThat(p.enforcement()).isEqualTo(PartEnforce.OFF);
                assertThat(p.enforcementChanged()).isFalse();
            }
        }
        assertThat(planned).isEqualTo(t.enforced);
    }

    @Test
    void afterAnEditKeptIndexesMatchANewOpenSmOnTheProgrammedFabric() throws Exception {
        Transcript t = Transcript.read();
        PKeyPlan plan = plan(goldenFabric(), t.edited.toString(), t.tables.get(1));
        for (Map.Entry<String, long[]> e : PORTS.entrySet()) {
            PortPKeyPlan p = plan.port(e.getValue()[0], (int) e.getValue()[1]);
            assertThat(p.table().block(0)).as(e.getKey()).containsExactly(t.tables.get(2).get(e.getKey()));
        }
        // ports whose table did not change need no MAD: hca-sm and the switch port facing it
        assertThat(plan.port(SM_NODE, 1).changedBlocks()).isEmpty();
        assertThat(plan.port(SW_A, 1).changedBlocks()).isEmpty();
        assertThat(plan.port(FAR, 1).changedBlocks()).containsExactly(0);
    }

    private static PKeyPlan plan(SubnetSnapshot fabric, String conf, Map<String, int[]> held)
            throws PartitionsParseException {
        HeldPKeyTables tables = (node, port) -> {
            for (Map.Entry<String, long[]> e : PORTS.entrySet()) {
                if (e.getValue()[0] == node && e.getValue()[1] == port) {
                    int cap = e.getKey().startsWith("sw") && port == 0 ? 8 : 64;
                    return PortPKeyTable.of(cap).withBlock(0, held.get(e.getKey()));
                }
            }
            return null;
        };
        PartitionSet set = PartitionResolver.resolve(PartitionConfig.parse(conf, "reference.conf"), fabric,
                SM_PORT, false, false);
        PKeyPlan plan = PKeyPlanner.plan(fabric, set, tables, PKeyOptions.DEFAULTS);
        assertThat(plan.problems()).isEmpty();
        return plan;
    }

    /** The transcript: the two files, the tables before, after, and after the edit, the enforced ports. */
    private static final class Transcript {
        final StringBuilder conf = new StringBuilder();
        final StringBuilder edited = new StringBuilder();
        final List<Map<String, int[]>> tables = new ArrayList<>();
        final Set<String> enforced = new TreeSet<>();

        static Transcript read() throws IOException {
            Transcript t = new Transcript();
            for (String line : PartitionsExamplesTest.resource("opensm-reference.txt").split("\n")) {
                if (line.startsWith("#   ")) {
                    t.conf.append(line.substring(4)).append('\n');
                } else if (line.startsWith("#~  ")) {
                    t.edited.append(line.substring(4)).append('\n');
                } else if (line.startsWith("=== ")) {
                    t.tables.add(new HashMap<>());
                } else if (line.contains(" block0 ")) {
                    String[] w = line.split(" ");
                    int[] entries = new int[w.length - 2];
                    for (int i = 2; i < w.length; i++) {
                        entries[i - 2] = Integer.parseInt(w[i], 16);
                    }
                    t.tables.get(t.tables.size() - 1).put(w[0], entries);
                } else if (line.startsWith("enforce-set: ")) {
                    String[] w = line.split(" ");
                    t.enforced.add(Long.parseUnsignedLong(w[5].substring(2), 16) + ":" + w[7]);
                }
            }
            assertThat(t.tables).hasSize(3).allSatisfy(m -> assertThat(m).hasSize(PORTS.size()));
            return t;
        }
    }
}
