package dev.jsm.routing.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.ChainPolicy.UnicastStep;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.portgroup.PolicyFileException;
import dev.jsm.subnet.portgroup.PortGroupFabric;
import dev.jsm.subnet.portgroup.PortGroupPolicy;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The topologies and routing chain policy files: the examples of NVIDIA's documentation parse into what they say,
 * and every rule of its tables (docs/reference/opensm-behaviour.md#routing-chains) fails the policy with
 * {@code file:line} naming the qualifier.
 */
class ChainPoliciesTest {

    private static final Set<String> ENGINES = Set.of("minhop", "updn", "ftree", "torus-2QoS", "dor");

    /** The groups the documented topology example names. */
    private static final String GROUPS = """
            port-group
            name: ys_switches
            node-type: SWITCH
            end-port-group
            port-group
            name: ys_hosts
            node-type: CA
            end-port-group
            """;

    /** The documented topology example. */
    private static final String SEED_TOPOLOGY = """
            topology
            id: 1
            sw-grp: ys_switches
            hca-grp: ys_hosts
            end-topology
            """;

    /** A chain made of the example values of the documented "Routing Engine Qualifiers" table. */
    private static final String SEED_CHAIN = """
            unicast-step
            id: 1
            engine: minhop
            end-unicast-step

            unicast-step
            id: 2
            engine: ftree
            use: ftree routing for for yellow stone nodes
            config: /etc/config/opensm2.cfg
            topology: 1
            Path-bit: 1
            end-unicast-step
            """;

    private static TopologyPolicy topologies() throws PolicyFileException {
        return TopologyPolicy.parse("topo.conf", SEED_TOPOLOGY, PortGroupPolicy.parse("pg.conf", GROUPS));
    }

    private static ChainPolicy chain(String text, int lmc) throws PolicyFileException {
        return ChainPolicy.parse("rch.conf", text, topologies(), ENGINES, lmc);
    }

    @Test
    void theSeedsTopologyExampleParses() throws PolicyFileException {
        TopologyPolicy t = topologies();
        assertThat(t.topologies()).containsExactly(new TopologyPolicy.Topology(1, "ys_switches", "ys_hosts", 1));
        assertThat(t.topology(0)).isEmpty();
    }

    @Test
    void theSeedsChainQualifiersParse() throws PolicyFileException {
        ChainPolicy c = chain(SEED_CHAIN, 1);
        assertThat(c.steps()).containsExactly(
                new UnicastStep(1, "minhop", "", null, 0, 0, -1, 1),
                new UnicastStep(2, "ftree", "ftree routing for for yellow stone nodes",
                        Path.of("/etc/config/opensm2.cfg"), 1, 0, 1, 6));
        assertThat(c.notes()).isEmpty();
        assertThat(c.steps().get(1).label()).isEqualTo("2.ftree");
    }

    /**
     * The documented examples applied to a fat tree with LMC 1: topology 1 is every switch and CA, the second step
     * routes offset 1 of every LID range over it. (ftree refuses LMC above 0, which a path bit needs, so the
     * applied chain's second step runs updn.)
     */
    @Test
    void theSeedsExamplesRouteAFabric() throws PolicyFileException {
        SubnetSnapshot snapshot = TopologySubnets.snapshot(TopologyShapes.parse(Fabrics.FAT2_16), 1);
        RoutingInput in = RoutingInput.from(snapshot, 1);
        PortGroupPolicy groups = PortGroupPolicy.parse("pg.conf", GROUPS);
        TopologyPolicy topologies = TopologyPolicy.parse("topo.conf", SEED_TOPOLOGY, groups);
        RoutingEngines known = RoutingEngines.load();
        ChainPolicy c = ChainPolicy.parse("rch.conf", SEED_CHAIN.replace("engine: ftree", "engine: updn"),
                topologies, Set.copyOf(known.names()), 1);
        RoutingResult r = TopologyChain.create(groups, topologies, c, known, s -> EngineOptions.defaults())
                .route(in, groups.resolve(PortGroupFabric.of(snapshot)));
        assertThat(r.warnings()).isEmpty();
        assertThat(r.engineUsed()).contains("chain[1.minhop, 2.updn]");
        assertThat(r.parts().get(1).part().switchCount()).isEqualTo(in.switchCount());
        assertThat(new RouteVerifier().verify(in, r.tables(), r.routed()).unreachablePairs()).isZero();
    }

    @Test
    void stepsRunInIdOrderWhateverTheFileOrder() throws PolicyFileException {
        ChainPolicy c = chain("""
                unicast-step
                id: 7
                engine: dor
                topology: 1
                end-unicast-step
                unicast-step
                id: 3
                engine: updn
                end-unicast-step
                """, 0);
        assertThat(c.steps()).extracting(UnicastStep::id).containsExactly(3, 7);
    }

    @Test
    void fallbacksAreSetAsideAndBadOnesIgnoredWithANote() throws PolicyFileException {
        ChainPolicy c = chain("""
                unicast-step
                id: 1
                engine: updn
                end-unicast-step
                unicast-step
                id: 2
                engine: minhop
                fallback-to: 1
                end-unicast-step
                unicast-step
                id: 3
                engine: dor
                fallback-to: 9
                end-unicast-step
                unicast-step
                id: 4
                engine: dor
                fallback-to: 2
                end-unicast-step
                unicast-step
                id: 5
                engine: dor
                fallback-to: 1
                end-unicast-step
                """, 0);
        assertThat(c.steps()).extracting(UnicastStep::id).containsExactly(1);
        assertThat(c.fallbackOf(1)).map(UnicastStep::id).contains(2);
        assertThat(c.notes()).containsExactly(
                "rch.conf:10: step 3 is a fallback to step 9, which does not exist: the step is ignored",
                "rch.conf:15: step 4 is a fallback to step 2, itself a fallback: the step is ignored",
                "rch.conf:20: step 5 is a second fallback to step 1 (step 2 is the first): ignored");
    }

    @Test
    void malformedTopologiesFailWithFileAndLine() {
        assertTopologyFails("topology\nid: 1\nsw-grp: ys_switches\nend-topology\n",
                "topo.conf:1: qualifier 'hca-grp' is missing (it is mandatory)");
        assertTopologyFails("topology\nid: 0\nsw-grp: ys_switches\nhca-grp: ys_hosts\nend-topology\n",
                "topo.conf:2: qualifier 'id': expected 1-2147483647, found 0");
        assertTopologyFails("topology\nid: 1\nsw-grp: nope\nhca-grp: ys_hosts\nend-topology\n",
                "topo.conf:3: qualifier 'sw-grp': unknown port group 'nope'");
        assertTopologyFails("topology\nid: 1\nsw-grp: ys:switches\nhca-grp: ys_hosts\nend-topology\n",
                "topo.conf:3: qualifier 'sw-grp': a colon inside the value");
        assertTopologyFails(SEED_TOPOLOGY + SEED_TOPOLOGY, "topo.conf:7: qualifier 'id': topology 1 is defined twice");
        assertTopologyFails("topology\nid: 1\nsw-grp: ALL_SWITCHES\nhca-grp: ALL_CAS\nrouting: x\nend-topology\n",
                "topo.conf:5: unknown qualifier 'routing'");
    }

    /**
     * A qualifier's number is decimal (a leading 0 is decimal, a minus is read and then out of range) or 0x hex; a
     * plus sign is not a number.
     */
    @Test
    void qualifierNumbersAreDecimalOrHex() throws PolicyFileException {
        String groups = "sw-grp: ys_switches\nhca-grp: ys_hosts\nend-topology\n";
        PortGroupPolicy pg = PortGroupPolicy.parse("pg.conf", GROUPS);

        assertThat(TopologyPolicy.parse("topo.conf", "topology\nid: 010\n" + groups, pg).topologies())
                .extracting(TopologyPolicy.Topology::id).containsExactly(10);
        assertThat(TopologyPolicy.parse("topo.conf", "topology\nid: 0x1F\n" + groups, pg).topologies())
                .extracting(TopologyPolicy.Topology::id).containsExactly(31);
        assertTopologyFails("topology\nid: -1\n" + groups,
                "topo.conf:2: qualifier 'id': expected 1-2147483647, found -1");
        assertTopologyFails("topology\nid: +1\n" + groups,
                "topo.conf:2: qualifier 'id': expected a number, found '+1'");
        assertTopologyFails("topology\nid: 0x\n" + groups,
                "topo.conf:2: qualifier 'id': expected a number, found '0x'");
    }

    @Test
    void malformedChainsFailWithFileAndLine() {
        assertChainFails("unicast-step\nengine: minhop\nend-unicast-step\n",
                "rch.conf:1: qualifier 'id' is missing");
        assertChainFails("unicast-step\nid: 0\nengine: minhop\nend-unicast-step\n",
                "rch.conf:2: qualifier 'id': expected 1-2147483647, found 0");
        assertChainFails("unicast-step\nid: 1\nend-unicast-step\n", "rch.conf:1: qualifier 'engine' is missing");
        assertChainFails("unicast-step\nid: 1\nengine: fattree\nend-unicast-step\n",
                "rch.conf:3: qualifier 'engine': unknown routing engine 'fattree'");
        assertChainFails("unicast-step\nid: 1\nengine: minhop\nuse: a: b\nend-unicast-step\n",
                "rch.conf:4: qualifier 'use': a colon inside the value 'a: b'");
        assertChainFails("unicast-step\nid: 1\nengine: minhop\ntopology: 1\nend-unicast-step\n",
                "rch.conf:1: qualifier 'topology': the first step (id 1) must route the whole fabric");
        assertChainFails("unicast-step\nid: 1\nengine: minhop\nend-unicast-step\n"
                        + "unicast-step\nid: 2\nengine: ftree\ntopology: 4\nend-unicast-step\n",
                "rch.conf:8: qualifier 'topology': no topology 4 in topo.conf");
        assertChainFails("unicast-step\nid: 1\nengine: minhop\nend-unicast-step\n"
                        + "unicast-step\nid: 1\nengine: ftree\nend-unicast-step\n",
                "rch.conf:6: qualifier 'id': step 1 is defined twice (first at line 1)");
        assertChainFails(SEED_CHAIN, "rch.conf:12: qualifier 'path-bit': path bit 1 needs lmc above 0");
        assertChainFails("unicast-step\nid: 1\nengine: minhop\npath-bit: 1\nend-unicast-step\n",
                "rch.conf:4: qualifier 'path-bit': path bit 1 needs lmc above 0");
        assertChainFails("unicast-step\nid: 1\nengine: minhop\nfallback-to: 1\nend-unicast-step\n",
                "rch.conf:4: qualifier 'fallback-to': step 1 cannot be its own fallback");
        assertChainFails("# nothing\n", "rch.conf: no unicast-step");
        assertChainFails("unicast-step\nid: 1\nengine: minhop\n", "rch.conf:1: 'unicast-step' is not closed");
    }

    @Test
    void theFirstStepsPathBitCannotChange() {
        assertThatThrownBy(() -> chain("unicast-step\nid: 1\nengine: minhop\npath-bit: 1\nend-unicast-step\n", 2))
                .hasMessage("rch.conf:1: qualifier 'path-bit': the first step's path bit is 0 and cannot be changed,"
                        + " found 1");
        assertThatThrownBy(() -> chain(SEED_CHAIN.replace("Path-bit: 1", "path-bit: 2"), 1))
                .hasMessage("rch.conf:12: qualifier 'path-bit': path bit 2 is beyond the 2 LIDs per port of lmc 1");
    }

    @Test
    void stepFilesCarryTheStepsIdAndEngine() {
        assertThat(StepFileNames.of("opensm-lid-matrix.dump", "2.minhop")).isEqualTo("opensm-lid-matrix.2.minhop.dump");
        assertThat(StepFileNames.of("opensm.fdbs", "3.ftree")).isEqualTo("opensm.fdbs.3.ftree");
        assertThat(StepFileNames.of("opensm-subnet.lst", "4.updn")).isEqualTo("opensm-subnet.4.updn.lst");
        assertThat(StepFileNames.of("opensm-lfts.dump", "2.ftree")).isEqualTo("opensm-lfts.2.ftree.dump");
        assertThat(StepFileNames.of("opensm-ftree-ca-order.dump", "2.ftree"))
                .isEqualTo("opensm-ftree-ca-order.2.ftree.dump");
    }

    private static void assertTopologyFails(String text, String messageStart) {
        assertThatThrownBy(() -> TopologyPolicy.parse("topo.conf", text, PortGroupPolicy.parse("pg.conf", GROUPS)))
                .isInstanceOf(PolicyFileException.class).hasMessageStartingWith(messageStart);
    }

    private static void assertChainFails(String text, String messageStart) {
        assertThatThrownBy(() -> chain(text, 0)).isInstanceOf(PolicyFileException.class)
                .hasMessageStartingWith(messageStart);
    }
}
