package dev.jsm.routing.sssp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierOptions;
import dev.jsm.routing.verify.VerifierReport;

/** Routing and checking helpers the sssp and dfsssp tests share. */
final class SsspTesting {

    /** The verifier with switch traffic included, as dfsssp layers it. */
    static final RouteVerifier WITH_SWITCHES = new RouteVerifier(new VerifierOptions(20, true));
    /** The default verifier: CA-to-CA traffic. */
    static final RouteVerifier VERIFIER = new RouteVerifier();

    private SsspTesting() {
    }

    /** A routed fabric: the tables and the engine's outcome. */
    record Result(LftTables lfts, RouteOutcome.Routed outcome) {
        DfssspPathSl pathSl() {
            return (DfssspPathSl) outcome.pathSl();
        }
    }

    static Result sssp(RoutingInput in) {
        LftTables out = LftTables.forInput(in);
        RouteOutcome o = new SsspEngineFactory().create(EngineOptions.defaults()).route(in, out);
        assertThat(o).isEqualTo(RouteOutcome.routed());
        return new Result(out, (RouteOutcome.Routed) o);
    }

    static Result dfsssp(RoutingInput in, EngineOptions options) {
        LftTables out = LftTables.forInput(in);
        RouteOutcome o = new DfssspEngineFactory().create(options).route(in, out);
        assertThat(o.isRouted()).as("%s", o).isTrue();
        return new Result(out, (RouteOutcome.Routed) o);
    }

    static Result dfsssp(RoutingInput in) {
        return dfsssp(in, EngineOptions.defaults());
    }

    /** Every pair in the same island delivered on a shortest path. */
    static VerifierReport assertCompleteAndMinimal(RoutingInput in, Result r, RouteVerifier verifier) {
        VerifierReport v = verifier.verify(in, r.lfts(), r.outcome());
        assertThat(v.unreachablePairs()).as(v.format()).isZero();
        assertThat(v.hops().nonMinimalPairs()).as(v.format()).isZero();
        assertThat(v.deliveredPairs()).isEqualTo(v.pairs());
        assertThat(v.pairs() + v.disconnectedPairs()).isEqualTo((long) in.switchCount() * v.lids());
        return v;
    }
}
