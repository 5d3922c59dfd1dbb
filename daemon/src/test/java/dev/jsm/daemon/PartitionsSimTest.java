package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.pkey.PKeyManager;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The partition manager in the whole daemon against the simulator, judged on the P_Key tables the simulated ports
 * hold: a partitions file with some hosts full members of 0x8001, some limited and the rest out gives every CA port
 * and the switch port facing it exactly those keys (and the default partition); an edit plus SIGHUP sends only the
 * blocks that changed; a file with a syntax error after a good one changes nothing and the log names the position.
 */
class PartitionsSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final int P_KEY_TABLE = AttributeId.P_KEY_TABLE.value();

    @TempDir
    Path dir;

    private Topology t;
    private final List<Integer> cas = new ArrayList<>();
    private Path file;

    @BeforeEach
    void fabric() throws Exception {
        t = TopologyShapes.load("fat2:k=4");
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.CA) {
                cas.add(n);
            }
        }
        assertThat(cas.size()).isGreaterThanOrEqualTo(6);
        file = dir.resolve("partitions.conf");
    }

    @Test
    void fullLimitedAndOutHostsGetTheirKeysOnTheCaAndTheFacingSwitchPort() throws Exception {
        Files.writeString(file, policy(false));
        try (SimSm sm = SimSm.start(t, dir, "partition_config_file", file.toString())) {
            sm.awaitSubnetUp(UP);
            assertTables(sm.fabric, expected(false));
        }
    }

    @Test
    void anEditAndSighupSendOnlyTheChangedBlocks() throws Exception {
        Files.writeString(file, policy(false));
        try (SimSm sm = SimSm.start(t, dir, "partition_config_file", file.toString())) {
            sm.awaitSubnetUp(UP);
            long before = sm.daemon.madStats().sentOfAttribute(P_KEY_TABLE);
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            assertThat(sm.daemon.madStats().sentOfAttribute(P_KEY_TABLE)).as("unchanged file").isEqualTo(before);

            Files.writeString(file, policy(true));
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            assertTables(sm.fabric, expected(true));
            assertThat(sm.daemon.madStats().sentOfAttribute(P_KEY_TABLE) - before)
                    .as("host 3 limited -> full and host 4 out: their CA ports and facing switch ports")
                    .isEqualTo(4);
        }
    }

    @Test
    void aRebootedHostAndSwitchGetTheirTablesBack() throws Exception {
        Files.writeString(file, policy(false));
        try (SimSm sm = SimSm.start(t, dir, "partition_config_file", file.toString(), "sweep_on_trap", "FALSE")) {
            sm.awaitSubnetUp(UP);
            int host = cas.get(1);
            int leaf = t.peerNode(host, 1);
            sm.fabric.faults().removeNode(host);
            sm.fabric.faults().returnNode(host);
            sm.fabric.faults().removeNode(leaf);
            sm.fabric.faults().returnNode(leaf);
            assertThat(keys(sm.fabric.pKeyBlock(host, 1, 0))).as("power-on table").containsExactly(0xFFFF);
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            assertTables(sm.fabric, expected(false));
            assertThat(keys(sm.fabric.pKeyBlock(leaf, 0, 0))).as("rebooted switch's port 0").containsExactly(0x7FFF);
        }
    }

    @Test
    void aSyntaxErrorAfterAGoodFileChangesNoTableAndNamesThePosition() throws Exception {
        Files.writeString(file, policy(false));
        try (SimSm sm = SimSm.start(t, dir, "partition_config_file", file.toString());
             LogCapture log = LogCapture.open(PKeyManager.class)) {
            sm.awaitSubnetUp(UP);
            long before = sm.daemon.madStats().sentOfAttribute(P_KEY_TABLE);
            Files.writeString(file, policy(true).replace("P1=0x8001 :", "P1=0x8001 ;:"));
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            assertThat(sm.daemon.madStats().sentOfAttribute(P_KEY_TABLE)).isEqualTo(before);
            assertTables(sm.fabric, expected(false));
            assertThat(log.containing(file + ":2:")).as("error naming file:line:column")
                    .anyMatch(m -> m.matches("PKEY-1002 .*:2:\\d+: .*"));
        }
    }

    @Test
    void aBadFileOnAFirstStartGivesTheNoFileDefaultAndSaysWhere() throws Exception {
        Files.writeString(file, "Default=0x7fff : ALL=limited, SELF=full ;\nP1=0x8001 " + guid(1) + " ;\n");
        try (LogCapture log = LogCapture.open(PKeyManager.class);
             SimSm sm = SimSm.start(t, dir, "partition_config_file", file.toString())) {
            sm.awaitSubnetUp(UP);
            assertThat(log.containing(file + ":2:")).anyMatch(m -> m.matches("PKEY-1002 .*:2:\\d+: .*"));
            for (int ca : cas) {
                assertThat(keys(sm.fabric.pKeyBlock(ca, 1, 0))).as("Default=0x7fff,ipoib : ALL=full")
                        .containsExactly(0xFFFF);
            }
        }
    }

    @Test
    void anEmptiedFileAndHupGiveEveryPortFullMembershipOfTheDefaultPartitionAsOpenSm() throws Exception {
        Files.writeString(file, policy(false));
        try (LogCapture log = LogCapture.open(PKeyManager.class);
             SimSm sm = SimSm.start(t, dir, "partition_config_file", file.toString())) {
            sm.awaitSubnetUp(UP);
            Files.writeString(file, "# all partitions commented out\n#P1=0x8001 : ALL=full ;\n\n");
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            for (int ca : cas) {
                assertThat(keys(sm.fabric.pKeyBlock(ca, 1, 0))).as("not 0x7fff (limited) for all but the SM")
                        .containsExactly(0xFFFF);
            }
            assertThat(log.containing("no partition statement")).singleElement().asString().startsWith("PKEY-1004");
        }
    }

    /** Hosts 1-2 full members of 0x8001, 3 limited (4 too, unless edited: 3 full, 4 out), the rest out. */
    private String policy(boolean edited) {
        String p1 = edited
                ? guid(1) + "=full, " + guid(2) + "=full, " + guid(3) + "=full"
                : guid(1) + "=full, " + guid(2) + "=full, " + guid(3) + "=limited, " + guid(4);
        return "Default=0x7fff : ALL=limited, SELF=full ;\nP1=0x8001 : " + p1 + " ;\n";
    }

    /** The keys each CA (by index in {@link #cas}) should hold, membership bit included. */
    private Map<Integer, TreeSet<Integer>> expected(boolean edited) {
        Map<Integer, TreeSet<Integer>> m = new TreeMap<>();
        for (int i = 0; i < cas.size(); i++) {
            TreeSet<Integer> keys = new TreeSet<>();
            keys.add(i == 0 ? 0xFFFF : 0x7FFF);
            if (i == 1 || i == 2 || (i == 3 && edited)) {
                keys.add(0x8001);
            } else if (i == 3 || (i == 4 && !edited)) {
                keys.add(0x0001);
            }
            m.put(i, keys);
        }
        return m;
    }

    private void assertTables(SimFabric fabric, Map<Integer, TreeSet<Integer>> expected) {
        for (int i = 0; i < cas.size(); i++) {
            int ca = cas.get(i);
            int sw = t.peerNode(ca, 1);
            int swPort = t.peerPort(ca, 1);
            assertThat(keys(fabric.pKeyBlock(ca, 1, 0))).as("CA %s", t.node(ca).name()).isEqualTo(expected.get(i));
            assertThat(keys(fabric.pKeyBlock(sw, swPort, 0))).as("switch %s port %d facing %s", t.node(sw).name(),
                    swPort, t.node(ca).name()).isEqualTo(expected.get(i));
        }
    }

    private static TreeSet<Integer> keys(int[] block) {
        TreeSet<Integer> s = new TreeSet<>();
        for (int k : block) {
            if ((k & 0x7FFF) != 0) {
                s.add(k);
            }
        }
        return s;
    }

    private String guid(int ca) {
        return String.format("0x%016x", t.node(cas.get(ca)).portGuid(1));
    }
}
