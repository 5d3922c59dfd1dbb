package dev.jsm.sim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.sim.topo.TopologyWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract between Debian's ibsim and {@link SimServer}: {@code scripts/sim-server-contract.sh} runs the same
 * fabric under each (private network namespaces), with the stock tools under umad2sim, and what they print must be
 * the same: ibnetdiscover before and after the reference OpenSM brought the subnet up, the LFTs it programmed
 * ({@code dump_fts}), its SA's NodeRecords ({@code saquery}), NodeInfo and PortCounters of its port. Along the way
 * an ibnetdiscover is killed mid-run and malformed control datagrams are sent; the server must count them, detach the
 * dead client and go on answering. Fabrics: two of {@code fabrics/}, and the 648-host two-level fat tree.
 */
@Tag("ibsim")
class SimServerContractIT {

    private static final Path SCRIPT = Path.of("..", "scripts", "sim-server-contract.sh").toAbsolutePath();
    private static final List<String> TOOLS = List.of("/usr/sbin/opensm", "/usr/sbin/ibnetdiscover",
            "/usr/sbin/dump_fts", "/usr/sbin/saquery", "/usr/sbin/smpquery", "/usr/sbin/perfquery",
            "/usr/sbin/sminfo", "/usr/bin/unshare");
    private static final List<String> SAME = List.of("ibnetdiscover.pre", "dump_fts", "ibnetdiscover.post",
            "saquery", "smpquery", "perfquery", "ibnetdiscover.again");

    @BeforeAll
    static void requireTools() {
        IbsimHarness.assumeAvailable();
        List<String> missing = TOOLS.stream().filter(t -> !Files.isExecutable(Path.of(t))).toList();
        if (!missing.isEmpty()) {
            System.err.println("[ibsim] SKIPPED: " + missing + " not installed (apt-get install opensm "
                    + "infiniband-diags util-linux)");
        }
        assumeTrue(missing.isEmpty(), "stock tools missing: " + missing);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fat2-16.net", "torus-4x4x4.net", "fat2:k=36"})
    void stockToolsSeeTheSameFabricUnderIbsimAndUnderTheServer(String fabric, @TempDir Path out) throws Exception {
        Path net = Path.of("..", "fabrics", fabric).toAbsolutePath();
        if (TopologyShapes.isShape(fabric)) {
            net = out.resolve("fabric.net");
            TopologyWriter.write(TopologyShapes.parse(fabric), net, fabric);
        }

        run(net, out);

        Path ibsim = out.resolve("ibsim");
        Path server = out.resolve("sim-server");
        assertThat(Files.readString(ibsim.resolve("status"))).as("ibsim's steps").doesNotContainPattern(" [1-9]");
        assertThat(Files.readString(server.resolve("status"))).as("the server's steps (its log: "
                + Files.readString(server.resolve("server.log")) + ")").isEqualTo(Files.readString(
                ibsim.resolve("status")));
        for (String f : SAME) {
            assertThat(Files.readString(server.resolve(f))).as(f + " under the server vs ibsim")
                    .isEqualTo(Files.readString(ibsim.resolve(f)));
        }
        assertThat(Files.readString(ibsim.resolve("ibnetdiscover.again")))
                .isEqualTo(Files.readString(ibsim.resolve("ibnetdiscover.post")));
        String stats = Files.readString(server.resolve("server.log"));
        assertThat(stats).contains("unknownCtlType=0, badClientId=0, malformedMads=0");
        if (Files.exists(server.resolve("malformed.sent"))) {
            assertThat(stats).contains("malformedCtl=2,");
        }
    }

    private static void run(Path net, Path out) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(SCRIPT.toString(), net.toString(), out.toString())
                .redirectErrorStream(true).redirectOutput(out.resolve("script.log").toFile());
        pb.environment().put("SIM_SERVER_CMD", java + " -XX:+UseSerialGC -cp " + System.getProperty("java.class.path")
                + " " + SimServerMain.class.getName());
        pb.environment().remove("LD_PRELOAD");
        pb.environment().remove("IBSIM_SOCKNAME");
        Process p = pb.start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
        }
        assertThat(p.exitValue()).as(Files.readString(out.resolve("script.log"))).isZero();
    }
}
