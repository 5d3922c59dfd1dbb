package dev.jsm.sim.topo;

/**
 * Counts that describe a {@link Topology} at a glance, in the form the example fabrics' header comments use
 * ({@code # switches=6 hosts=16 inter_switch_links=16 total_ports=86}).
 *
 * <p>{@code totalPorts} is what ibsim allocates: every node's port count plus one (a switch's port 0, a CA's
 * reserved GUID slot), so it is the minimum for ibsim's {@code -P} option; {@code nodes} and {@code switches} are the
 * minimums for {@code -N} and {@code -S}.
 *
 * <p>Immutable; safe to share.
 *
 * @param nodes all nodes
 * @param switches switch nodes
 * @param hosts CA nodes
 * @param routers router nodes
 * @param links all cables
 * @param interSwitchLinks cables with a switch at both ends
 * @param totalPorts sum over nodes of (port count + 1)
 */
public record TopologyStats(int nodes, int switches, int hosts, int routers, int links, int interSwitchLinks,
                            int totalPorts) {

    /** Counts {@code topology}. */
    public static TopologyStats of(Topology topology) {
        int switches = 0;
        int hosts = 0;
        int routers = 0;
        int totalPorts = 0;
        for (TopoNode n : topology.nodes()) {
            switch (n.kind()) {
                case SWITCH -> switches++;
                case CA -> hosts++;
                case ROUTER -> routers++;
            }
            totalPorts += n.numPorts() + 1;
        }
        int interSwitch = 0;
        for (TopoLink l : topology.links()) {
            if (topology.node(l.nodeA()).kind() == NodeKind.SWITCH
                    && topology.node(l.nodeB()).kind() == NodeKind.SWITCH) {
                interSwitch++;
            }
        }
        return new TopologyStats(topology.nodeCount(), switches, hosts, routers, topology.links().size(), interSwitch,
                totalPorts);
    }

    /** The header-comment form, without the leading {@code "# "}: {@code switches=.. hosts=.. ...}. */
    public String headerLine() {
        return "switches=" + switches + " hosts=" + hosts + " inter_switch_links=" + interSwitchLinks
                + " total_ports=" + totalPorts;
    }

    @Override
    public String toString() {
        return headerLine() + (routers > 0 ? " routers=" + routers : "") + " links=" + links;
    }
}
