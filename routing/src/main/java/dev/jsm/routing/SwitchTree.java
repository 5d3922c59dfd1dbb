package dev.jsm.routing;

/**
 * A spanning tree of the switches that every multicast group's tree must be a subset of, given by an engine that
 * keeps multicast deadlock-free together with its unicast routes (torus-2QoS's master spanning tree): the root, and
 * for every other switch in the tree the port towards its parent. {@link dev.jsm.routing.mcast.McastTree} prunes it to
 * each group. In this package because an engine's {@link RouteOutcome.Routed} carries it.
 *
 * <p>Implementations must be immutable and thread-safe.
 */
public interface SwitchTree {

    /** The root switch (routing-input index), -1 for an empty tree. */
    int root();

    /** The port of {@code sw} towards its parent; -1 for the root and for switches not in the tree. */
    int parentPort(int sw);
}
