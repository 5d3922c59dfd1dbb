package dev.jsm.daemon.route;

import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.SweepContext;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.partitions.PartitionSet;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingChain;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingEngines;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.TopologyChain;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.portgroup.PartitionMembers;
import dev.jsm.subnet.portgroup.PortGroupFabric;
import dev.jsm.subnet.snapshot.SubnetDiff;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Unicast routing: the sweep's {@link SubnetSnapshot} goes through {@link RoutingInput#from} to the configured
 * {@link RoutingChain}, or to the routing chain over topologies in force ({@link ChainPolicies}: each step's own
 * dump files are written beside the engines' when {@code log_flags} has ROUTING); engines that declined or failed and the fallback to minhop are logged at WARN; the
 * {@link RouteVerifier} checks the tables when the sweep has ended (unreachable pairs are logged at ERROR with
 * the first few); the tables become the switches' wanted LFTs. When neither the topology nor any LID changed since
 * the last routing ({@link SubnetDiff} empty) and no other chain came into force, the routes are kept as they are, as
 * OpenSM's unicast cache would.
 *
 * <p>Confined to the SM thread, but for the route check, which runs on the event loop thread after the sweep
 * ({@link SweepContext#afterSweep}) and only logs.
 */
public final class UnicastRouting implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(UnicastRouting.class);

    private final RouteVerifier verifier = new RouteVerifier();
    private final RoutingChain chain;
    private final ChainPolicies policies;
    private final Supplier<PartitionSet> partitions;
    private final RoutingState routes;
    private SubnetSnapshot lastRouted;

    /**
     * A stage that routes with {@code chain} only, whatever {@code rch_policy_file} says (stage rigs).
     *
     * @param chain the configured routing engines ({@code routing_engine})
     * @param routes where the routing in force is recorded
     */
    public UnicastRouting(RoutingChain chain, RoutingState routes) {
        this(chain, new ChainPolicies(RoutingEngines.of(List.of())), () -> null, routes);
    }

    /**
     * @param chain the configured routing engines ({@code routing_engine})
     * @param policies the routing chain over topologies, which replaces {@code chain} while one is in force
     * @param partitions the partitions in force, for port groups that name partitions
     * @param routes where the routing in force is recorded
     */
    public UnicastRouting(RoutingChain chain, ChainPolicies policies, Supplier<PartitionSet> partitions,
                          RoutingState routes) {
        this.chain = chain;
        this.policies = policies;
        this.partitions = partitions;
        this.routes = routes;
    }

    @Override
    public String name() {
        return "unicast-routing";
    }

    @Override
    public StageOutcome run(SweepContext ctx) {
        Subnet subnet = ctx.subnet();
        SubnetSnapshot now = ctx.snapshot();
        boolean newPolicy = policies.refresh(ctx.options());
        if (!routes.takeRerouteRequest() && !newPolicy && lastRouted != null
                && SubnetDiff.between(lastRouted, now).isEmpty()) {
            LOG.log(LogLevels.VERBOSE, "topology and LIDs unchanged since the last routing: routes kept");
            return StageOutcome.CONTINUE;
        }
        RoutingInput in = RoutingInput.from(now, ctx.options().lmc());
        RoutingResult result = route(ctx, now, in);
        routes.record(in, result);
        for (String w : result.warnings()) {
            LOG.warn(w);
        }
        if (!result.isRouted()) {
            routes.recordCheck(new RouteCheck(result, null));
            LOG.error("ROUT-0501 no routing engine produced routes; the switches keep their tables");
            ctx.recordError();
            lastRouted = null;
            return StageOutcome.CONTINUE;
        }
        LOG.info("{} ({} switches, {} LIDs)", result.summary(), in.switchCount(), in.maxLid());
        RouteOutcome.Routed routed = result.routed();
        routed.notes().forEach(n -> LOG.info("{}: {}", result.engineUsed().orElse("routing"), n));
        routed.dumpFiles().forEach((name, text) -> writeDump(ctx.dumpDir().resolve(name), text));
        result.parts().forEach(p -> DumpFiles.writeStep(ctx.dumpDir(), now, ctx.options().logFlags(), p));
        ctx.afterSweep(() -> verify(in, result));
        result.tables().applyWanted(in, subnet);
        lastRouted = now;
        return StageOutcome.CONTINUE;
    }

    /** The chain over topologies in force, over the port groups resolved in this sweep's fabric, or the plain one. */
    private RoutingResult route(SweepContext ctx, SubnetSnapshot now, RoutingInput in) {
        TopologyChain topologies = policies.inForce();
        if (topologies == null) {
            return chain.route(in);
        }
        PartitionSet set = partitions.get();
        PortGroupFabric fabric = new PortGroupFabric(now, ctx.smPortGuid(),
                set == null ? PartitionMembers.NONE : set::isMember);
        return topologies.route(in, topologies.portGroups().resolve(fabric));
    }

    /** True: routing sends no MAD, and the LFT stage that follows needs only the wanted tables it leaves. */
    @Override
    public boolean overlapsNext() {
        return true;
    }

    /**
     * Checks the routes once the sweep has ended, on the event loop thread before it takes the next event (so an
     * exit after {@code -o} still reports). The check only reports: the tables are programmed whatever it finds, so
     * it need not hold the sweep up, and run beside the sweep it took CPU from the MADs on the wire (on two cores
     * fat2-648 reached SUBNET UP about 30 ms later). Unreachable pairs are logged at ERROR with the first few, credit
     * loops at VERBOSE, a moment after SUBNET UP.
     */
    private void verify(RoutingInput in, RoutingResult result) {
        VerifierReport report = verifier.verify(in, result.tables(), result.routed());
        routes.recordCheck(new RouteCheck(result, report));
        if (report.unreachablePairs() > 0) {
            StringBuilder first = new StringBuilder();
            for (VerifierReport.UnreachablePair p : report.unreachable()) {
                first.append("; ").append(p);
            }
            LOG.error("ROUT-0502 the routes leave {} of {} switch-to-LID pairs unreachable{}",
                    report.unreachablePairs(), report.pairs(), first);
        }
        if (report.creditLoops().hasCycle()) {
            LOG.log(LogLevels.VERBOSE, "ROUT-0503 the routes have a credit loop: {}", report.creditLoops());
        }
        LOG.log(LogLevels.VERBOSE, "{}", report.hops());
    }

    /** Writes one of the engine's dump files; a failure is logged, never fatal. */
    private static void writeDump(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            LOG.error("ROUT-0509 cannot write {}: {}", file, e.toString());
        }
    }
}
