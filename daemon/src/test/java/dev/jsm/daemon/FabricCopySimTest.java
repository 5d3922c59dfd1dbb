package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.plan.FabricCopy;
import dev.jsm.sim.topo.PortLink;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live plan's copy of the fabric ({@link FabricCopy}) carries each port's link widths and speeds: on
 * {@code fabrics/mixed-speeds-router.net} (EDR to XDR, FDR10 and QDR hosts, 1x, 2x and 4x) with its inter-switch
 * cable made to run at 1x EDR though both ends enable 4x XDR, a daemon on the copy reads the same Supported, Enabled
 * and Active widths and speeds on every port as the daemon on the original, the slow cable included.
 */
class FabricCopySimTest {

    private static final Duration UP = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void theCopysPortsHaveTheWidthsAndSpeedsOfTheOriginalsOnes() throws Exception {
        Topology t = TopologyReader.read(ReferenceScript.TOP.resolve("fabrics/mixed-speeds-router.net"));
        int sw1 = t.indexOfName("sw1");
        int sw2 = t.indexOfName("sw2");
        // 1x and 4x supported and enabled, 1x active; SDR to QDR, FDR and EDR, EDR active
        PortLink slow = new PortLink(3, 3, 1, 7, 7, 4, 3, 3, 2, 0, 0, 0);
        Topology degraded = t.withPortOptions(t.portOptions().toBuilder().link(sw1, 9, slow).link(sw2, 9, slow)
                .build());

        Map<String, List<Integer>> original;
        SubnetSnapshot live;
        try (SimSm sm = SimSm.start(degraded, dir.resolve("a"))) {
            sm.awaitSubnetUp(UP);
            live = sm.daemon.view().snapshot();
            original = links(live);
        }
        Map<String, List<Integer>> copied;
        try (SimSm sm = SimSm.start(FabricCopy.of(live), dir.resolve("b"))) {
            sm.awaitSubnetUp(UP);
            copied = links(sm.daemon.view().snapshot());
        }

        assertThat(copied).isEqualTo(original);
        Set<List<Integer>> actives = new HashSet<>();
        original.values().forEach(l -> actives.add(List.of(l.get(2), l.get(5), l.get(8), l.get(11))));
        assertThat(actives).as("widths and speeds active in the fabric").hasSizeGreaterThanOrEqualTo(6);
        long sw1Guid = t.node(sw1).nodeGuid();
        assertThat(original.get(Long.toHexString(sw1Guid) + ":9")).as("the slow cable")
                .containsExactly(3, 3, 1, 7, 7, 4, 3, 3, 2, 0, 0, 0);
    }

    /** Each cabled port's link fields by node GUID and port number. */
    private static Map<String, List<Integer>> links(SubnetSnapshot s) {
        Map<String, List<Integer>> out = new HashMap<>();
        for (PortView p : s.ports()) {
            if (p.portNum() > 0 && p.isConnected()) {
                PortAttributes a = p.attributes();
                out.put(Long.toHexString(p.nodeGuid()) + ":" + p.portNum(), List.of(a.linkWidthSupported(),
                        a.linkWidthEnabled(), a.linkWidthActive(), a.linkSpeedSupported(), a.linkSpeedEnabled(),
                        a.linkSpeedActive(), a.linkSpeedExtSupported(), a.linkSpeedExtEnabled(),
                        a.linkSpeedExtActive(), a.linkSpeedExtSupported2(), a.linkSpeedExtEnabled2(),
                        a.linkSpeedExtActive2()));
            }
        }
        return out;
    }
}
