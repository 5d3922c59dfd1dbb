package dev.jsm.routing;

import java.util.List;
import java.util.Optional;

/**
 * What a routing chain ({@link dev.jsm.routing.chain.RoutingChain}, {@link dev.jsm.routing.chain.TopologyChain})
 * did: the tables of the engine that routed (if one did), every attempt in order with its outcome and time, and the
 * warnings the daemon logs at WARN (each engine that declined or failed, the fallback to minhop, or that nothing
 * routed), each with a {@code ROUT-01xx} message ID.
 *
 * <p>Immutable except for the tables, which are handed over to the caller (the sweep thread).
 */
public final class RoutingResult {

    private final LftTables tables;
    private final Attempt winner;
    private final List<Attempt> attempts;
    private final List<String> warnings;
    private final List<PartRouting> parts;

    RoutingResult(LftTables tables, Attempt winner, List<Attempt> attempts, List<String> warnings) {
        this(tables, winner, attempts, warnings, List.of());
    }

    /**
     * A result, for the chains of {@code routing.chain} and a result restored from a file.
     *
     * @param tables the tables in force, or {@code null} if nothing routed
     * @param winner the attempt whose outcome stands for the result, or {@code null} if nothing routed
     * @param attempts every attempt, in order
     * @param warnings lines for the log at WARN
     * @param parts what each step of a chain over topologies did, empty for a plain chain
     */
    public RoutingResult(LftTables tables, Attempt winner, List<Attempt> attempts, List<String> warnings,
                         List<PartRouting> parts) {
        this.tables = tables;
        this.winner = winner;
        this.attempts = List.copyOf(attempts);
        this.warnings = List.copyOf(warnings);
        this.parts = List.copyOf(parts);
    }

    /**
     * This routing's engine over {@code repaired}, its tables repaired for a changed fabric in {@code nanos}
     * ({@code dev.jsm.routing.repair}): the engine's path SLs and SL2VL stand; its notes, dump files and multicast
     * tree, which described the fabric it routed, do not.
     *
     * @throws IllegalStateException if no engine routed
     */
    public RoutingResult repaired(LftTables repaired, long nanos) {
        RouteOutcome.Routed r = routed();
        Attempt a = new Attempt(winner.engine(), new RouteOutcome.Routed(r.pathSl(), r.sl2Vl()), nanos,
                winner.fallback());
        return new RoutingResult(repaired, a, List.of(a), List.of());
    }

    /** Whether an engine routed the fabric. */
    public boolean isRouted() {
        return winner != null;
    }

    /** The name of the engine that routed, if any. */
    public Optional<String> engineUsed() {
        return winner == null ? Optional.empty() : Optional.of(winner.engine());
    }

    /** Whether the implicit minhop fallback routed. */
    public boolean usedFallback() {
        return winner != null && winner.fallback();
    }

    /**
     * The winning engine's outcome (path SLs, SL2VL).
     *
     * @throws IllegalStateException if no engine routed
     */
    public RouteOutcome.Routed routed() {
        return (RouteOutcome.Routed) checkRouted().outcome();
    }

    /**
     * The winning engine's LFTs.
     *
     * @throws IllegalStateException if no engine routed
     */
    public LftTables tables() {
        checkRouted();
        return tables;
    }

    /** Every attempt, in the order tried. */
    public List<Attempt> attempts() {
        return attempts;
    }

    /**
     * What each step of a chain over topologies did (its part, its own tables, its outcome), in the order the steps
     * ran, fallbacks included; empty for a plain {@code routing_engine} chain.
     */
    public List<PartRouting> parts() {
        return parts;
    }

    /** Lines for the log at WARN, with message IDs; empty when the first engine routed. */
    public List<String> warnings() {
        return warnings;
    }

    /** One line for the log at INFO: {@code minhop routed in 212 ms (after ftree declined)}, or why nothing did. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        if (winner != null) {
            sb.append(winner.engine()).append(" routed in ").append(millis(winner.nanos()));
        } else {
            sb.append("no routing engine routed the fabric");
        }
        String sep = winner != null ? " (after " : " (";
        int shown = 0;
        for (Attempt a : attempts) {
            if (a != winner) {
                sb.append(shown++ == 0 ? sep : ", ").append(a.engine()).append(' ').append(a.verb());
            }
        }
        return shown > 0 ? sb.append(')').toString() : sb.toString();
    }

    private Attempt checkRouted() {
        if (winner == null) {
            throw new IllegalStateException(summary());
        }
        return winner;
    }

    private static String millis(long nanos) {
        // by hand: the formatter's first use (for %.1f) cost the daemon's first sweep about 10 ms
        long tenths = Math.round(nanos / 1e5);
        return tenths / 10 + "." + tenths % 10 + " ms";
    }

    /** {@code RoutingResult[summary]}. */
    @Override
    public String toString() {
        return "RoutingResult[" + summary() + "]";
    }

    /**
     * One engine's try.
     *
     * @param engine the engine name
     * @param outcome what it returned
     * @param nanos how long it ran
     * @param fallback whether it ran as the implicit minhop fallback
     */
    public record Attempt(String engine, RouteOutcome outcome, long nanos, boolean fallback) {

        /** {@code routed}, {@code declined} or {@code failed}. */
        public String verb() {
            if (outcome instanceof RouteOutcome.Routed) {
                return "routed";
            }
            return outcome instanceof RouteOutcome.Declined ? "declined" : "failed";
        }

        /** A log line: {@code ROUT-0101 routing engine 'ftree' declined: reason (3.1 ms)}. */
        public String describe() {
            String reason = "";
            if (outcome instanceof RouteOutcome.Declined d) {
                reason = ": " + d.reason();
            } else if (outcome instanceof RouteOutcome.Failed f) {
                reason = ": " + f.reason();
            }
            String id = outcome instanceof RouteOutcome.Failed ? "ROUT-0102" : "ROUT-0101";
            return id + " routing engine '" + engine + "' " + verb() + reason + " (" + millis(nanos) + ")";
        }
    }
}
