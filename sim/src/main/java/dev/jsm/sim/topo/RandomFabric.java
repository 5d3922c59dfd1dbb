package dev.jsm.sim.topo;

import static dev.jsm.sim.topo.FabricAssembler.pad;
import static dev.jsm.sim.topo.FabricAssembler.require;
import static dev.jsm.sim.topo.FabricAssembler.width;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A random irregular, connected fabric: {@code switches} switches of {@code radix} ports with
 * {@code switches * degree / 2} single cables between distinct switch pairs (average degree {@code degree}) and
 * {@code hostsPerSwitch} hosts on the last ports of each switch.
 *
 * <p>Generation is deterministic for a seed ({@link SplittableRandom}): a random spanning tree over a shuffled switch
 * order first (so the fabric is connected), then random extra cables between switches with free ports that are not
 * yet neighbours. Inter-switch cables take each switch's ports from 1 up in the order they are made. Names
 * {@code rsw-NN}, hosts {@code h-NN-H}.
 *
 * <p>Immutable; safe to share.
 *
 * @param switches number of switches
 * @param radix ports per switch
 * @param degree average inter-switch degree
 * @param hostsPerSwitch hosts on each switch (ports {@code radix - hosts + 1..radix})
 * @param seed random seed
 */
public record RandomFabric(int switches, int radix, int degree, int hostsPerSwitch, long seed) {

    /** Checks that a connected fabric of that degree fits. */
    public RandomFabric {
        String shape = "random";
        require(switches >= 1 && switches <= 1 << 16, shape, "switches must be 1..65536, not " + switches);
        require(radix >= 1 && radix <= 254, shape, "radix must be 1..254, not " + radix);
        require(hostsPerSwitch >= 0 && hostsPerSwitch <= radix, shape, "hosts must be 0.." + radix);
        long links = (long) switches * degree / 2;
        require(degree >= 0 && links >= switches - 1, shape, "degree " + degree + " gives " + links
                + " links, too few to connect " + switches + " switches");
        require(links <= (long) switches * (radix - hostsPerSwitch) / 2, shape, "degree " + degree
                + " needs more than the " + (radix - hostsPerSwitch) + " free ports per switch");
        require(links <= (long) switches * (switches - 1) / 2, shape, "degree " + degree + " needs more links than "
                + "there are switch pairs");
    }

    /** Number of inter-switch cables. */
    public int interSwitchLinks() {
        return switches * degree / 2;
    }

    /** The canonical shape string (see {@link TopologyShapes}). */
    public String shape() {
        return "random:switches=" + switches + ",radix=" + radix + ",degree=" + degree + ",hosts=" + hostsPerSwitch
                + ",seed=" + seed;
    }

    /**
     * Generates the fabric.
     *
     * @throws IllegalArgumentException if the random cabling gets stuck (every switch with free ports is already a
     *     neighbour of every other); a lower degree or another seed helps
     */
    public Topology build() {
        int free = radix - hostsPerSwitch;
        FabricAssembler f = new FabricAssembler(switches, switches * hostsPerSwitch);
        int ws = width(switches);
        for (int s = 0; s < switches; s++) {
            f.addSwitch("rsw-" + pad(s, ws), radix);
        }
        int[][] adj = new int[switches][free];
        int[] deg = new int[switches];
        OpenSwitches open = new OpenSwitches(switches);
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] order = new int[switches];
        for (int i = 0; i < switches; i++) {
            order[i] = i;
        }
        for (int i = switches - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        open.add(order[0]);
        for (int i = 1; i < switches; i++) {
            require(open.size > 0, "random", "no free port left to connect switch " + order[i]);
            int a = open.items[rnd.nextInt(open.size)];
            cable(f, adj, deg, open, a, order[i], free);
            if (deg[order[i]] < free) {
                open.add(order[i]);
            }
        }
        int target = interSwitchLinks();
        int made = switches - 1;
        long budget = 1000L + 100L * target;
        while (made < target) {
            require(open.size >= 2 && budget-- > 0, "random", "could not place link " + (made + 1) + " of " + target
                    + " with seed " + seed + "; try a lower degree or another seed");
            int a = open.items[rnd.nextInt(open.size)];
            int b = open.items[rnd.nextInt(open.size)];
            if (a != b && !adjacent(adj, deg, a, b)) {
                cable(f, adj, deg, open, a, b, free);
                made++;
            }
        }
        int wh = width(hostsPerSwitch);
        for (int s = 0; s < switches; s++) {
            for (int h = 0; h < hostsPerSwitch; h++) {
                f.hostLink(f.addHost("h-" + pad(s, ws) + "-" + pad(h, wh)), s, free + h + 1);
            }
        }
        return f.build();
    }

    /** Cables a to b on their next free ports; drops a full switch from the open set. */
    private static void cable(FabricAssembler f, int[][] adj, int[] deg, OpenSwitches open, int a, int b, int free) {
        f.switchLink(a, deg[a] + 1, b, deg[b] + 1);
        adj[a][deg[a]++] = b;
        adj[b][deg[b]++] = a;
        if (deg[a] == free) {
            open.remove(a);
        }
        if (deg[b] == free) {
            open.remove(b);
        }
    }

    private static boolean adjacent(int[][] adj, int[] deg, int a, int b) {
        for (int i = 0; i < deg[a]; i++) {
            if (adj[a][i] == b) {
                return true;
            }
        }
        return false;
    }

    /** The switches that still have a free inter-switch port, with O(1) add, remove and random pick. */
    private static final class OpenSwitches {
        final int[] items;
        final int[] where;
        int size;

        OpenSwitches(int switches) {
            items = new int[switches];
            where = new int[switches];
            Arrays.fill(where, -1);
        }

        void add(int s) {
            where[s] = size;
            items[size++] = s;
        }

        void remove(int s) {
            int i = where[s];
            if (i < 0) {
                return;
            }
            int last = items[--size];
            items[i] = last;
            where[last] = i;
            where[s] = -1;
        }
    }
}
