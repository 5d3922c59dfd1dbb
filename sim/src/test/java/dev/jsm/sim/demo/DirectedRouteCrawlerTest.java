package dev.jsm.sim.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.ThreeLevelFatTree;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The benchmark's discovery finds every reachable node and link of generated and reference fabrics. */
class DirectedRouteCrawlerTest {

    /** The reference fabrics: {@code -Djsm.referenceFabrics}, else the repository's {@code fabrics}. */
    private static final Path SHARED = Path.of(System.getProperty("jsm.referenceFabrics", "../fabrics"));

    @Test
    void discoversTheWholeFatTree() throws InterruptedException {
        try (SimFabric fabric = new SimFabric(ThreeLevelFatTree.of(8).build())) {
            DirectedRouteCrawler discovery =
                    new DirectedRouteCrawler(fabric.openChannel(firstHost(fabric.topology()), 1), 16);

            discovery.run();

            assertThat(discovery.switches()).isEqualTo(80);
            assertThat(discovery.cas()).isEqualTo(128);
            assertThat(discovery.links()).as("every switch port, and the SM's own").isEqualTo(80 * 8 + 1);
            assertThat(discovery.smps()).as("NodeInfo + PortInfo + SwitchInfo").isEqualTo(642 + 80 * 9 + 128 + 80);
            assertThat(fabric.stats().dropped()).isZero();
        }
    }

    static Stream<Path> sharedFabrics() throws IOException {
        if (!Files.isDirectory(SHARED)) {
            return Stream.empty();
        }
        return Files.list(SHARED).filter(p -> p.toString().endsWith(".net")).sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sharedFabrics")
    void discoversEveryReachableNodeOfTheReferenceFabrics(Path file) throws IOException, InterruptedException {
        assumeTrue(Files.isRegularFile(file), "reference fabrics not present");
        Topology topology = TopologyReader.read(file);
        int host = firstHost(topology);
        int[] expected = reachable(topology, host);
        try (SimFabric fabric = new SimFabric(topology)) {
            DirectedRouteCrawler discovery = new DirectedRouteCrawler(fabric.openChannel(host, 1), 64);

            discovery.run();

            assertThat(discovery.switches()).isEqualTo(expected[0]);
            assertThat(discovery.cas()).isEqualTo(expected[1]);
            assertThat(discovery.links()).isEqualTo(expected[2] + 1);
            assertThat(fabric.stats().dropped()).isZero();
        }
    }

    /** Switches, CAs and cabled switch ports reachable from {@code host} (CAs do not forward). */
    private static int[] reachable(Topology t, int host) {
        boolean[] seen = new boolean[t.nodeCount()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        int[] counts = new int[3];
        seen[host] = true;
        counts[1]++;
        int first = t.peerNode(host, 1);
        if (first >= 0) {
            seen[first] = true;
            queue.add(first);
        }
        while (!queue.isEmpty()) {
            int n = queue.poll();
            if (t.node(n).kind() != NodeKind.SWITCH) {
                counts[1]++;
                continue;
            }
            counts[0]++;
            for (int p = 1; p <= t.node(n).numPorts(); p++) {
                int peer = t.peerNode(n, p);
                if (peer >= 0) {
                    counts[2]++;
                    if (!seen[peer]) {
                        seen[peer] = true;
                        queue.add(peer);
                    }
                }
            }
        }
        return counts;
    }

    private static int firstHost(Topology topology) {
        for (int i = 0; i < topology.nodeCount(); i++) {
            if (topology.node(i).kind() == NodeKind.CA) {
                return i;
            }
        }
        throw new AssertionError("no host");
    }
}
