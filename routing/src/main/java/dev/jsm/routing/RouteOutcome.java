package dev.jsm.routing;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a routing engine's attempt ended: it routed the fabric, declined it (the topology does not suit the engine,
 * e.g. ftree on a torus), or failed (it should have routed but could not). Declined and failed both let the
 * {@link dev.jsm.routing.chain.RoutingChain} try the next engine; the difference is what the operator is told.
 *
 * <p>Immutable; safe to share. Replaces OpenSM's integer return codes of {@code ucast_build_fwd_tables}.
 */
public sealed interface RouteOutcome permits RouteOutcome.Routed, RouteOutcome.Declined, RouteOutcome.Failed {

    /** Routed with every path on SL 0 and every SL on VL 0 (the common case). */
    static Routed routed() {
        return new Routed(PathSlProvider.DEFAULT, Sl2VlProvider.ALL_VL0);
    }

    /** The topology does not suit the engine. */
    static Declined declined(String reason) {
        return new Declined(reason);
    }

    /** The engine could not route a fabric it should have. */
    static Failed failed(String reason) {
        return new Failed(reason);
    }

    /** Whether the tables were written and are to be used. */
    default boolean isRouted() {
        return this instanceof Routed;
    }

    /**
     * The LFTs are complete. Engines that put paths on service levels (lash, dfsssp, nue, torus-2QoS) also give the SL
     * of each path, for the SA's PathRecords and the verifier's credit-loop check, and the SL-to-VL mapping the
     * switches are to use. An engine may also say things the operator should read (placement warnings, layers used) and
     * give the content of its own dump files ({@code opensm-torus.dump}, {@code opensm-ftree-ca-order.dump}), which the
     * daemon writes to the dump directory.
     *
     * @param pathSl the SL of each (source LID, destination LID) path
     * @param sl2Vl the VL each switch puts an SL on, per input and output port
     * @param notes lines for the log, in order
     * @param dumpFiles file name to content, for the dump directory
     * @param mcastTree the tree every multicast group's tree must be part of, or {@code null} when any tree will do
     */
    record Routed(PathSlProvider pathSl, Sl2VlProvider sl2Vl, List<String> notes, Map<String, String> dumpFiles,
                  SwitchTree mcastTree) implements RouteOutcome {
        /** Checks for nulls and copies the lists. */
        public Routed {
            Objects.requireNonNull(pathSl, "pathSl");
            Objects.requireNonNull(sl2Vl, "sl2Vl");
            notes = List.copyOf(notes);
            dumpFiles = Map.copyOf(dumpFiles);
        }

        /** Routed with these SLs and VLs, nothing to say and no dump file. */
        public Routed(PathSlProvider pathSl, Sl2VlProvider sl2Vl) {
            this(pathSl, sl2Vl, List.of(), Map.of(), null);
        }
    }

    /**
     * The engine does not handle this topology (OpenSM engines return an error and the next one is tried).
     *
     * @param reason what did not suit, for the operator
     */
    record Declined(String reason) implements RouteOutcome {
        /** Checks for null. */
        public Declined {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The engine could not finish (or threw); its partial tables are discarded.
     *
     * @param reason what went wrong, for the operator
     */
    record Failed(String reason) implements RouteOutcome {
        /** Checks for null. */
        public Failed {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
