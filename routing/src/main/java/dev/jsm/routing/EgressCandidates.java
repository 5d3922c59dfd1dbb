package dev.jsm.routing;

/**
 * For one switch at a time, the egress ports an engine allows toward each destination switch: the lists minhop-style
 * port selection ({@code dev.jsm.routing.minhop.SwitchRouter}) balances routes over. minhop allows every port on a
 * shortest path; updn and dnup only the shortest ports that keep the up*&#47;down* rule. Every LID a destination
 * switch delivers shares its list, so lists are per (switch, destination switch), not per LID.
 *
 * <p>Implementations are scratch of one worker: confined to the thread that calls {@link #build}, reused switch
 * after switch.
 *
 * <p>In detail: docs/design/routing.md#egresscandidates.
 */
public interface EgressCandidates {

    /** Builds the lists of switch {@code sw}; the other methods then answer for it. */
    void build(int sw);

    /** First candidate toward destination switch {@code d} in {@link #ports()}. */
    int from(int d);

    /** End (exclusive) of the candidates toward {@code d}; equal to {@link #from} if there are none. */
    int to(int d);

    /** The candidate lists. Read-only. */
    byte[] ports();

    /** The switch on the far side of {@code port} of the current switch, or -1. */
    int neighbour(int port);

    /**
     * Whether {@code port} of switch {@code sw} is a candidate toward destination switch {@code d}, as in the list
     * {@link #build}{@code (sw)} gives; independent of the current switch.
     */
    boolean allows(int sw, int d, int port);

    /** Whether switch {@code sw} has any candidate toward destination switch {@code d}, in {@code O(1)}. */
    boolean reaches(int sw, int d);

    /**
     * The candidates of switch {@code sw} toward destination switch {@code d}, ascending, into {@code out} (room for
     * the switch's switch links); returns how many. Independent of the current switch; {@code out} must not be an
     * array of this object.
     */
    int toward(int sw, int d, byte[] out);
}
