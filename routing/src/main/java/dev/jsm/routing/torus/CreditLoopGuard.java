package dev.jsm.routing.torus;

import java.util.Arrays;
import java.util.function.IntBinaryOperator;

/**
 * The engine's own check that the routes it is about to hand over are free of credit loops, for fabrics with
 * failures (a pristine torus is free of them by construction): the channel dependency graph of all switch-to-switch
 * traffic, a channel being one direction out of a switch on one VL (parallel links merged, which can only add
 * dependencies), with the VL of every hop from {@link TorusSl2Vl}'s rule and the SL of every path from
 * {@link TorusPathSl}. Failure combinations the refusal rules of {@link TorusRings} do not foresee are thereby
 * refused instead of routed into a deadlock. Only QoS level 0 is followed: level 1 uses VLs 4-7 the same way.
 *
 * <p>Cost: per destination switch, each (switch, input direction, SL) state is expanded once; the graph is a
 * 48-bit successor mask per channel ({@code S * 6 * 4} channels). Scratch of one pass; confined to its thread.
 */
final class CreditLoopGuard {

    private static final int VLS = 4;
    private static final int IN_HOST = 6;

    private final TorusTopology t;
    private final byte[] table;
    private final IntBinaryOperator switchSl;
    private final int n;
    /** Per channel {@code (sw * 6 + dir) * VLS + vl}: bit {@code dir' * VLS + vl'} for each successor channel. */
    private final long[] deps;

    /**
     * A guard over the routes of {@code table} ({@link DorNextHop#table}), with {@code switchSl} the SL of paths
     * between two switches.
     */
    CreditLoopGuard(TorusTopology t, byte[] table, IntBinaryOperator switchSl) {
        this.t = t;
        this.table = table;
        this.switchSl = switchSl;
        this.n = t.coord[0].length;
        this.deps = new long[n * 6 * VLS];
    }

    /** A description of one credit loop found, or {@code null} if the routes are free of them. */
    String findLoop() {
        int[] next = new int[n];
        int[] seen = new int[n * 7 * 8];
        int stamp = 0;
        int[] stack = new int[n * 7 * 8];
        for (int dst = 0; dst < n; dst++) {
            if (!t.isPlaced(dst)) {
                continue;
            }
            for (int c = 0; c < n; c++) {
                next[c] = table[c * n + dst];
            }
            stamp++;
            for (int src = 0; src < n; src++) {
                if (next[src] < 0) {
                    continue;
                }
                int top = 0;
                int state = (src * 7 + IN_HOST) * 8 + switchSl.applyAsInt(src, dst);
                if (seen[state] == stamp) {
                    continue;
                }
                seen[state] = stamp;
                stack[top++] = state;
                while (top > 0) {
                    int st = stack[--top];
                    int s = st & 7;
                    int inDir = st / 8 % 7;
                    int sw = st / 56;
                    int dir = next[sw];
                    int peer = peer(sw, dir);
                    if (dir < 0 || peer < 0) {
                        continue;
                    }
                    int vl = vl(inDir, dir, s);
                    int dir2 = next[peer];
                    if (dir2 >= 0) {
                        deps[(sw * 6 + dir) * VLS + vl] |= 1L << (dir2 * VLS + vl(dir ^ 1, dir2, s));
                    }
                    int st2 = (peer * 7 + (dir ^ 1)) * 8 + s;
                    if (seen[st2] != stamp) {
                        seen[st2] = stamp;
                        stack[top++] = st2;
                    }
                }
            }
        }
        return cycle();
    }

    /** The switch one step from {@code sw} in {@code dir}, or -1. */
    private int peer(int sw, int dir) {
        if (dir < 0 || !t.hasLink(sw, dir)) {
            return -1;
        }
        int d = dir / 2;
        int r = t.radix[d];
        int c = t.coord[d][sw] + (dir % 2 == 0 ? 1 : -1);
        c = t.wrap[d] ? Math.floorMod(c, r) : c;
        return c < 0 || c >= r ? -1 : t.grid[t.cellWith(sw, d, c)];
    }

    /** The VL (QoS level 0) of a hop leaving on {@code out} after arriving on {@code in} ({@link #IN_HOST}). */
    private static int vl(int in, int out, int s) {
        int od = out / 2;
        int v = (s >> od) & 1;
        return in != IN_HOST && in / 2 > od ? v | 2 : v;
    }

    private String cycle() {
        int channels = deps.length;
        byte[] color = new byte[channels];
        int[] stack = new int[channels];
        long[] pending = new long[channels];
        for (int root = 0; root < channels; root++) {
            if (color[root] != 0 || deps[root] == 0) {
                continue;
            }
            int top = 0;
            stack[top++] = root;
            pending[root] = deps[root];
            color[root] = 1;
            while (top > 0) {
                int c = stack[top - 1];
                if (pending[c] == 0) {
                    color[c] = 2;
                    top--;
                    continue;
                }
                int bit = Long.numberOfTrailingZeros(pending[c]);
                pending[c] &= pending[c] - 1;
                int peer = peer(c / VLS / 6, c / VLS % 6);
                int c2 = (peer * 6 + bit / VLS) * VLS + bit % VLS;
                if (color[c2] == 1) {
                    return describe(stack, top, c2);
                }
                if (color[c2] == 0) {
                    color[c2] = 1;
                    pending[c2] = deps[c2];
                    stack[top++] = c2;
                }
            }
        }
        return null;
    }

    private String describe(int[] stack, int top, int start) {
        int from = 0;
        while (stack[from] != start) {
            from++;
        }
        StringBuilder b = new StringBuilder();
        int[] cyc = Arrays.copyOfRange(stack, from, top);
        for (int i = 0; i < cyc.length && i < 8; i++) {
            int sw = cyc[i] / VLS / 6;
            b.append(i == 0 ? "" : " -> ").append(t.label(t.cellWith(sw, 0, t.coord[0][sw])))
                    .append("+-".charAt(cyc[i] / VLS % 6 % 2)).append("xyz".charAt(cyc[i] / VLS % 6 / 2))
                    .append(" VL").append(cyc[i] % VLS);
        }
        return cyc.length + " channels: " + b + (cyc.length > 8 ? " ..." : "");
    }
}
