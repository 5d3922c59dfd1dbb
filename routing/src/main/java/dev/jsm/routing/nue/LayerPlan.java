package dev.jsm.routing.nue;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * Which destinations nue routes in which virtual layer, and in what order. Every destination end port (with all LIDs
 * of its LMC range) belongs to one layer, so the path SL depends on the destination only. The switches are split
 * into {@code layers} compact regions with about as many destinations each, by recursive bisection: a part is lined
 * up breadth-first from one of its peripheral switches (the last one a search from its first switch reaches) and cut
 * where the destinations before the cut match the layers given to that side. A region's destinations share their
 * neighbourhood, so fewer of their routes cross and the layer needs fewer detours (OpenSM's nue partitions the fabric
 * with METIS for the same reason when it was built with it, and deals the destinations out round-robin otherwise).
 *
 * <p>Immutable; safe to share.
 *
 * <p>In detail: docs/design/routing.md#layerplan.
 */
final class LayerPlan {

    private final int layers;
    /** Destination end ports in routing order. */
    private final int[] ports;
    /** The layer of each of {@link #ports}. */
    private final byte[] layerOf;

    private LayerPlan(int layers, int[] ports, byte[] layerOf) {
        this.layers = layers;
        this.ports = ports;
        this.layerOf = layerOf;
    }

    /** The plan for {@code layers} layers; switches' own ports are destinations only with {@code includeSwitches}. */
    static LayerPlan of(ChannelGraph g, int layers, boolean includeSwitches) {
        RoutingInput in = g.in;
        int[] firstPort = new int[g.switches + 1];
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            if (isDestination(in, ep, includeSwitches)) {
                firstPort[in.endPortSwitch()[ep] + 1]++;
            }
        }
        for (int sw = 0; sw < g.switches; sw++) {
            firstPort[sw + 1] += firstPort[sw];
        }
        int[] fill = firstPort.clone();
        int[] bySwitch = new int[firstPort[g.switches]];
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            if (isDestination(in, ep, includeSwitches)) {
                bySwitch[fill[in.endPortSwitch()[ep]]++] = ep;
            }
        }
        int[] layerOfSwitch = new int[g.switches];
        new Bisection(g, firstPort, layerOfSwitch).run(layers);
        int[] line = new Bisection(g, firstPort, new int[g.switches]).run(1);
        int n = bySwitch.length;
        int[] ports = new int[n];
        byte[] layerOf = new byte[n];
        int k = 0;
        for (int kind = 0; kind < 2; kind++) {
            for (int sw : line) {
                for (int p = firstPort[sw]; p < firstPort[sw + 1]; p++) {
                    if (in.endPortIsSwitch()[bySwitch[p]] == (kind == 1)) {
                        ports[k] = bySwitch[p];
                        layerOf[k++] = (byte) layerOfSwitch[sw];
                    }
                }
            }
        }
        return new LayerPlan(layers, ports, layerOf);
    }

    private static boolean isDestination(RoutingInput in, int ep, boolean includeSwitches) {
        return in.endPortSwitch()[ep] >= 0 && (includeSwitches || !in.endPortIsSwitch()[ep]);
    }

    /** The number of layers. */
    int layers() {
        return layers;
    }

    /** How many destination end ports the plan routes. */
    int count() {
        return ports.length;
    }

    /** The {@code i}-th destination end port in routing order. */
    int port(int i) {
        return ports[i];
    }

    /** The layer of the {@code i}-th destination. */
    int layer(int i) {
        return layerOf[i];
    }

    /** The recursive bisection; scratch of one {@link #of} call. */
    private static final class Bisection {
        private final ChannelGraph g;
        private final int[] firstPort;
        private final int[] layerOf;
        private final int[] part;
        private final int[] queue;
        private final int[] seen;
        private int stamp;
        private final int[] order;
        private int placed;

        Bisection(ChannelGraph g, int[] firstPort, int[] layerOf) {
            this.g = g;
            this.firstPort = firstPort;
            this.layerOf = layerOf;
            part = new int[g.switches];
            queue = new int[g.switches];
            seen = new int[g.switches];
            order = new int[g.switches];
        }

        /** Splits every switch into {@code layers} regions; returns the switches region by region. */
        int[] run(int layers) {
            int[] all = new int[g.switches];
            for (int sw = 0; sw < all.length; sw++) {
                all[sw] = sw;
            }
            split(all, 0, layers);
            return order;
        }

        /** Gives the switches {@code members} the layers {@code first .. first+count-1}. */
        private void split(int[] members, int first, int count) {
            int[] line = lineUp(members);
            if (count == 1) {
                for (int sw : line) {
                    layerOf[sw] = first;
                    order[placed++] = sw;
                }
                return;
            }
            int lowCount = count / 2;
            long total = 0;
            for (int sw : line) {
                total += destinations(sw);
            }
            long want = total * lowCount / count;
            int cut = 0;
            for (long sum = 0; cut < line.length && sum + destinations(line[cut]) <= want; cut++) {
                sum += destinations(line[cut]);
            }
            if (total == 0) {
                cut = line.length * lowCount / count;
            }
            split(Arrays.copyOfRange(line, 0, cut), first, lowCount);
            split(Arrays.copyOfRange(line, cut, line.length), first + lowCount, count - lowCount);
        }

        private int destinations(int sw) {
            return firstPort[sw + 1] - firstPort[sw];
        }

        /**
         * {@code members} breadth-first inside their own subgraph, each connected piece from the switch farthest
         * from its first member.
         */
        private int[] lineUp(int[] members) {
            int mark = ++stamp;
            for (int sw : members) {
                part[sw] = mark;
            }
            int[] line = new int[members.length];
            int n = 0;
            for (int sw : members) {
                if (part[sw] != mark) {
                    continue;
                }
                int reached = bfs(sw, mark);
                int count = bfs(queue[reached - 1], mark);
                for (int i = 0; i < count; i++) {
                    line[n++] = queue[i];
                    part[queue[i]] = 0;
                }
            }
            return line;
        }

        /** Breadth-first from {@code from} over switches of part {@code mark} into {@link #queue}; the count. */
        private int bfs(int from, int mark) {
            int st = ++stamp;
            int n = 0;
            queue[n++] = from;
            seen[from] = st;
            for (int i = 0; i < n; i++) {
                int u = queue[i];
                for (int e = g.linkStart[u]; e < g.linkStart[u + 1]; e++) {
                    int v = g.head[e];
                    if (g.usable[e] && part[v] == mark && seen[v] != st) {
                        seen[v] = st;
                        queue[n++] = v;
                    }
                }
            }
            return n;
        }
    }
}
