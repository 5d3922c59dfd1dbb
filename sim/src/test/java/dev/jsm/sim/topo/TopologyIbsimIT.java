package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What {@link TopologyWriter} writes is read by Debian's ibsim as the same fabric: ibsim runs the file in a private
 * network namespace, {@code ibnetdiscover} (under umad2sim) discovers it, and {@link TopologyReader} reads that dump
 * back; nodes, GUIDs, cables and descriptions must all match.
 */
@Tag("ibsim")
class TopologyIbsimIT {

    private static final Path IBSIM = Path.of("/usr/bin/ibsim");
    private static final Path UMAD2SIM = Path.of("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so");
    private static final Path IBNETDISCOVER = Path.of("/usr/sbin/ibnetdiscover");

    @BeforeAll
    static void requireIbsim() {
        boolean present = Files.isExecutable(IBSIM) && Files.exists(UMAD2SIM) && Files.isExecutable(IBNETDISCOVER);
        if (!present) {
            System.err.println("[ibsim] SKIPPED: ibsim-utils or infiniband-diags not installed "
                    + "(apt-get install ibsim-utils infiniband-diags)");
        }
        assumeTrue(present, "ibsim not installed");
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
        String script = "timeout 60 " + IBSIM + " -s -n -N " + s.nodes() + " -S " + s.switches() + " -P "
                + s.totalPorts() + " fabric.net > ibsim.log 2>&1 & S=$!\n"
                + "for i in $(seq 1 100); do\n"
                + "  if LD_PRELOAD=" + UMAD2SIM + " " + IBNETDISCOVER
                + " > discovered.ibnet 2> ibnet.err; then break; fi\n"
                + "  sleep 0.1\n"
                + "done\n"
                + "kill $S; wait $S; true\n";
        boolean root = "root".equals(System.getProperty("user.name"));
        Process p = new ProcessBuilder("unshare", root ? "-n" : "-rn", "bash", "-c", script).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(dir.resolve("unshare.log").toFile()).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("ibsim run did not finish in 90 s; see " + dir);
        }
        Path out = dir.resolve("discovered.ibnet");
        assertThat(out).as("ibnetdiscover output; ibsim log: " + Files.readString(dir.resolve("ibsim.log")))
                .isNotEmptyFile();
        return TopologyReader.read(out);
    }
}
