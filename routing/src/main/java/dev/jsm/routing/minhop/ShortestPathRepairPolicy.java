package dev.jsm.routing.minhop;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.RoutingFileException;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.RepairRules;
import java.util.function.UnaryOperator;

/**
 * The {@link RepairPolicy} of the engines built on minhop's pass: the allowed egress ports are the shortest-path
 * candidates of {@link ShortestPaths} (hop counts, or the costs of {@code hop_weights_file}), narrowed as the engine
 * narrows them (dor: the lowest dimension). Loads count as in the pass ({@code port_profile_switch_nodes},
 * {@code port_prof_ignore_file}); {@code port_shifting}, {@code scatter_ports}, LMC spreading and the routing order
 * shape full passes only, a repair takes the least loaded candidate. Routes are not promised free of credit loops
 * (dor's are only on meshes and hypercubes, and a failed cable there can close one in a full pass too).
 *
 * <p>Immutable; thread-safe.
 */
public final class ShortestPathRepairPolicy implements RepairPolicy {

    private final String engine;
    private final MinHopOptions options;
    private final MinHopPass.Narrowing narrowing;
    private final ShortestPathsMemo distances;

    /**
     * The policy of engine {@code engine} with minhop options {@code options} and the engine's narrowing of the
     * candidates ({@code input -> UnaryOperator.identity()} for minhop's own).
     */
    public ShortestPathRepairPolicy(String engine, MinHopOptions options, MinHopPass.Narrowing narrowing) {
        this(engine, options, narrowing, null);
    }

    /**
     * The policy of minhop itself, with the engine's {@code distances} of its last computation: a repair then
     * re-checks only the entries toward destinations some switch's distance to changed, and at switches whose cables
     * changed ({@link RepairRules.Candidates#sameToward}). Only for candidates not narrowed: a narrowing may depend on
     * more than the distances.
     */
    ShortestPathRepairPolicy(String engine, MinHopOptions options, MinHopPass.Narrowing narrowing,
                             ShortestPathsMemo distances) {
        this.engine = engine;
        this.options = options;
        this.narrowing = narrowing;
        this.distances = distances;
    }

    @Override
    public String engine() {
        return engine;
    }

    @Override
    public boolean promisesDeadlockFreedom() {
        return false;
    }

    /** The candidates on {@code in}; refused if a file of the options is unusable or the fabric too large. */
    @Override
    public RepairRules rules(RoutingInput in, int threads) {
        if (in.switchCount() > HopTable.MAX_SWITCHES) {
            return new RepairRules.Refused(in.switchCount() + " switches exceed " + engine + "'s limit of "
                    + HopTable.MAX_SWITCHES);
        }
        MinHopFiles files;
        UnaryOperator<EgressCandidates> narrow;
        ShortestPaths paths;
        try {
            files = MinHopFiles.load(in, options);
            narrow = narrowing.prepare(in);
            paths = distances != null ? distances.compute(in, files, threads)
                    : ShortestPaths.compute(in, files, threads);
        } catch (RoutingFileException | IllegalArgumentException e) {
            return new RepairRules.Refused(engine + ": " + e.getMessage());
        }
        return new RepairRules.Candidates(() -> narrow.apply(paths.newCandidates()), false,
                options.portProfileSwitchNodes(), files.ignoredPorts());
    }

    /**
     * The candidates on {@code after}, with the destinations toward which they cannot have changed when the engine
     * kept the distances of {@code before} ({@link RepairRules.Candidates#sameToward}).
     */
    @Override
    public RepairRules rules(RoutingInput before, RoutingInput after, int threads) {
        ShortestPaths older = distances == null ? null : distances.of(before);
        RepairRules rules = rules(after, threads);
        ShortestPaths now = older == null ? null : distances.of(after);
        if (now != null && rules instanceof RepairRules.Candidates c) {
            return c.withSameToward(now.sameDistancesToward(older));
        }
        return rules;
    }

    /** {@code RepairPolicy[minhop, shortest-path candidates]}. */
    @Override
    public String toString() {
        return "RepairPolicy[" + engine + ", shortest-path candidates]";
    }
}
