package dev.jsm.sim.topo;

import static dev.jsm.sim.topo.FabricAssembler.pad;
import static dev.jsm.sim.topo.FabricAssembler.require;
import static dev.jsm.sim.topo.FabricAssembler.width;

import java.util.List;

/**
 * A 1-, 2- or 3-dimensional torus ({@code wrap}) or mesh of switches, {@code linksPerNeighbour} parallel cables to
 * each neighbour, {@code hostsPerSwitch} hosts on each switch.
 *
 * <p>Port order, as in the example fabrics: with {@code L} links per neighbour, ports {@code 1..L} go to +x,
 * {@code L+1..2L} to -x, then {@code 2L+1..3L} +y, {@code 3L+1..4L} -y, then +z, -z; hosts follow. Cable {@code l}
 * from a switch's +d ports reaches its neighbour's -d port {@code l}. A mesh leaves the outer ports unused but has
 * the same port count. Switch number (hence GUID) {@code x + X*(y + Y*z)}; names {@code sw-x0-y0[-z0]}, hosts
 * {@code h-x0-y0[-z0]-H}.
 *
 * <p>Immutable; safe to share.
 *
 * @param wrap true for a torus, false for a mesh
 * @param dims size of each dimension (1 to 3 of them, each at least 2)
 * @param linksPerNeighbour parallel cables to each neighbour
 * @param hostsPerSwitch hosts on each switch
 */
public record TorusFabric(boolean wrap, List<Integer> dims, int linksPerNeighbour, int hostsPerSwitch) {

    private static final String[] AXES = {"x", "y", "z"};

    /** Checks the sizes and the port count. */
    public TorusFabric {
        dims = List.copyOf(dims);
        String shape = wrap ? "torus" : "mesh";
        require(!dims.isEmpty() && dims.size() <= 3, shape, "1 to 3 dimensions, not " + dims.size());
        long switches = 1;
        for (int r : dims) {
            require(r >= 2, shape, "each dimension must be at least 2, not " + r);
            switches *= r;
        }
        require(switches <= 1 << 16, shape, switches + " switches is more than 65536");
        require(linksPerNeighbour >= 1 && hostsPerSwitch >= 0, shape, "links must be at least 1 and hosts at least 0");
        require(2L * linksPerNeighbour * dims.size() + hostsPerSwitch <= 254, shape,
                "a switch would need more than 254 ports");
    }

    /** A torus of the given sizes. */
    public static TorusFabric torus(int linksPerNeighbour, int hostsPerSwitch, int... dims) {
        return new TorusFabric(true, toList(dims), linksPerNeighbour, hostsPerSwitch);
    }

    /** A mesh of the given sizes. */
    public static TorusFabric mesh(int linksPerNeighbour, int hostsPerSwitch, int... dims) {
        return new TorusFabric(false, toList(dims), linksPerNeighbour, hostsPerSwitch);
    }

    /** Ports per switch: two directions per dimension, {@code L} each, plus the hosts. */
    public int switchPorts() {
        return 2 * linksPerNeighbour * dims.size() + hostsPerSwitch;
    }

    /** The canonical shape string (see {@link TopologyShapes}). */
    public String shape() {
        StringBuilder sb = new StringBuilder(wrap ? "torus:dims=" : "mesh:dims=");
        for (int d = 0; d < dims.size(); d++) {
            sb.append(d == 0 ? "" : "x").append(dims.get(d));
        }
        return sb.append(",links=").append(linksPerNeighbour).append(",hosts=").append(hostsPerSwitch).toString();
    }

    /** Generates the fabric. */
    public Topology build() {
        int n = dims.size();
        int[] size = new int[n];
        int[] stride = new int[n];
        int[] widths = new int[n];
        int switches = 1;
        for (int d = 0; d < n; d++) {
            size[d] = dims.get(d);
            stride[d] = switches;
            widths[d] = width(size[d]);
            switches *= size[d];
        }
        int links = linksPerNeighbour;
        int ports = switchPorts();
        FabricAssembler f = new FabricAssembler(switches, switches * hostsPerSwitch);
        int wh = width(hostsPerSwitch);
        String[] coords = new String[switches];
        for (int s = 0; s < switches; s++) {
            StringBuilder sb = new StringBuilder();
            for (int d = 0; d < n; d++) {
                sb.append(d == 0 ? "" : "-").append(AXES[d]).append(pad(s / stride[d] % size[d], widths[d]));
            }
            coords[s] = sb.toString();
            f.addSwitch("sw-" + coords[s], ports);
        }
        for (int s = 0; s < switches; s++) {
            for (int d = 0; d < n; d++) {
                int c = s / stride[d] % size[d];
                if (!wrap && c + 1 == size[d]) {
                    continue;
                }
                int neighbour = s + ((c + 1) % size[d] - c) * stride[d];
                for (int l = 0; l < links; l++) {
                    f.switchLink(s, 2 * links * d + l + 1, neighbour, 2 * links * d + links + l + 1);
                }
            }
            for (int h = 0; h < hostsPerSwitch; h++) {
                f.hostLink(f.addHost("h-" + coords[s] + "-" + pad(h, wh)), s, 2 * links * n + h + 1);
            }
        }
        return f.build();
    }

    private static List<Integer> toList(int[] dims) {
        Integer[] boxed = new Integer[dims.length];
        for (int i = 0; i < dims.length; i++) {
            boxed[i] = dims[i];
        }
        return List.of(boxed);
    }
}
