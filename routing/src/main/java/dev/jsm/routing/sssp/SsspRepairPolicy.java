package dev.jsm.routing.sssp;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.minhop.MinHopOptions;
import dev.jsm.routing.minhop.ShortestPathRepairPolicy;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.RepairRules;
import java.util.function.UnaryOperator;

/**
 * sssp's {@link RepairPolicy}: its routes are always shortest (hop count first, loads second), so a repair allows
 * every port on a shortest path, as minhop's does, and takes the least loaded by route count at the switch (the
 * global link-load balance of a full pass returns with the next one). With {@code avoid_throttled_links} a fabric
 * with a throttled cable is refused: the shortest paths around those cables are not the candidates.
 *
 * <p>Immutable; thread-safe.
 */
final class SsspRepairPolicy implements RepairPolicy {

    private final SsspOptions options;
    private final ShortestPathRepairPolicy shortest;

    SsspRepairPolicy(SsspOptions options) {
        this.options = options;
        this.shortest = new ShortestPathRepairPolicy(SsspEngine.NAME, MinHopOptions.from(EngineOptions.defaults()),
                input -> UnaryOperator.identity());
    }

    @Override
    public String engine() {
        return SsspEngine.NAME;
    }

    @Override
    public boolean promisesDeadlockFreedom() {
        return false;
    }

    @Override
    public RepairRules rules(RoutingInput in, int threads) {
        if (options.avoidThrottledLinks()) {
            for (boolean throttled : in.edgeThrottled()) {
                if (throttled) {
                    return new RepairRules.Refused(SsspEngine.NAME + " avoids throttled links and the fabric has "
                            + "one: a repair's shortest-path candidates would not");
                }
            }
        }
        return shortest.rules(in, threads);
    }
}
