package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.mgmt.PlanAnswer;
import dev.jsm.daemon.plan.PlanJson;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.PortLink;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.json.Json;

/**
 * The live plan on a fabric with a throttled cable (a leaf's uplink running 1x though both ends enable 4x), routed by
 * sssp with {@code avoid_throttled_links}: the plan's copy of the fabric has that cable throttled too, so its routes
 * before and after (link load, hops) are those the plan of the original fabric gives, not those of the same fabric
 * with every cable at full width.
 */
class LivePlanLinkSpeedsSimTest {

    private static final String CONF = "sweep_interval 0\nsweep_on_trap FALSE\nrouting_engine sssp\n"
            + "avoid_throttled_links TRUE\n";

    @TempDir
    Path dir;

    @Test
    void thePlansCopyHasTheThrottledCableOfTheLiveFabric() throws Exception {
        Topology full = TopologyShapes.load("fat2:k=4");
        Topology t = throttled(full);
        Path live = Files.writeString(dir.resolve("opensm.conf"), CONF);
        Path cache = Files.createDirectories(dir.resolve("cache"));
        LinkedBlockingQueue<SweepKind> ended = new LinkedBlockingQueue<>();
        Map<String, Object> planned;
        try (SimFabric fabric = new SimFabric(t)) {
            SimMadChannel ch = fabric.openChannel(TopologyNodes.firstCa(t), 1);
            ch.setIsSm(true);
            try (Daemon daemon = new Daemon(new DaemonSettings(SmOptions.fromFile(OpenSmConfReader.read(live)),
                    cache, cache, Optional.of(live), false, "jsm"), ch, new SmEvents())) {
                daemon.addListener(new SweepListener() {
                    @Override
                    public void subnetUp(FabricView view) {
                    }

                    @Override
                    public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
                        ended.add(kind);
                    }
                });
                daemon.start();
                assertThat(ended.poll(60, TimeUnit.SECONDS)).isEqualTo(SweepKind.HEAVY);
                PlanAnswer plan = daemon.management().plan(null).get(60, TimeUnit.SECONDS);
                assertThat(plan.outcome()).as(plan.text()).isEqualTo(PlanAnswer.Outcome.DONE);
                planned = new Json().toType(plan.json(), Json.MAP_TYPE);
            }
        }

        Map<String, Object> original = commandLinePlan(t, live, cache);
        Map<String, Object> unthrottled = commandLinePlan(full, live, cache);
        assertThat(planned.get("before")).isEqualTo(original.get("before"));
        assertThat(planned.get("after")).isEqualTo(original.get("after"));
        assertThat(original.get("before")).as("the throttled cable matters").isNotEqualTo(unthrottled.get("before"));
    }

    /** {@code --plan} of the unchanged configuration on {@code t}. */
    private static Map<String, Object> commandLinePlan(Topology t, Path conf, Path cache) throws Exception {
        try (FabricAttachment fabric = FabricAttachment.simulated(t, TopologyNodes.firstCa(t), 1, "test")) {
            return new Json().toType(PlanJson.format(Plan.run(fabric, conf, conf, cache).diff()),
                    Json.MAP_TYPE);
        }
    }

    /** {@code t} with the first leaf's first uplink trained at 1x while both ends enable 1x and 4x. */
    private static Topology throttled(Topology t) {
        PortLink slow = new PortLink(3, 3, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0);
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() != NodeKind.SWITCH) {
                continue;
            }
            boolean leaf = false;
            for (int p = 1; p <= t.node(n).numPorts(); p++) {
                int peer = t.peerNode(n, p);
                leaf |= peer >= 0 && t.node(peer).kind() == NodeKind.CA;
            }
            for (int p = 1; leaf && p <= t.node(n).numPorts(); p++) {
                int peer = t.peerNode(n, p);
                if (peer >= 0 && t.node(peer).kind() == NodeKind.SWITCH) {
                    return t.withPortOptions(t.portOptions().toBuilder().link(n, p, slow)
                            .link(peer, t.peerPort(n, p), slow).build());
                }
            }
        }
        throw new AssertionError("no leaf uplink");
    }

}
