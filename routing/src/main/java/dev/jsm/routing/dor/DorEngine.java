package dev.jsm.routing.dor;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.PortOrderFile;
import dev.jsm.routing.minhop.MinHopPass;
import dev.jsm.routing.minhop.ShortestPathRepairPolicy;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.Repairable;

/**
 * OpenSM's {@code dor} routing engine (dimension-order routing): minhop's shortest paths, but each switch sends a LID
 * through the lowest dimension among its shortest ports, a dimension being a port (or a position in the switch's
 * {@code port_search_ordering_file} line) together with the parallel links to the same neighbour, over which the
 * routes are balanced. Paths are grown from the destination back to each source by that rule, which on meshes and
 * hypercubes whose ports match the dimensions consistently yields XY (e-cube) routing: free of credit loops. Tori
 * are routed minimally too, but their rings close credit loops; dor never declines a fabric.
 *
 * <p>Immutable; {@link #route} is called by one thread at a time.
 *
 * <p>In detail: docs/design/routing.md#dorengine.
 */
public final class DorEngine implements RoutingEngine, Repairable {

    /** The engine's OpenSM name. */
    public static final String NAME = "dor";

    private final DorOptions options;

    /** An engine with {@code options}. */
    public DorEngine(DorOptions options) {
        this.options = options;
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Fills {@code out}; declines nothing. Fails if a file of the options is unusable, the fabric is too large for
     * the hop table, or the hop weights make a path cost more than 65534.
     */
    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        return MinHopPass.route(NAME, in, out, options.portSelection(), narrowing());
    }

    /**
     * The lowest dimension's candidates ({@link ShortestPathRepairPolicy} with {@link DimensionCandidates}): a
     * repaired entry follows the same dimension order a full pass would. dor does not promise freedom from credit
     * loops to the verifier gate: it has it only on meshes and hypercubes whose ports follow the dimensions, and a
     * failed cable there can close a loop in a full pass as well.
     */
    @Override
    public RepairPolicy repairPolicy() {
        return new ShortestPathRepairPolicy(NAME, options.portSelection(), narrowing());
    }

    private MinHopPass.Narrowing narrowing() {
        return input -> {
            byte[] rank = options.portSearchOrderingFile().isPresent() ? DimensionCandidates.ranks(input,
                    PortOrderFile.read(options.portSearchOrderingFile().get()).portOrder(input)) : null;
            return shortest -> new DimensionCandidates(input, shortest, rank);
        };
    }

    /** {@code dor[options]}. */
    @Override
    public String toString() {
        return NAME + options;
    }
}
