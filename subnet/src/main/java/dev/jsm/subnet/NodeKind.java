package dev.jsm.subnet;

/**
 * The type of a node, NodeInfo.NodeType (IBA 14.2.5.3): channel adapter, switch or router. The model holds only
 * nodes of these three types; discovery rejects any other wire value.
 */
public enum NodeKind {
    /** Channel adapter (HCA or TCA): wire value 1. */
    CA(1),
    /** Switch: wire value 2; has a port 0 and a {@link Switch}. */
    SWITCH(2),
    /** Router: wire value 3; addressed like a CA. */
    ROUTER(3);

    private final int wireValue;

    NodeKind(int wireValue) {
        this.wireValue = wireValue;
    }

    /** The NodeInfo.NodeType value. */
    public int wireValue() {
        return wireValue;
    }

    /**
     * The kind for a NodeInfo.NodeType value.
     *
     * @throws IllegalArgumentException for values other than 1, 2 and 3
     */
    public static NodeKind fromWire(int nodeType) {
        return switch (nodeType) {
            case 1 -> CA;
            case 2 -> SWITCH;
            case 3 -> ROUTER;
            default -> throw new IllegalArgumentException(
                    "NodeType " + nodeType + " is not CA (1), switch (2) or router (3)");
        };
    }
}
