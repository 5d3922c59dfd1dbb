package dev.jsm.routing.ftree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOption;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierOptions;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.TopoLink;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Shared helpers of the ftree tests. */
final class FatTreeTesting {

    /** Reports every unreachable pair; CA-to-CA traffic for the credit-loop check. */
    static final RouteVerifier VERIFIER = new RouteVerifier(new VerifierOptions(20, false));

    private FatTreeTesting() {
    }

    /** One engine run. */
    record Run(FatTreeEngine engine, RouteOutcome outcome, LftTables lfts) {
        LftTables routed() {
            assertThat(outcome.isRouted()).as(outcome.toString()).isTrue();
            return lfts;
        }

        String declineReason() {
            assertThat(outcome).isInstanceOf(RouteOutcome.Declined.class);
            return ((RouteOutcome.Declined) outcome).reason();
        }

        FatTreeSummary summary() {
            return engine.lastSummary().orElseThrow();
        }
    }

    static Run ftree(RoutingInput in, EngineOptions options) {
        FatTreeEngine engine = (FatTreeEngine) new FatTreeEngineFactory().create(options);
        LftTables out = LftTables.forInput(in);
        return new Run(engine, engine.route(in, out), out);
    }

    static Run ftree(RoutingInput in) {
        return ftree(in, EngineOptions.defaults().with(EngineOptions.ROUTING_THREADS, "1"));
    }

    /** Every switch reaches every LID it is linked to, and CA traffic has no credit loop; returns the report. */
    static VerifierReport assertCompleteAndLoopFree(RoutingInput in, LftTables lfts) {
        VerifierReport r = VERIFIER.verify(in, lfts);
        assertThat(r.unreachablePairs()).as(r.format()).isZero();
        assertThat(r.deliveredPairs()).as(r.format()).isEqualTo(r.pairs()).isPositive();
        assertThat(r.creditLoops().hasCycle()).as(r.format()).isFalse();
        return r;
    }

    /** Whether the switch of every CA port not in {@code except} delivers {@code lid}. */
    static boolean casReach(RoutingInput in, LftTables lfts, int lid, int... except) {
        for (int x = 0; x < in.endPortCount(); x++) {
            int sw = in.endPortSwitch()[x];
            int from = in.endPortBaseLid()[x];
            if (in.endPortIsSwitch()[x] || sw < 0 || from == lid || java.util.Arrays.stream(except)
                    .anyMatch(l -> l == from)) {
                continue;
            }
            int cur = sw;
            for (int hop = 0; cur != in.lidOwnerSwitch()[lid]; hop++) {
                int e = in.edgeOfPort(cur, lfts.port(cur, lid));
                if (e < 0 || hop > 64) {
                    return false;
                }
                cur = in.peerSwitch()[e];
            }
        }
        return true;
    }

    /** {@code t} plus a one-port CA {@code name} (node GUID {@code guid}) on {@code port} of switch {@code sw}. */
    static Topology withCa(Topology t, String sw, int port, String name, long guid) {
        Topology.Builder b = Topology.builder();
        for (TopoNode n : t.nodes()) {
            b.addNode(n);
        }
        for (TopoLink l : t.links()) {
            b.link(l.nodeA(), l.portA(), l.nodeB(), l.portB());
        }
        int ca = b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, name, guid, 1));
        b.link(t.indexOfName(sw), port, ca, 1);
        return b.build();
    }

    /** Options with {@code key} naming a file in {@code dir} holding {@code text}. */
    static EngineOptions withFile(EngineOptions options, Path dir, EngineOption<?> key, String text) {
        try {
            Path p = Files.writeString(dir.resolve(key.name() + ".txt"), text);
            return options.with(key, p.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
