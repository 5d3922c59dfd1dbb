package dev.jsm.sim.topo;

import static dev.jsm.sim.topo.FabricAssembler.pad;
import static dev.jsm.sim.topo.FabricAssembler.require;
import static dev.jsm.sim.topo.FabricAssembler.width;

/**
 * A {@code dimension}-dimensional hypercube: {@code 2^dimension} switches, switch {@code i} cabled to
 * {@code i ^ (1 << b)} on port {@code b + 1} of both ends; hosts on ports {@code dimension + 1..}. Switch number
 * (hence GUID) {@code i}; names {@code hc-<i in binary>} and {@code h-<i in binary>-H}, as in the example fabrics.
 *
 * <p>Immutable; safe to share.
 *
 * @param dimension number of dimensions (1..16)
 * @param hostsPerSwitch hosts on each switch
 */
public record HypercubeFabric(int dimension, int hostsPerSwitch) {

    /** Checks the sizes. */
    public HypercubeFabric {
        require(dimension >= 1 && dimension <= 16, "hypercube", "dimension must be 1..16, not " + dimension);
        require(hostsPerSwitch >= 0 && dimension + hostsPerSwitch <= 254, "hypercube",
                "hosts must be 0.." + (254 - dimension));
    }

    /** The canonical shape string (see {@link TopologyShapes}). */
    public String shape() {
        return "hypercube:dim=" + dimension + ",hosts=" + hostsPerSwitch;
    }

    /** Generates the fabric. */
    public Topology build() {
        int switches = 1 << dimension;
        FabricAssembler f = new FabricAssembler(switches, switches * hostsPerSwitch);
        String[] label = new String[switches];
        for (int i = 0; i < switches; i++) {
            String bits = Integer.toBinaryString(i);
            label[i] = "0".repeat(dimension - bits.length()) + bits;
            f.addSwitch("hc-" + label[i], dimension + hostsPerSwitch);
        }
        int wh = width(hostsPerSwitch);
        for (int i = 0; i < switches; i++) {
            for (int b = 0; b < dimension; b++) {
                int j = i ^ (1 << b);
                if (i < j) {
                    f.switchLink(i, b + 1, j, b + 1);
                }
            }
            for (int h = 0; h < hostsPerSwitch; h++) {
                f.hostLink(f.addHost("h-" + label[i] + "-" + pad(h, wh)), i, dimension + h + 1);
            }
        }
        return f.build();
    }
}
