package dev.jsm.routing.chain;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.testing.VPortFabrics;
import dev.jsm.routing.torus.TorusOptions;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.portgroup.PolicyFileException;
import dev.jsm.subnet.portgroup.PortGroupFabric;
import dev.jsm.subnet.portgroup.PortGroupPolicy;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * The acceptance fabric of the routing chains: {@code fabrics/tree-torus.net} (a 64-host 3-level fat tree of 8-port
 * switches and a 4x4x4 torus with a host per switch, four cables from the tree's cores to the torus), its port
 * groups, topologies and chain as {@code fabrics} keeps them: minhop over the whole fabric first (what joins the two
 * parts keeps its routes), then ftree over the tree (minhop over the tree if ftree fails) and torus-2QoS over the
 * torus. Test fixture.
 */
final class TreeTorusChain {

    static final String SHAPE = "tree-torus:k=8,pods=4,leaves=4,mids=4,cores=4,hosts=4,dims=4x4x4,bridges=4";

    /** The repository's {@code fabrics} directory (tests run in the module's directory). */
    static final Path FABRICS = Path.of("..", "fabrics");

    static final String PORT_GROUPS = fabricFile("tree-torus.pgrp.conf");
    static final String TOPOLOGIES = fabricFile("tree-torus.topo.conf");
    static final String CHAIN = fabricFile("tree-torus.rch.conf");
    /** The torus step's config file name in {@link #CHAIN}. */
    static final String TORUS_STEP = "tree-torus.torus-step.conf";

    final Topology topology = TopologyShapes.parse(SHAPE);
    final SubnetSnapshot snapshot;
    final RoutingInput input;
    final PortGroupPolicy groups;
    final TopologyPolicy topologies;
    final ChainPolicy chain;
    final TopologyChain router;

    /**
     * Parses the policies; the torus step's {@code config:} file stands for its one option, {@code torus_config}: the
     * torus's seed in {@code fabrics}.
     */
    TreeTorusChain(String chainText) throws PolicyFileException {
        this(chainText, 0);
    }

    /** As {@link #TreeTorusChain(String)}, with LMC {@code lmc}. */
    TreeTorusChain(String chainText, int lmc) throws PolicyFileException {
        this(chainText, lmc, 0);
    }

    /**
     * As {@link #TreeTorusChain(String, int)}, every host carrying vports 0..{@code vports}, the odd ones with LIDs of
     * their own ({@link VPortFabrics}).
     */
    TreeTorusChain(String chainText, int lmc, int vports) throws PolicyFileException {
        Subnet subnet = TopologySubnets.subnet(topology, lmc);
        if (vports > 0) {
            VPortFabrics.addVPorts(subnet, vports, false);
        }
        snapshot = SubnetSnapshot.of(subnet);
        input = RoutingInput.from(snapshot, lmc);
        Path torusConf = FABRICS.resolve("tree-torus.torus-2QoS.conf").toAbsolutePath();
        groups = PortGroupPolicy.parse("pgrp.conf", PORT_GROUPS);
        topologies = TopologyPolicy.parse("topo.conf", TOPOLOGIES, groups);
        RoutingEngines known = RoutingEngines.load();
        chain = ChainPolicy.parse("rch.conf", chainText, topologies, Set.copyOf(known.names()), lmc);
        EngineOptions main = EngineOptions.defaults().with(EngineOptions.ROUTING_THREADS, "1");
        router = TopologyChain.create(groups, topologies, chain, known, step -> {
            String config = step.config() == null ? "" : step.config().toString();
            return switch (config) {
                case TORUS_STEP -> main.with(TorusOptions.TORUS_CONFIG, torusConf.toString());
                default -> main;
            };
        });
    }

    private static String fabricFile(String name) {
        try {
            return Files.readString(FABRICS.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    RoutingResult route() {
        return router.route(input, groups.resolve(PortGroupFabric.of(snapshot)));
    }
}
