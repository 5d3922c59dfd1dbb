package dev.jsm.sim.topo;

/**
 * A cable between two ports of a {@link Topology}, by node index and port number. Stored with the lower
 * (node, port) pair first so each cable has one spelling.
 *
 * @param nodeA index of the first node
 * @param portA port on the first node
 * @param nodeB index of the second node
 * @param portB port on the second node
 */
public record TopoLink(int nodeA, int portA, int nodeB, int portB) {

    /** The cable in canonical order (lower node index, then lower port, first). */
    public static TopoLink of(int nodeA, int portA, int nodeB, int portB) {
        if (nodeA < nodeB || (nodeA == nodeB && portA <= portB)) {
            return new TopoLink(nodeA, portA, nodeB, portB);
        }
        return new TopoLink(nodeB, portB, nodeA, portA);
    }
}
