package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.qos.EnhancedQosManager;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.sim.SimVirtualization;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.sim.topo.VPortSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Enhanced QoS in the whole daemon against the simulator (docs/enhanced-qos.md), judged on the QoSConfigSL tables the
 * simulated ports and vports hold: the policy of NVIDIA's manual's example gives every CA port and vport its limits
 * (a GUID's rule over the default, vport 0 unlimited), an edited file and a HUP send only the table that changed, and
 * a file with an error changes nothing and names file:line.
 */
class EnhancedQosSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final int QOS_CONFIG_SL = AttributeId.QOS_CONFIG_SL.value();

    @TempDir
    Path dir;

    private Topology t;
    private List<Integer> cas;
    private Path file;

    @BeforeEach
    void fabric() throws Exception {
        t = TopologyShapes.load("fat2:k=4,leaves=2,spines=1,hosts=2,vports=4,vport-lids=half");
        cas = SimSm.cas(t);
        file = dir.resolve("enhanced-qos.conf");
    }

    @Test
    void everyPortAndVportHoldsThePolicysLimitsAndAnEditSendsOnlyWhatChanged() throws Exception {
        Files.writeString(file, policy(10));
        try (SimSm sm = SimSm.start(t, dir, options())) {
            sm.awaitSubnetUp(UP);
            assertLimits(sm.fabric.virtualization(), 10);
            long before = sm.daemon.madStats().sentOfAttribute(QOS_CONFIG_SL);
            assertThat(before).as("one Set per CA port and vport").isEqualTo(cas.size() * 6L);

            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            assertThat(sm.daemon.madStats().sentOfAttribute(QOS_CONFIG_SL)).as("unchanged file").isEqualTo(before);

            Files.writeString(file, policy(12));
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            assertLimits(sm.fabric.virtualization(), 12);
            assertThat(sm.daemon.madStats().sentOfAttribute(QOS_CONFIG_SL) - before).as("bw4 only: one vport")
                    .isEqualTo(1);
        }
    }

    @Test
    void aBrokenPolicyChangesNothingAndNamesFileAndLine() throws Exception {
        Files.writeString(file, policy(10));
        try (SimSm sm = SimSm.start(t, dir, options());
             LogCapture log = LogCapture.open(EnhancedQosManager.class)) {
            sm.awaitSubnetUp(UP);
            long before = sm.daemon.madStats().sentOfAttribute(QOS_CONFIG_SL);
            Files.writeString(file, policy(12).replace("bw4 = 12", "bw4 == 12"));
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            assertThat(sm.daemon.madStats().sentOfAttribute(QOS_CONFIG_SL)).isEqualTo(before);
            assertLimits(sm.fabric.virtualization(), 10);
            assertThat(log.containing(file + ":5:")).as("QOS-1111 naming file:line").isNotEmpty();
        }
    }

    private String[] options() {
        return new String[] {"qos", "TRUE", "virt_enabled", "2", "enhanced_qos_policy_file", file.toString()};
    }

    /** NVIDIA's example, the second host's port and its vport 3 named, bw4 = {@code bw4}. */
    private String policy(int bw4) {
        return "BW_NAMES\nbw1 = 50\nbw2 = 25\nbw3 = 15\nbw4 = " + bw4 + "\n"
                + "BW_RULES\ndefault= 1:bw1\n" + String.format("0x%016x", port(1)) + "= 1:bw2\n"
                + "VPORT_BW_RULES\ndefault= all:bw3\n" + String.format("0x%016x", VPortSpec.vportGuid(port(1), 3))
                + "= 3:bw4\n";
    }

    private long port(int i) {
        return t.node(cas.get(i)).portGuid(1);
    }

    private void assertLimits(SimVirtualization virt, int bw4) {
        for (int i = 0; i < cas.size(); i++) {
            int ca = cas.get(i);
            int[] port = new int[16];
            port[1] = i == 1 ? 25 : 50;
            assertThat(virt.rateLimits(ca, 1)).as("port of host %d", ca).containsExactly(port);
            assertThat(virt.vportRateLimits(ca, 1, 0)).as("vport 0: unlimited").containsOnly(0);
            for (int v = 1; v <= 4; v++) {
                int[] want = new int[16];
                Arrays.fill(want, 15);
                if (i == 1 && v == 3) {
                    want[3] = bw4;
                }
                assertThat(virt.vportRateLimits(ca, 1, v)).as("host %d vport %d", ca, v).containsExactly(want);
            }
        }
    }
}
