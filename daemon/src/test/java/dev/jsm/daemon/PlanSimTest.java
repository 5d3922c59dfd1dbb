package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.plan.FabricTables;
import dev.jsm.daemon.plan.PlanDiff;
import dev.jsm.daemon.plan.RouteSummary;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.routing.RoutingInput;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plan held to what the HUP then really does: a daemon runs on one simulated fabric with the configuration in
 * force, the plan of the change runs on a fabric of its own (the same file, the running daemon's guid2lid), then the
 * running daemon gets the changed file and a SIGHUP, and its fabric is read back before and after. For an engine
 * change (a routing chain file), a partition edit and a QoS edit, the plan's counts equal the real ones - LFT entries
 * and blocks per switch, pairs moved, P_Key, SL2VL and VLArb tables, LIDs (none) - and the LinearForwardingTable and
 * P_KeyTable Sets the HUP sent equal the blocks and tables the plan counts. A broken file fails with file:line.
 */
class PlanSimTest {

    private static final String SHAPE = "fat2:k=4";
    /** A mesh, where minhop and dor choose different paths and only dor is free of credit loops. */
    private static final String MESH = "mesh:dims=4x4";
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void anEngineChangeInTheRoutingChainIsPlannedAsTheHupProgramsIt() throws Exception {
        Path rch = dir.resolve("chain.conf");
        Files.writeString(rch, step("minhop"));
        Path rch2 = dir.resolve("chain2.conf");
        Files.writeString(rch2, step("dor"));
        Compared c = compare(MESH, "rch_policy_file " + rch + "\n", "rch_policy_file " + rch2 + "\n", rch, rch2);
        assertThat(c.plan.lftEntries()).as("dor moves routes minhop chose").isPositive();
        assertThat(c.plan.pairsMoved()).isPositive();
    }

    @Test
    void aChangeThatClosesACreditLoopIsRejected() throws Exception {
        Path rch = dir.resolve("chain.conf");
        Files.writeString(rch, step("dor"));
        Path rch2 = dir.resolve("chain2.conf");
        Files.writeString(rch2, step("minhop"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ExitCode code = new PlanCommand(new PrintStream(out, true, StandardCharsets.UTF_8), System.err).run(MESH,
                conf("current.conf", "rch_policy_file " + rch + "\n"),
                conf("changed.conf", "rch_policy_file " + rch2 + "\n"), dir, dir);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("credit loops: none -> yes")
                .contains("plan: REJECTED: a credit loop closes\n");
        assertThat(code).isEqualTo(ExitCode.PLAN_REJECTED);
    }

    @Test
    void aPartitionEditIsPlannedAsTheHupProgramsIt() throws Exception {
        Topology t = TopologyShapes.load(SHAPE);
        Path p1 = dir.resolve("partitions.conf");
        Files.writeString(p1, "Default=0x7fff : ALL, SELF=full ;\n");
        Path p2 = dir.resolve("partitions2.conf");
        Files.writeString(p2, "Default=0x7fff : ALL, SELF=full ;\nP1=0x8001 : " + TopologyNodes.caGuid(t, 1) + "=full, "
                + TopologyNodes.caGuid(t, 2) + " ;\n");
        Compared c = compare(SHAPE, "partition_config_file " + p1 + "\n", "partition_config_file " + p2 + "\n", p1, p2);
        assertThat(c.plan.pKeyTables()).as("two hosts and the switch ports facing them").hasSize(4);
        assertThat(c.plan.lftEntries()).isZero();
    }

    @Test
    void aQosEditIsPlannedAsTheHupProgramsIt() throws Exception {
        Compared c = compare(SHAPE, "qos TRUE\n", "qos TRUE\nqos_ca_sl2vl 0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3\n"
                + "qos_swe_vlarb_high 0:8,1:8\n", null, null);
        assertThat(c.plan.sl2VlTables()).isNotEmpty();
        assertThat(c.plan.vlArbTables()).isNotEmpty();
        assertThat(c.plan.pKeyTables()).isEmpty();
    }

    @Test
    void aBrokenPartitionsFileIsReportedWithItsLineAndRejected() throws Exception {
        Path p1 = dir.resolve("partitions.conf");
        Files.writeString(p1, "Default=0x7fff : ALL, SELF=full ;\n");
        Path p2 = dir.resolve("partitions2.conf");
        Files.writeString(p2, "Default=0x7fff : ALL, SELF=full ;\nP1=0x8001 ;: ALL ;\n");
        Path current = conf("current.conf", "partition_config_file " + p1 + "\n");
        Path changed = conf("changed.conf", "partition_config_file " + p2 + "\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExitCode code = new PlanCommand(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(SHAPE, current, changed, dir, dir);
        assertThat(code).isEqualTo(ExitCode.PLAN_REJECTED);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(p2 + ":2:");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("plan: REJECTED: 1 error(s) in the new files");
    }

    @Test
    void aBrokenChangedOpenSmConfIsReportedWithItsLine() throws Exception {
        Path current = conf("current.conf", "qos TRUE\n");
        Path changed = conf("changed.conf", "qos TRUE\nlmc 9\n");
        try (FabricAttachment fabric = FabricAttachment.simulated(SHAPE)) {
            assertThatThrownBy(() -> Plan.run(fabric, current, changed, dir)).isInstanceOf(Plan.PlanException.class)
                    .hasMessageContaining(changed + ":3: ");
        }
    }

    @Test
    void anUnchangedConfigurationPlansNothingAndPasses() throws Exception {
        Path current = conf("current.conf", "qos TRUE\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ExitCode code = new PlanCommand(new PrintStream(out, true, StandardCharsets.UTF_8), System.err)
                .run(SHAPE, current, current, dir, dir);
        assertThat(code).isEqualTo(ExitCode.OK);
        assertThat(Files.readString(dir.resolve(PlanCommand.JSON_FILE))).startsWith("{\"ok\":true,")
                .contains("\"lftEntries\":0,");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("LFTs: 0 of 6 switches change")
                .contains("routes: 0 of ").contains("P_Key tables: 0 change").contains("LIDs: 0 change")
                .contains("plan: OK\n");
    }

    /** The plan's diff and the real HUP's, of one change. */
    private record Compared(PlanDiff plan, PlanDiff real) {
    }

    /**
     * Runs a daemon with {@code currentText}, plans the change to {@code changedText} from its guid2lid, then gives
     * the daemon the changed file and a SIGHUP, and compares the plan with what the daemon's fabric holds. With
     * {@code oldFile} and {@code newFile}, the running daemon has one policy file that holds the old one's text and
     * is edited to the new one's before the HUP, as an administrator does.
     */
    private Compared compare(String shape, String currentText, String changedText, Path oldFile, Path newFile)
            throws Exception {
        Path current = conf("current.conf", currentText);
        Path changed = conf("changed.conf", changedText);
        Path cache = Files.createDirectories(dir.resolve("cache"));
        Path live = dir.resolve("live.conf");
        Path inPlace = dir.resolve("live-policy.conf");
        Files.writeString(live, Files.readString(current).replace(String.valueOf(oldFile), inPlace.toString()));
        if (oldFile != null) {
            Files.copy(oldFile, inPlace);
        }
        Topology t = TopologyShapes.load(shape);
        try (SimFabric fabric = new SimFabric(t)) {
            SimMadChannel ch = fabric.openChannel(TopologyNodes.firstCa(t), 1);
            ch.setIsSm(true);
            LinkedBlockingQueue<SweepKind> ended = new LinkedBlockingQueue<>();
            Daemon daemon = new Daemon(new DaemonSettings(SmOptions.fromFile(OpenSmConfReader.read(live)), cache,
                    cache, Optional.of(live), false, "jsm"), ch, new SmEvents());
            daemon.addListener(new SweepListener() {
                @Override
                public void subnetUp(dev.jsm.daemon.view.FabricView view) {
                }

                @Override
                public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
                    ended.add(kind);
                }
            });
            try {
                daemon.start();
                await(ended, SweepKind.HEAVY);
                PlanDiff plan;
                try (FabricAttachment planFabric = FabricAttachment.simulated(shape)) {
                    plan = Plan.run(planFabric, current, changed, cache).diff();
                }
                RoutingInput in = RoutingInput.from(daemon.view().snapshot(), 0);
                FabricTables before = FabricTables.readBack(fabric, in.maxLid());
                long lftSets = daemon.madStats().sentOfAttribute(AttributeId.LINEAR_FORWARDING_TABLE.value());
                long pKeySets = daemon.madStats().sentOfAttribute(AttributeId.P_KEY_TABLE.value());
                Files.writeString(live, Files.readString(changed).replace(String.valueOf(newFile),
                        inPlace.toString()));
                if (newFile != null) {
                    Files.copy(newFile, inPlace, StandardCopyOption.REPLACE_EXISTING);
                }
                daemon.events().request(SmEvent.RECONFIGURE, "SIGHUP");
                await(ended, SweepKind.RECONFIGURE);
                FabricTables after = FabricTables.readBack(fabric, in.maxLid());
                RouteSummary none = new RouteSummary(0, 0, 0, 0, List.of(), false, "");
                PlanDiff real = PlanDiff.of(in, before, after, none, none, List.of(), List.of());
                assertThat(plan.errors()).as("errors").isEmpty();
                assertThat(plan.switches()).as("LFT changes per switch").isEqualTo(real.switches());
                assertThat(plan.pairs()).isEqualTo(real.pairs());
                assertThat(plan.pairsMoved()).as("pairs moved").isEqualTo(real.pairsMoved());
                assertThat(plan.pKeyTables()).as("P_Key tables").isEqualTo(real.pKeyTables());
                assertThat(plan.sl2VlTables()).as("SL2VL tables").isEqualTo(real.sl2VlTables());
                assertThat(plan.vlArbTables()).as("VLArb tables").isEqualTo(real.vlArbTables());
                assertThat(plan.lids()).as("LIDs").isEmpty();
                assertThat(real.lids()).as("LIDs").isEmpty();
                assertThat(daemon.madStats().sentOfAttribute(AttributeId.LINEAR_FORWARDING_TABLE.value()) - lftSets)
                        .as("LFT block Sets of the HUP").isEqualTo(plan.lftBlocks());
                assertThat(daemon.madStats().sentOfAttribute(AttributeId.P_KEY_TABLE.value()) - pKeySets)
                        .as("P_Key block Sets of the HUP").isEqualTo(plan.pKeyTables().size());
                assertThat(plan.ok()).as("verdict %s", plan.problems()).isTrue();
                return new Compared(plan, real);
            } finally {
                daemon.close();
            }
        }
    }

    private static void await(LinkedBlockingQueue<SweepKind> ended, SweepKind kind) throws InterruptedException {
        while (true) {
            SweepKind k = ended.poll(LIMIT.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(k).as("a %s sweep ended", kind).isNotNull();
            if (k == kind) {
                return;
            }
        }
    }

    private Path conf(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), "sweep_interval 0\n" + text);
    }

    private static String step(String engine) {
        return "unicast-step\nid: 1\nengine: " + engine + "\nend-unicast-step\n";
    }


}
