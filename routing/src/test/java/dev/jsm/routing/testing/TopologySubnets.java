package dev.jsm.routing.testing;

import dev.jsm.routing.RoutingInput;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * Routing inputs of generated or hand-written {@link Topology} fabrics, so engines can be tested on any fabric without
 * discovery: the model comes from {@link TopologyModel}.
 *
 * <p>Stateless; thread-safe.
 */
public final class TopologySubnets {

    private TopologySubnets() {
    }

    /** The model of {@code t} with LIDs assigned and indexed ({@link TopologyModel#subnet}). */
    public static Subnet subnet(Topology t, int lmc) {
        return TopologyModel.subnet(t, lmc);
    }

    /** A snapshot of {@link #subnet}. */
    public static SubnetSnapshot snapshot(Topology t, int lmc) {
        return SubnetSnapshot.of(subnet(t, lmc));
    }

    /** The routing input of {@code t} with LMC {@code lmc}. */
    public static RoutingInput input(Topology t, int lmc) {
        return RoutingInput.from(snapshot(t, lmc), lmc);
    }

    /** The routing input of the fabric a {@link TopologyShapes} shape string generates. */
    public static RoutingInput input(String shape, int lmc) {
        return input(TopologyShapes.parse(shape), lmc);
    }
}
