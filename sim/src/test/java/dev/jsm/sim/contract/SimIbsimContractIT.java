package dev.jsm.sim.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The simulator's contract with Debian's ibsim: {@link ContractScript} runs once in a child JVM over
 * {@code UmadChannel} against ibsim serving a topology file ({@link ContractProbe}, through {@link IbsimHarness}),
 * once in this JVM over a {@link SimMadChannel} of a {@link SimFabric} built from the same file, both from the same
 * port (the file's first node, named to ibsim with {@code SIM_HOST}); {@link ContractComparison} then compares the
 * decoded answers line by line, allowing only the entries of {@link KnownDifference}.
 *
 * <p>Fabrics: {@code fat2-16.net} (2-level fat tree, 22 nodes, parallel cables) and {@code golden-fabric.net} (a
 * 24-port and an 8-port switch joined by two cables, uncabled switch ports, a dual-port CA cabled to both switches).
 * The sequences and both answer sets are written to {@code target/contract/} for reading. Skips with one
 * {@code [ibsim] SKIPPED} line where ibsim is not installed.
 */
@Tag("ibsim")
class SimIbsimContractIT {

    private static final Set<KnownDifference> SEEN = EnumSet.noneOf(KnownDifference.class);
    private static int fabricsRun;

    @BeforeAll
    static void needsIbsim() {
        IbsimHarness.assumeAvailable();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"fat2-16.net", "golden-fabric.net"})
    void simulatorAnswersLikeIbsim(String fabric) throws Exception {
        Path net = Path.of(SimIbsimContractIT.class.getResource("/contract/" + fabric).toURI());
        Topology topology = TopologyReader.read(net);
        String host = topology.node(0).name();
        IbsimResult run = IbsimHarness.builder(net).simHost(host).timeout(Duration.ofSeconds(120)).build()
                .run(ContractProbe.class);
        assertThat(run.exitCode()).as(run::describe).isZero();
        List<String> ibsim = run.lines(ContractProbe.PREFIX).stream()
                .map(l -> l.substring(ContractProbe.PREFIX.length())).toList();
        List<String> sim = simRun(topology, host);
        keep(fabric, sim, ibsim);

        ContractComparison.Result r = ContractComparison.compare(sim, ibsim);
        System.out.println("[contract] " + fabric + ": " + r.summary());
        assertThat(r.failures()).as("differences not in KnownDifference (%s)", fabric).isEmpty();
        assertThat(r.lines()).isEqualTo(ibsim.size());
        SEEN.addAll(r.known().keySet());
        fabricsRun++;
    }

    /** Every entry of the table must have been needed, so none is dead weight hiding a change. */
    @AfterAll
    static void everyKnownDifferenceWasExercised() {
        if (fabricsRun == 2) {
            assertThat(SEEN).as("known differences seen").containsExactlyInAnyOrder(KnownDifference.values());
        }
    }

    private static List<String> simRun(Topology topology, String host) throws Exception {
        List<String> lines = new ArrayList<>();
        int port = topology.node(0).kind() == NodeKind.SWITCH ? 0 : 1;
        try (SimFabric fabric = new SimFabric(topology); SimMadChannel channel = fabric.openChannel(host, port)) {
            ContractScript.run(channel, lines::add);
        }
        return lines;
    }

    private static void keep(String fabric, List<String> sim, List<String> ibsim) throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "contract"));
        Files.write(dir.resolve(fabric + ".sim.txt"), sim);
        Files.write(dir.resolve(fabric + ".ibsim.txt"), ibsim);
    }
}
