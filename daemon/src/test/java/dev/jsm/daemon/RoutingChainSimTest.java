package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.route.ChainPolicies;
import dev.jsm.daemon.route.RouteCheck;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The routing chain over topologies in the daemon, on the simulator of {@code fabrics/tree-torus.net} with the
 * policy files {@code fabrics} keeps: ftree over the tree, torus-2QoS over the torus, minhop for what joins them,
 * every pair reached with no credit loop, each step's dump files; a malformed policy keeps the chain and the routes
 * in force with a {@code file:line} error; {@code --route-only} routes the same way.
 */
class RoutingChainSimTest {

    @TempDir
    Path dir;

    /** The policy files in {@code dir}, and the ROUTING log flag for the dumps. */
    private String[] policyOptions() throws Exception {
        String[] policies = TreeTorusPolicies.copyTo(dir);
        String[] all = Arrays.copyOf(policies, policies.length + 2);
        all[policies.length] = "log_flags";
        all[policies.length + 1] = "0x43";
        return all;
    }

    private static Topology fabric() throws Exception {
        return TopologyReader.read(TreeTorusPolicies.NET);
    }

    @Test
    void theChainRoutesEveryPairWithoutACreditLoopAndDumpsEachStep() throws Exception {
        try (SimSm sm = SimSm.start(fabric(), dir, policyOptions())) {
            sm.awaitSubnetUp(Duration.ofSeconds(60));
            RouteCheck check = awaitCheck(sm);
            assertThat(check.result().engineUsed()).contains("chain[1.minhop, 2.ftree, 3.torus-2QoS]");
            assertThat(check.result().warnings()).isEmpty();
            assertThat(check.report().unreachablePairs()).as(check.report().format()).isZero();
            assertThat(check.report().creditLoops().hasCycle()).as(check.report().format()).isFalse();
        }
        for (String f : List.of("opensm-lid-matrix.1.minhop.dump", "opensm-lfts.2.ftree.dump", "opensm.fdbs.2.ftree",
                "opensm-subnet.3.torus-2QoS.lst", "opensm-lfts.3.torus-2QoS.dump", "opensm-torus.3.torus-2QoS.dump",
                "opensm-ftree-ca-order.2.ftree.dump", DumpFiles.LFTS, DumpFiles.SUBNET_LIST)) {
            assertThat(dir.resolve(f)).as(f).isNotEmptyFile();
        }
        String treeLfts = Files.readString(dir.resolve("opensm-lfts.2.ftree.dump"));
        assertThat(treeLfts).contains("'leaf-p0-0'").doesNotContain("'t-sw-").doesNotContain("t-h-x");
        String torusList = Files.readString(dir.resolve("opensm-subnet.3.torus-2QoS.lst"));
        assertThat(torusList).contains("{t-sw-x0-y0-z0}").doesNotContain("{leaf-p0-0}");
    }

    @Test
    void aMalformedPolicyKeepsTheChainAndItsRoutesWithAFileLineError() throws Exception {
        String[] options = policyOptions();
        Path rch = dir.resolve("tree-torus.rch.conf");
        Topology t = fabric();
        try (SimSm sm = SimSm.start(t, dir, options); LogCapture log = LogCapture.open(ChainPolicies.class)) {
            SubnetSnapshot first = sm.awaitSubnetUp(Duration.ofSeconds(60));
            List<byte[]> before = lfts(first);
            String text = Files.readString(rch);
            Files.writeString(rch, text.replace("use: the whole fabric, and", "use: the whole fabric: and"));
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            SubnetSnapshot second = sm.awaitSubnetUp(Duration.ofSeconds(60));
            assertThat(log.containing("ROUT-0510")).singleElement().asString()
                    .contains(rch + ":7: qualifier 'use': a colon inside the value")
                    .contains("the chain in force and its routes stay");
            assertThat(lfts(second)).usingRecursiveFieldByFieldElementComparator().isEqualTo(before);

            int torusHost = lastTorusHost(t);
            sm.fabric.faults().removeNode(torusHost);
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "a host went away");
            sm.awaitSubnetUp(Duration.ofSeconds(60));
            RouteCheck check = awaitCheck(sm);
            assertThat(check.result().engineUsed()).as("the fabric changed: routed again by the chain in force")
                    .contains("chain[1.minhop, 2.ftree, 3.torus-2QoS]");
            assertThat(check.report().unreachablePairs()).isZero();
            assertThat(log.containing("ROUT-0510")).hasSize(1);
        }
    }

    @Test
    void routeOnlyRoutesWithTheChain() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        RouteOnly routeOnly = new RouteOnly(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        Path dumps = Files.createDirectories(dir.resolve("dumps"));
        Path cache = Files.createDirectories(dir.resolve("cache"));
        ExitCode code = routeOnly.run(TreeTorusPolicies.NET.toString(), SimSm.options(policyOptions()),
                dumps, cache);
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(ExitCode.OK);
        assertThat(printed).contains("chain[1.minhop, 2.ftree, 3.torus-2QoS]", "0 unreachable",
                "credit loops: none", "opensm-torus.3.torus-2QoS.dump");
        assertThat(dumps.resolve("opensm.fdbs.3.torus-2QoS")).isNotEmptyFile();
    }

    private static RouteCheck awaitCheck(SimSm sm) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        RouteCheck check = sm.daemon.routeCheck();
        while ((check == null || check.report() == null) && System.nanoTime() < end) {
            Thread.sleep(20);
            check = sm.daemon.routeCheck();
        }
        assertThat(check).isNotNull();
        return check;
    }

    private static List<byte[]> lfts(SubnetSnapshot s) {
        List<byte[]> out = new ArrayList<>();
        for (SwitchView sw : s.switches()) {
            out.add(sw.lftCopy());
        }
        return out;
    }

    private static int lastTorusHost(Topology t) {
        for (int i = t.nodeCount() - 1; i >= 0; i--) {
            TopoNode n = t.node(i);
            if (n.name().startsWith("t-h-")) {
                return i;
            }
        }
        throw new IllegalArgumentException("no torus host");
    }
}
