package dev.jsm.routing.chain;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngines;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.portgroup.PolicyFileException;
import dev.jsm.subnet.portgroup.PortGroupFabric;
import dev.jsm.subnet.portgroup.PortGroupPolicy;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * The acceptance fabric of the routing chains: {@code fabrics/tree-torus.net} (a 64-host 3-level fat tree of 8-port
 * switches and a 4x4x4 torus with a host per switch, four cables from the tree's cores to the torus), its port
 * groups, topologies and chain: minhop over the whole fabric first (what joins the two parts keeps its routes), then
 * ftree over the tree (minhop over the tree if ftree fails) and torus-2QoS over the torus. Test fixture.
 */
final class TreeTorusChain {

    static final String SHAPE = "tree-torus:k=8,pods=4,leaves=4,mids=4,cores=4,hosts=4,dims=4x4x4,bridges=4";

    static final String PORT_GROUPS = """
            port-group
            name: tree_switches
            use: the fat tree's leaves, mids and cores
            port-guid-range: 0x0002c90100000000-0x0002c901ffffffff
            end-port-group

            port-group
            name: tree_hosts
            port-guid-range: 0x0002c90200000000-0x0002c902ffffffff
            end-port-group

            port-group
            name: torus_switches
            port-guid-range: 0x0002c90300000000-0x0002c903ffffffff
            end-port-group

            port-group
            name: torus_hosts
            port-guid-range: 0x0002c90400000000-0x0002c904ffffffff
            end-port-group
            """;

    static final String TOPOLOGIES = """
            topology
            id: 1
            sw-grp: tree_switches
            hca-grp: tree_hosts
            end-topology

            topology
            id: 2
            sw-grp: torus_switches
            hca-grp: torus_hosts
            end-topology
            """;

    static final String CHAIN = """
            unicast-step
            id: 1
            engine: minhop
            use: the whole fabric, and what joins the tree and the torus
            end-unicast-step

            unicast-step
            id: 2
            engine: ftree
            topology: 1
            end-unicast-step

            unicast-step
            id: 3
            engine: torus-2QoS
            topology: 2
            config: torus.conf
            end-unicast-step

            unicast-step
            id: 4
            engine: minhop
            topology: 1
            fallback-to: 2
            end-unicast-step
            """;

    /** The seed of torus-2QoS for the torus part: its switch 0 and its neighbours. */
    static final String TORUS_2QOS_CONF = """
            torus 4 4 4
            xp_link 0x0002c90300000000 0x0002c90300000010
            xm_link 0x0002c90300000000 0x0002c90300000030
            yp_link 0x0002c90300000000 0x0002c90300000040
            ym_link 0x0002c90300000000 0x0002c903000000c0
            zp_link 0x0002c90300000000 0x0002c90300000100
            zm_link 0x0002c90300000000 0x0002c90300000300
            portgroup_max_ports 16
            """;

    final Topology topology = TopologyShapes.parse(SHAPE);
    final SubnetSnapshot snapshot;
    final RoutingInput input;
    final PortGroupPolicy groups;
    final TopologyPolicy topologies;
    final ChainPolicy chain;
    final TopologyChain router;

    /**
     * Parses the policies; a step's {@code config: torus.conf} stands for its one option, {@code torus_config}, the
     * torus's seed written to {@code dir}.
     */
    TreeTorusChain(Path dir, String chainText) throws IOException, PolicyFileException {
        this(dir, chainText, 0);
    }

    /** As {@link #TreeTorusChain(Path, String)}, with LMC {@code lmc}. */
    TreeTorusChain(Path dir, String chainText, int lmc) throws IOException, PolicyFileException {
        snapshot = TopologySubnets.snapshot(topology, lmc);
        input = RoutingInput.from(snapshot, lmc);
        Path torusConf = Files.writeString(dir.resolve("torus-2QoS.conf"), TORUS_2QOS_CONF);
        groups = PortGroupPolicy.parse("pgrp.conf", PORT_GROUPS);
        topologies = TopologyPolicy.parse("topo.conf", TOPOLOGIES, groups);
        RoutingEngines known = RoutingEngines.load();
        chain = ChainPolicy.parse("rch.conf", chainText, topologies, Set.copyOf(known.names()), lmc);
        EngineOptions main = EngineOptions.defaults().with(EngineOptions.ROUTING_THREADS, "1");
        router = TopologyChain.create(groups, topologies, chain, known, step -> {
            String config = step.config() == null ? "" : step.config().toString();
            return switch (config) {
                case "torus.conf" -> main.with("torus_config", torusConf.toString());
                default -> main;
            };
        });
    }

    RoutingResult route() {
        return router.route(input, groups.resolve(PortGroupFabric.of(snapshot)));
    }
}
