package dev.jsm.routing.nue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierOptions;
import dev.jsm.routing.verify.VerifierReport;

/** Routing and checking helpers of the nue tests. */
final class NueTesting {

    /** The verifier with switch traffic included (for {@code nue_include_switches}). */
    static final RouteVerifier WITH_SWITCHES = new RouteVerifier(new VerifierOptions(20, true));
    /** The default verifier: CA-to-CA traffic. */
    static final RouteVerifier VERIFIER = new RouteVerifier();

    private NueTesting() {
    }

    /** A routed fabric: the tables, the engine's outcome and what the pass did. */
    record Result(LftTables lfts, RouteOutcome.Routed outcome, NueSummary summary) {
    }

    /** Routes {@code in} with nue and {@code nue_max_num_vls} {@code vls} (other options default). */
    static Result nue(RoutingInput in, int vls) {
        return nue(in, EngineOptions.defaults().with(NueOptions.NUE_MAX_NUM_VLS, Integer.toString(vls)));
    }

    static Result nue(RoutingInput in, EngineOptions options) {
        LftTables out = LftTables.forInput(in);
        NueEngine engine = (NueEngine) new NueEngineFactory().create(options);
        RouteOutcome o = engine.route(in, out);
        assertThat(o.isRouted()).as("%s", o).isTrue();
        return new Result(out, (RouteOutcome.Routed) o, engine.lastSummary().orElseThrow());
    }

    /** Every pair in the same connected part delivered, no credit loop on any VL; returns the report. */
    static VerifierReport assertCompleteAndLoopFree(RoutingInput in, Result r, RouteVerifier verifier) {
        VerifierReport v = verifier.verify(in, r.lfts(), r.outcome());
        assertThat(v.unreachablePairs()).as(v.format()).isZero();
        assertThat(v.deliveredPairs()).isEqualTo(v.pairs());
        assertThat(v.creditLoops().hasCycle()).as(v.format()).isFalse();
        return v;
    }
}
