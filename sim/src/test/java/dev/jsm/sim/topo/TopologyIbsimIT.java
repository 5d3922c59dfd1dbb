package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import dev.jsm.mad.ibsim.ShellCommands;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What {@link TopologyWriter} writes is read by Debian's ibsim as the same fabric: ibsim runs the file through
 * {@link IbsimHarness} (private network namespace), {@code ibnetdiscover} (under umad2sim) discovers it, and
 * {@link TopologyReader} reads that dump back; nodes, GUIDs, cables and descriptions must all match.
 */
@Tag("ibsim")
class TopologyIbsimIT {

    private static final Path IBNETDISCOVER = Path.of("/usr/sbin/ibnetdiscover");

    @BeforeAll
    static void requireIbsim() {
        IbsimHarness.assumeAvailable();
        boolean present = Files.isExecutable(IBNETDISCOVER);
        if (!present) {
            System.err.println("[ibsim] SKIPPED: infiniband-diags not installed (apt-get install infiniband-diags)");
        }
        assumeTrue(present, "ibnetdiscover not installed");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fat2:k=8,leaves=4,spines=2,hosts=4", "fat3:k=4", "torus:dims=3x3,links=2",
        "mesh:dims=3x2,hosts=2", "hypercube:dim=3,hosts=2", "random:switches=12,radix=8,degree=3,hosts=2,seed=4"})
    void ibsimRunsGeneratedFabricsAsWritten(String shape, @TempDir Path dir) throws Exception {
        Topology t = TopologyShapes.parse(shape);

        Topology discovered = runThroughIbsim(t, dir);

        assertThat(TopologyComparison.differences(t, discovered, 20)).isEmpty();
        assertDescriptionsAreNames(t, discovered);
    }

    @Test
    void ibsimKeepsDescriptionsOfAnIbnetdiscoverDump(@TempDir Path dir) throws Exception {
        Topology dump = TopoFixtures.resource("fat2-16.ibnetdiscover");

        Topology again = runThroughIbsim(dump, dir);

        assertThat(TopologyComparison.differences(dump, again, 20)).isEmpty();
        for (TopoNode n : again.nodes()) {
            assertThat(n.description()).isEqualTo(dump.node(dump.indexOfGuid(n.nodeGuid())).description());
        }
    }

    private static void assertDescriptionsAreNames(Topology t, Topology discovered) {
        for (TopoNode n : discovered.nodes()) {
            assertThat(n.description()).isEqualTo(t.node(t.indexOfGuid(n.nodeGuid())).name());
        }
    }

    /** Writes t, runs it in ibsim, returns what ibnetdiscover sees. */
    private static Topology runThroughIbsim(Topology t, Path dir) throws Exception {
        Path net = dir.resolve("fabric.net");
        TopologyWriter.write(t, net, "written by " + TopologyIbsimIT.class.getSimpleName());
        TopologyStats s = TopologyStats.of(t);
        IbsimResult run = IbsimHarness.builder(net)
                .ibsimArgs("-N", String.valueOf(s.nodes()), "-S", String.valueOf(s.switches()),
                        "-P", String.valueOf(s.totalPorts()))
                .build().run(ShellCommands.class, IBNETDISCOVER.toString());
        List<ShellCommands.Result> results = ShellCommands.parse(run.stdout());
        assertThat(results).as("ibnetdiscover run; ibsim log: " + run.ibsimLog()).hasSize(1);
        ShellCommands.Result discovered = results.get(0);
        assertThat(discovered.exitCode()).as(discovered.stderr()).isZero();
        return TopologyReader.parse(discovered.stdout(), "ibnetdiscover");
    }
}
