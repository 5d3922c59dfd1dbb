package dev.jsm.routing.balance;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * The directed acyclic graph of an engine's allowed egress ports toward one destination switch: for every switch
 * that reaches it, its candidate edges ({@link EgressCandidates#toward}; parallel links are separate edges), and the
 * switches in an order where every switch comes after the neighbours its candidates lead to (the destination first).
 * Candidates lead strictly closer by the engine's measure (hops, legal up*&#47;down* hops), so the graph is acyclic;
 * the order is found by peeling it from the destination (Kahn), whatever that measure is.
 *
 * <p>Layout: {@code order[0..reached-1]}, {@code order[0]} the destination; the candidate edges of {@code order[i]}
 * are {@code edges[first[i] .. first[i+1]-1]}, each reaching {@code heads[k]}. Built in {@code O(S * degree)}.
 *
 * <p>Reusable: {@link #build} replaces the previous graph. Confined to one thread.
 */
final class CandidateDag {

    private final RoutingInput in;
    private final EgressCandidates candidates;
    private final byte[] ports = new byte[256];
    private final int[] listStart;
    private final int[] listEdges;
    private final int[] pending;
    private final int[] revStart;
    private final int[] revFrom;
    private final int[] revFill;
    /** Switches reaching the destination, each after the switches its candidates lead to. */
    final int[] order;
    /** Position of each switch in {@link #order}, -1 if it does not reach the destination. */
    final int[] position;
    /** The candidate edges of {@code order[i]} are {@code edges[first[i] .. first[i+1]-1]}. */
    final int[] first;
    /** Candidate edges, grouped by the switch they leave, in {@link #order}. */
    final int[] edges;
    /** The switch each of {@link #edges} reaches. */
    final int[] heads;
    /** How many switches {@link #order} holds. */
    int reached;

    CandidateDag(RoutingInput in, EgressCandidates candidates) {
        this.in = in;
        this.candidates = candidates;
        int s = in.switchCount();
        int e = in.edgeCount();
        listStart = new int[s + 1];
        listEdges = new int[e];
        pending = new int[s];
        revStart = new int[s + 1];
        revFrom = new int[e];
        revFill = new int[s];
        order = new int[s];
        position = new int[s];
        first = new int[s + 1];
        edges = new int[e];
        heads = new int[e];
    }

    /** Builds the graph toward destination switch {@code d}. */
    void build(int d) {
        int s = in.switchCount();
        int[] peer = in.peerSwitch();
        Arrays.fill(revStart, 0);
        int k = 0;
        for (int x = 0; x < s; x++) {
            listStart[x] = k;
            int n = x == d ? 0 : candidates.toward(x, d, ports);
            for (int i = 0; i < n; i++) {
                int e = in.edgeOfPort(x, ports[i] & 0xFF);
                listEdges[k++] = e;
                revStart[peer[e] + 1]++;
            }
            pending[x] = n;
        }
        listStart[s] = k;
        for (int v = 0; v < s; v++) {
            revStart[v + 1] += revStart[v];
        }
        System.arraycopy(revStart, 0, revFill, 0, s);
        for (int x = 0; x < s; x++) {
            for (int i = listStart[x]; i < listStart[x + 1]; i++) {
                revFrom[revFill[peer[listEdges[i]]]++] = x;
            }
        }
        peel(d);
    }

    /** Orders the switches from {@code d} outward: a switch is placed once every candidate of it is. */
    private void peel(int d) {
        Arrays.fill(position, -1);
        int[] peer = in.peerSwitch();
        order[0] = d;
        position[d] = 0;
        int n = 1;
        for (int head = 0; head < n; head++) {
            int v = order[head];
            for (int i = revStart[v]; i < revStart[v + 1]; i++) {
                int x = revFrom[i];
                if (--pending[x] == 0) {
                    position[x] = n;
                    order[n++] = x;
                }
            }
        }
        reached = n;
        int k = 0;
        first[0] = 0;
        for (int i = 0; i < n; i++) {
            int x = order[i];
            for (int j = listStart[x]; j < listStart[x + 1]; j++) {
                edges[k] = listEdges[j];
                heads[k++] = peer[listEdges[j]];
            }
            first[i + 1] = k;
        }
    }
}
