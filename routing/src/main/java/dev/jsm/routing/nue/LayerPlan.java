package dev.jsm.routing.nue;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * Which destinations nue routes in which virtual layer, and in what order. Every destination end port (with all LIDs
 * of its LMC range) belongs to one layer, so the path SL depends on the destination only. The switches are lined up
 * in breadth-first order from a peripheral switch of each connected part (the last one a search from the part's
 * first switch reaches), their destinations listed in that order, and the list cut into {@code layers} runs of
 * equal length: each layer gets a compact region of the fabric, whose destinations share their neighbourhood and
 * fewer of their routes cross. OpenSM cuts the fabric the same way with METIS when it was built with it, and deals
 * the destinations out round-robin otherwise.
 *
 * <p>Within a layer the CAs and routers come first, in that order, then (with {@code nue_include_switches}) the
 * switches' own ports, as in OpenSM.
 *
 * <p>Immutable; safe to share.
 */
final class LayerPlan {

    private final int layers;
    /** End ports by layer: layer {@code l} routes {@code ports[start[l] .. start[l+1]-1]} in that order. */
    private final int[] start;
    private final int[] ports;

    private LayerPlan(int layers, int[] start, int[] ports) {
        this.layers = layers;
        this.start = start;
        this.ports = ports;
    }

    /** The plan for {@code layers} layers; switches' own ports are destinations only with {@code includeSwitches}. */
    static LayerPlan of(ChannelGraph g, int layers, boolean includeSwitches) {
        RoutingInput in = g.in;
        int[] switchOrder = peripheralBfsOrder(g);
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
        int n = bySwitch.length;
        int[] sequence = new int[n];
        int k = 0;
        for (int sw : switchOrder) {
            for (int i = firstPort[sw]; i < firstPort[sw + 1]; i++) {
                sequence[k++] = bySwitch[i];
            }
        }
        long[] keyed = new long[n];
        for (int i = 0; i < n; i++) {
            int layer = (int) ((long) i * layers / n);
            int ep = sequence[i];
            int kind = in.endPortIsSwitch()[ep] ? 1 : 0;
            keyed[i] = ((long) layer << 40) | ((long) kind << 39) | ((long) i << 20);
        }
        Arrays.sort(keyed);
        int[] start = new int[layers + 1];
        int[] ports = new int[n];
        for (int i = 0; i < n; i++) {
            int layer = (int) (keyed[i] >>> 40);
            start[layer + 1]++;
            ports[i] = sequence[(int) ((keyed[i] >>> 20) & 0x7FFFF)];
        }
        for (int l = 0; l < layers; l++) {
            start[l + 1] += start[l];
        }
        return new LayerPlan(layers, start, ports);
    }

    private static boolean isDestination(RoutingInput in, int ep, boolean includeSwitches) {
        return in.endPortSwitch()[ep] >= 0 && (includeSwitches || !in.endPortIsSwitch()[ep]);
    }

    /** Every switch once: per connected part, breadth-first from the switch farthest from the part's first one. */
    private static int[] peripheralBfsOrder(ChannelGraph g) {
        int s = g.switches;
        int[] order = new int[s];
        int[] queue = new int[s];
        int[] seen = new int[s];
        int stamp = 0;
        boolean[] placed = new boolean[s];
        int n = 0;
        for (int first = 0; first < s; first++) {
            if (placed[first]) {
                continue;
            }
            int far = bfs(g, first, queue, seen, ++stamp);
            int last = queue[far - 1];
            int count = bfs(g, last, queue, seen, ++stamp);
            for (int i = 0; i < count; i++) {
                order[n++] = queue[i];
                placed[queue[i]] = true;
            }
        }
        return order;
    }

    /** Breadth-first from {@code from} into {@code queue}; returns how many switches it reached. */
    private static int bfs(ChannelGraph g, int from, int[] queue, int[] seen, int stamp) {
        int n = 0;
        queue[n++] = from;
        seen[from] = stamp;
        for (int i = 0; i < n; i++) {
            int u = queue[i];
            for (int e = g.linkStart[u]; e < g.linkStart[u + 1]; e++) {
                int v = g.head[e];
                if (g.usable[e] && seen[v] != stamp) {
                    seen[v] = stamp;
                    queue[n++] = v;
                }
            }
        }
        return n;
    }

    /** The number of layers. */
    int layers() {
        return layers;
    }

    /** How many destination end ports layer {@code l} routes. */
    int size(int l) {
        return start[l + 1] - start[l];
    }

    /** The {@code i}-th destination end port of layer {@code l}. */
    int port(int l, int i) {
        return ports[start[l] + i];
    }
}
