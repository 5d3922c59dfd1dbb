package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.event.EventPlugins;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The event plug-ins in a running SM on the simulator: {@code event_plugin_name jsonlines test-throwing} loads the
 * example plug-in beside one that throws on every event; the JSON lines file gets the events of the first heavy
 * sweep in their order, a trap and the incremental sweep's LFT changes after a cable fails, and the performance
 * manager's counters; the throwing plug-in changes nothing of it.
 */
class EventPluginsSimTest {

    private static final Duration UP = Duration.ofSeconds(30);
    private static final Pattern KIND = Pattern.compile("^\\{\"kind\":\"([A-Z_]+)\"");

    @TempDir
    Path dir;

    @Test
    void theSmsEventsReachTheJsonLinesPlugin() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        Path file = dir.resolve("events.jsonl");
        List<String> kinds;
        try (LogCapture log = LogCapture.open(EventPlugins.class)) {
            try (SimSm sm = SimSm.start(t, dir, "event_plugin_name", "jsonlines test-throwing no-such",
                    "event_plugin_options", "jsonlines.file=" + file, "perfmgr", "TRUE", "perfmgr_sweep_time_s",
                    "3600")) {
                sm.awaitSubnetUp(UP);
                PerfMgrSimTest.sweep(sm);
                int leaf = t.peerNode(SimSm.firstCa(t), 1);
                int uplink = firstSwitchPort(t, leaf);
                sm.fabric.faults().linkDown(leaf, uplink);
                sm.awaitSubnetUp(UP);
            }
            assertThat(log.containing("PLUG-1501")).containsExactly(
                    "PLUG-1501 event plug-in no-such not found on the class path nor in /usr/lib/jsm/plugins: "
                            + "not loaded");
        }
        kinds = Files.readAllLines(file).stream().map(EventPluginsSimTest::kind).toList();
        int start = kinds.indexOf("HEAVY_SWEEP_START");
        int master = kinds.indexOf("STATE_CHANGE");
        int lft = kinds.indexOf("LFT_CHANGE");
        int routed = kinds.indexOf("UCAST_ROUTING_DONE");
        int up = kinds.indexOf("SUBNET_UP");
        int done = kinds.indexOf("HEAVY_SWEEP_DONE");
        assertThat(List.of(start, master, lft, routed, up, done)).as(kinds.toString()).isSorted()
                .doesNotContain(-1);
        assertThat(kinds).contains("PORT_ERRORS", "PORT_DATA_COUNTERS", "TRAP");
        assertThat(kinds.subList(kinds.indexOf("TRAP"), kinds.size())).contains("LFT_CHANGE", "UCAST_ROUTING_DONE",
                "SUBNET_UP");
        assertThat(Files.readAllLines(file)).anyMatch(l -> l.contains("\"state\":\"MASTER\""))
                .anyMatch(l -> l.contains("\"trapNumber\":128"));
    }

    private static String kind(String line) {
        Matcher m = KIND.matcher(line);
        assertThat(m.find()).as(line).isTrue();
        return m.group(1);
    }

    private static int firstSwitchPort(Topology t, int sw) {
        for (int p = 1; p <= t.node(sw).numPorts(); p++) {
            int peer = t.peerNode(sw, p);
            if (peer >= 0 && t.node(peer).kind() == NodeKind.SWITCH) {
                return p;
            }
        }
        throw new AssertionError("no switch-to-switch port");
    }
}
