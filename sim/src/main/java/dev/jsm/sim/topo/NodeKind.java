package dev.jsm.sim.topo;

/** The kind of a simulated node, with its NodeInfo.NodeType value. */
public enum NodeKind {
    CA(1),
    SWITCH(2),
    ROUTER(3);

    private final int nodeType;

    NodeKind(int nodeType) {
        this.nodeType = nodeType;
    }

    /** NodeInfo.NodeType of this kind. */
    public int nodeType() {
        return nodeType;
    }
}
