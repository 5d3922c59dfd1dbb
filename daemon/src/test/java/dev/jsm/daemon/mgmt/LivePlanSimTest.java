package dev.jsm.daemon.mgmt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.Daemon;
import dev.jsm.daemon.DaemonSettings;
import dev.jsm.daemon.FabricAttachment;
import dev.jsm.daemon.Plan;
import dev.jsm.daemon.TopologyNodes;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.plan.FabricTables;
import dev.jsm.daemon.plan.PlanDiff;
import dev.jsm.daemon.plan.PlanJson;
import dev.jsm.daemon.plan.RouteSummary;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.routing.RoutingInput;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The management port's plan against a running daemon on the simulator: its partitions file is edited in place, then
 * the console's {@code plan} and {@code GET /api/plan} plan the daemon's opensm.conf as it is on disk. Both give the
 * plan the command line gives for the same change ({@code --plan} with the old and the new file on the same fabric
 * and guid2lid), the daemon's fabric is untouched by them (no Set), and the HUP then programs what they counted. A
 * second plan while one runs is answered busy.
 */
class LivePlanSimTest {

    private static final String SHAPE = "fat2:k=4";

    @TempDir
    Path dir;

    @Test
    void theConsoleAndTheWebPlanAnInPlaceEditAsTheCommandLineAndTheHup() throws Exception {
        Topology t = TopologyShapes.load(SHAPE);
        String oldText = "Default=0x7fff : ALL, SELF=full ;\n";
        String newText = oldText + "P1=0x8001 : " + TopologyNodes.caGuid(t, 1) + "=full, " + TopologyNodes.caGuid(t, 2)
                + " ;\n";
        Path inPlace = Files.writeString(dir.resolve("partitions.conf"), oldText);
        Path live = Files.writeString(dir.resolve("opensm.conf"), "sweep_interval 0\nsweep_on_trap FALSE\n"
                + "partition_config_file " + inPlace + "\n");
        Path cache = Files.createDirectories(dir.resolve("cache"));
        SmEvents events = new SmEvents();
        LinkedBlockingQueue<SweepKind> ended = new LinkedBlockingQueue<>();
        try (SimFabric fabric = new SimFabric(t)) {
            SimMadChannel ch = fabric.openChannel(TopologyNodes.firstCa(t), 1);
            ch.setIsSm(true);
            Daemon daemon = new Daemon(new DaemonSettings(SmOptions.fromFile(OpenSmConfReader.read(live)), cache,
                    cache, Optional.of(live), false, "jsm"), ch, events);
            daemon.addListener(new SweepListener() {
                @Override
                public void subnetUp(FabricView view) {
                }

                @Override
                public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
                    ended.add(kind);
                }
            });
            ManagementServer server = null;
            try {
                daemon.start();
                await(ended, SweepKind.HEAVY);
                Files.writeString(inPlace, newText);
                long setsBefore = daemon.management().madStats().sentOfAttribute(AttributeId.P_KEY_TABLE.value());

                ConsoleCommands console = new ConsoleCommands(new Management(daemon.management(),
                        new SweepCounters(), "jsm test"));
                ConsoleCommands.Reply reply = console.execute("plan");
                assertThat(reply.text()).startsWith("planning");
                assertThat(daemon.management().plan(null).get(60, TimeUnit.SECONDS).outcome())
                        .as("a second plan while the first runs").isEqualTo(PlanAnswer.Outcome.BUSY);
                String text = reply.later().get(60, TimeUnit.SECONDS);
                assertThat(text).contains("plan of a HUP to " + live + " on the live fabric: 6 switches, 8 end ports")
                        .contains("P_Key tables: 4 change").contains("LFTs: 0 of 6 switches change")
                        .contains("LIDs: 0 change").endsWith("plan: OK\n");

                server = ManagementServer.bind(InetAddress.getLoopbackAddress(), 0, 0,
                        new Management(daemon.management(), new SweepCounters(), "jsm test"));
                HttpResponse<String> web = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.webPort() + "/api/plan")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(web.statusCode()).isEqualTo(200);
                assertThat(web.headers().firstValue("content-type")).contains("application/json");
                HttpResponse<String> missing = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.webPort() + "/api/plan?conf=" + dir.resolve("no")))
                        .build(), HttpResponse.BodyHandlers.ofString());
                assertThat(missing.statusCode()).isEqualTo(422);
                assertThat(missing.body()).contains("no such file");

                PlanDiff cli = commandLinePlan(oldText, newText, cache);
                assertThat(web.body()).as("the web's plan is the command line's").isEqualTo(PlanJson.format(cli));
                assertThat(cli.pKeyTables()).hasSize(4);
                assertThat(daemon.management().madStats().sentOfAttribute(AttributeId.P_KEY_TABLE.value()))
                        .as("no P_Key Set reached the daemon's fabric from the plans").isEqualTo(setsBefore);

                RoutingInput in = RoutingInput.from(daemon.management().view().snapshot(), 0);
                FabricTables before = FabricTables.readBack(fabric, in.maxLid());
                events.request(SmEvent.RECONFIGURE, "SIGHUP");
                await(ended, SweepKind.RECONFIGURE);
                FabricTables after = FabricTables.readBack(fabric, in.maxLid());
                RouteSummary none = new RouteSummary(0, 0, 0, 0, List.of(), false, "");
                PlanDiff real = PlanDiff.of(in, before, after, none, none, List.of(), List.of());
                assertThat(real.pKeyTables()).as("what the HUP programmed").isEqualTo(cli.pKeyTables());
                assertThat(real.lftEntries()).isZero();
                assertThat(daemon.management().madStats().sentOfAttribute(AttributeId.P_KEY_TABLE.value()) - setsBefore)
                        .as("P_Key Sets of the HUP").isEqualTo(4);
            } finally {
                if (server != null) {
                    server.close();
                }
                daemon.close();
            }
        }
    }

    /** {@code --plan} of the same change: the old and the new text in two files, on a fabric of its own. */
    private PlanDiff commandLinePlan(String oldText, String newText, Path cache) throws Exception {
        Path p1 = Files.writeString(dir.resolve("p1.conf"), oldText);
        Path p2 = Files.writeString(dir.resolve("p2.conf"), newText);
        Path current = Files.writeString(dir.resolve("current.conf"), "sweep_interval 0\nsweep_on_trap FALSE\n"
                + "partition_config_file " + p1 + "\n");
        Path changed = Files.writeString(dir.resolve("changed.conf"), "sweep_interval 0\nsweep_on_trap FALSE\n"
                + "partition_config_file " + p2 + "\n");
        try (FabricAttachment fabric = FabricAttachment.simulated(SHAPE)) {
            return Plan.run(fabric, current, changed, cache).diff();
        }
    }

    private static void await(LinkedBlockingQueue<SweepKind> ended, SweepKind kind) throws InterruptedException {
        while (true) {
            SweepKind k = ended.poll(60, TimeUnit.SECONDS);
            assertThat(k).as("a %s sweep ended", kind).isNotNull();
            if (k == kind) {
                return;
            }
        }
    }


}
