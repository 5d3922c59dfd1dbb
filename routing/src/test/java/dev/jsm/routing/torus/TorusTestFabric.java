package dev.jsm.routing.torus;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.RoutingFileException;
import dev.jsm.routing.fileformat.TorusConfigFile;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TorusFabric;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A generated torus ({@link TorusFabric}) as the SM's model, with failed links and switches, and the
 * {@code torus-2QoS.conf} that describes it: the seeds come from the generator's known cabling (switch number
 * {@code x + X*(y + Y*z)}, ports +d/-d per dimension), so tests address switches by coordinates.
 *
 * <p>Confined to the test thread.
 */
final class TorusTestFabric {

    final int[] dims;
    final boolean wrap;
    final Topology topology;
    final Subnet subnet;
    private final long[] switchGuids;

    /** A torus ({@code wrap}) or mesh of sizes {@code dims} (1 to 3 of them), {@code links} cables per neighbour. */
    TorusTestFabric(boolean wrap, int links, int hosts, int... dims) {
        this.wrap = wrap;
        this.dims = new int[] {1, 1, 1};
        System.arraycopy(dims, 0, this.dims, 0, dims.length);
        this.topology = (wrap ? TorusFabric.torus(links, hosts, dims) : TorusFabric.mesh(links, hosts, dims)).build();
        this.subnet = TopologySubnets.subnet(topology, 0);
        this.switchGuids = new long[topology.switchCount()];
        int k = 0;
        for (int i = 0; i < topology.nodeCount(); i++) {
            if (topology.node(i).kind() == NodeKind.SWITCH) {
                switchGuids[k++] = topology.node(i).nodeGuid();
            }
        }
    }

    static TorusTestFabric torus(int... dims) {
        return new TorusTestFabric(true, 1, 1, dims);
    }

    /** The switch number (the generator's order of switches) at {@code (x, y, z)}. */
    int number(int x, int y, int z) {
        return x + dims[0] * (y + dims[1] * z);
    }

    /** Node GUID of the switch at {@code (x, y, z)}. */
    long guid(int x, int y, int z) {
        return switchGuids[number(x, y, z)];
    }

    Node node(int x, int y, int z) {
        return subnet.node(guid(x, y, z));
    }

    /** Fails every cable between the switches at {@code a} and {@code b} (coordinates {x, y, z}). */
    TorusTestFabric failLink(int[] a, int[] b) {
        Node na = node(a[0], a[1], a[2]);
        long gb = guid(b[0], b[1], b[2]);
        for (PhysPort p : new ArrayList<>(na.ports())) {
            Link l = p.link();
            if (l != null && l.other(p).node().nodeGuid() == gb) {
                subnet.disconnect(p);
            }
        }
        return this;
    }

    /** Fails one of several parallel cables between {@code a} and {@code b}. */
    TorusTestFabric failOneCable(int[] a, int[] b) {
        Node na = node(a[0], a[1], a[2]);
        long gb = guid(b[0], b[1], b[2]);
        for (PhysPort p : new ArrayList<>(na.ports())) {
            Link l = p.link();
            if (l != null && l.other(p).node().nodeGuid() == gb) {
                subnet.disconnect(p);
                return this;
            }
        }
        throw new IllegalArgumentException("no cable");
    }

    /** Fails the switch at {@code c} with the hosts cabled to it. */
    TorusTestFabric failSwitch(int[] c) {
        Node n = node(c[0], c[1], c[2]);
        List<Node> hosts = new ArrayList<>();
        for (PhysPort p : n.ports()) {
            if (p.link() != null && !p.link().other(p).node().isSwitch()) {
                hosts.add(p.link().other(p).node());
            }
        }
        subnet.removeNode(n);
        for (Node h : hosts) {
            subnet.removeNode(h);
        }
        return this;
    }

    RoutingInput input() {
        subnet.index();
        return RoutingInput.from(SubnetSnapshot.of(subnet), 0);
    }

    /** The routing-input switch index of the switch at {@code c} in {@code in}. */
    int sw(RoutingInput in, int x, int y, int z) {
        return in.switchIndexOf(guid(x, y, z));
    }

    /** The first LID of the first host of the switch at {@code c}, or its own LID if it has no host. */
    int hostLid(RoutingInput in, int x, int y, int z) {
        int sw = sw(in, x, y, z);
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            if (in.lidOwnerSwitch()[lid] == sw && (in.lidOwnerPort()[lid] & 0xFF) != 0) {
                return lid;
            }
        }
        return in.switchLid()[sw];
    }

    /** A torus-2QoS.conf seeded at {@code origin} with + links (and - links for radix 4), and dateline offsets. */
    String config(int[] origin, int... dateline) {
        StringBuilder b = new StringBuilder(wrap ? "torus" : "mesh");
        for (int d = 0; d < 3; d++) {
            b.append(' ').append(dims[d]);
        }
        b.append('\n');
        appendSeed(b, origin, dateline);
        return b.toString();
    }

    void appendSeed(StringBuilder b, int[] origin, int... dateline) {
        String[] axes = {"x", "y", "z"};
        for (int d = 0; d < 3; d++) {
            if (dims[d] == 1) {
                continue;
            }
            for (int s = 1; s >= -1; s -= 2) {
                if (s < 0 && !(wrap && dims[d] == 4)) {
                    continue;
                }
                int[] to = origin.clone();
                to[d] = Math.floorMod(to[d] + s, dims[d]);
                b.append(axes[d]).append(s > 0 ? "p" : "m").append("_link ")
                        .append(Guid.toString(guid(origin[0], origin[1], origin[2]))).append(' ')
                        .append(Guid.toString(guid(to[0], to[1], to[2]))).append('\n');
            }
        }
        for (int d = 0; d < dateline.length; d++) {
            b.append(axes[d]).append("_dateline ").append(dateline[d]).append('\n');
        }
    }

    /**
     * The configuration tests use: a seed at the origin, then (after {@code next_seed}) a seed at the middle of the
     * torus whose datelines move its origin back to the first seed's, so coordinates and path SLs are the same
     * whichever seed discovery uses.
     */
    TorusConfigFile parsedConfig() {
        StringBuilder b = new StringBuilder(config(new int[3]));
        int[] mid = {dims[0] / 2, dims[1] / 2, dims[2] / 2};
        b.append("next_seed\n");
        appendSeed(b, mid, -mid[0], -mid[1], -mid[2]);
        return parse(b.toString());
    }

    static TorusConfigFile parse(String text) {
        try {
            return TorusConfigFile.parse("torus-2QoS.conf", text);
        } catch (RoutingFileException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int[] at(int... c) {
        return c.length == 3 ? c : new int[] {c[0], c[1], 0};
    }
}
