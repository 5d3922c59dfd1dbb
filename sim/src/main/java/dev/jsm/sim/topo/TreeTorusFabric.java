package dev.jsm.sim.topo;

import static dev.jsm.sim.topo.FabricAssembler.require;

/**
 * One subnet made of two topologies, for routing chains: a three-level fat tree and a torus, joined by
 * {@code bridges} cables from the tree's core switches to the torus's first switches (core {@code i} of the core
 * list to torus switch {@code i}, on a port the core has spare and a port added to the torus switch after its own).
 * The tree keeps the generator's GUIDs and names; the torus's switches and hosts move to GUID families
 * {@link #TORUS_SWITCH_GUID_BASE} and {@link #TORUS_HOST_GUID_BASE} (same steps of 0x10) and their names get a
 * {@code t-} prefix, so each part is one GUID range a port group can name ({@code port-guid-range}).
 *
 * <p>Immutable; safe to share.
 *
 * @param tree the fat tree (its cores need a spare port each)
 * @param torus the torus or mesh
 * @param bridges cables between the two, 1 or more
 */
public record TreeTorusFabric(ThreeLevelFatTree tree, TorusFabric torus, int bridges) {

    /** Node GUID of the torus's switch 0. */
    public static final long TORUS_SWITCH_GUID_BASE = 0x0002c90300000000L;
    /** Node GUID of the torus's host 0. */
    public static final long TORUS_HOST_GUID_BASE = 0x0002c90400000000L;

    /** Checks that the bridges fit. */
    public TreeTorusFabric {
        String shape = "tree-torus";
        int cores = tree.midsPerPod() * tree.coresPerGroup();
        int torusSwitches = 1;
        for (int r : torus.dims()) {
            torusSwitches *= r;
        }
        require(bridges >= 1 && bridges <= cores && bridges <= torusSwitches, shape, "bridges must be 1.."
                + Math.min(cores, torusSwitches) + ", not " + bridges);
        require(tree.pods() * tree.midCoreLinks() < tree.radix(), shape, "the tree's cores have no spare port");
        require(torus.switchPorts() < 254, shape, "the torus's switches have no port left for a bridge");
    }

    /** The canonical shape string (see {@link TopologyShapes}). */
    public String shape() {
        return "tree-torus:" + tree.shape().substring("fat3:".length()) + ","
                + torus.shape().substring(torus.shape().indexOf(':') + 1).replace("links=", "torus-links=")
                        .replace("hosts=", "torus-hosts=")
                + ",bridges=" + bridges + (torus.wrap() ? "" : ",mesh=1");
    }

    /** Generates the fabric: the tree's nodes first (a tree host leads, for ibsim's SM), then the torus's. */
    public Topology build() {
        Topology t = tree.build();
        Topology r = torus.build();
        Topology.Builder b = Topology.builder();
        for (TopoNode n : t.nodes()) {
            b.addNode(n);
        }
        int offset = b.nodeCount();
        int[] torusSwitchNode = new int[r.nodeCount()];
        int switchNo = 0;
        int hostNo = 0;
        for (int i = 0; i < r.nodeCount(); i++) {
            TopoNode n = r.node(i);
            boolean sw = n.kind() == NodeKind.SWITCH;
            long guid = sw ? TORUS_SWITCH_GUID_BASE + FabricAssembler.GUID_STRIDE * switchNo
                    : TORUS_HOST_GUID_BASE + FabricAssembler.GUID_STRIDE * hostNo;
            int ports = sw && switchNo < bridges ? n.numPorts() + 1 : n.numPorts();
            torusSwitchNode[i] = sw ? switchNo : -1;
            b.addNode(TopoNode.withDefaultGuids(n.kind(), "t-" + n.name(), guid, ports));
            if (sw) {
                switchNo++;
            } else {
                hostNo++;
            }
        }
        for (TopoLink l : t.links()) {
            b.link(l.nodeA(), l.portA(), l.nodeB(), l.portB());
        }
        for (TopoLink l : r.links()) {
            b.link(offset + l.nodeA(), l.portA(), offset + l.nodeB(), l.portB());
        }
        int corePort = tree.pods() * tree.midCoreLinks() + 1;
        int bridge = 0;
        for (int i = 0; i < r.nodeCount() && bridge < bridges; i++) {
            if (torusSwitchNode[i] == bridge) {
                int core = t.indexOfName(coreName(bridge));
                b.link(core, corePort, offset + i, r.node(i).numPorts() + 1);
                bridge++;
            }
        }
        return b.build();
    }

    /** The name of the {@code i}-th core switch (group by group), as {@link ThreeLevelFatTree} names them. */
    private String coreName(int i) {
        int wm = FabricAssembler.width(tree.midsPerPod());
        int wc = FabricAssembler.width(tree.coresPerGroup());
        return "core-g" + FabricAssembler.pad(i / tree.coresPerGroup(), wm) + "-"
                + FabricAssembler.pad(i % tree.coresPerGroup(), wc);
    }
}
