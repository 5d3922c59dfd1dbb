package dev.jsm.routing.repair;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import org.junit.jupiter.api.Test;

/** The verifier gate: a repair whose tables do not deliver, or loop where the engine promises none, is refused. */
class RepairGateTest {

    /** A ring of six switches with a host each, routed by minhop (whose ring routes close a credit loop). */
    private static final String RING = "torus:dims=6";

    @Test
    void aRepairWhoseRoutesLoopNeedsAFullPassWithTheVerifiersReason() {
        FabricChanges fabric = new FabricChanges(RING, 0, 1);
        RoutingEngine minhop = RepairChecks.engine("minhop", EngineOptions.defaults());
        RoutingInput before = fabric.input();
        LftTables tables = RepairChecks.route(minhop, before);
        fabric.cableDown();

        RepairOutcome o = RouteRepair.repair(before, tables, fabric.input(), new FirstPortPolicy(), 1);

        assertThat(o).isInstanceOf(RepairOutcome.NeedsRecompute.class);
        assertThat(((RepairOutcome.NeedsRecompute) o).reason()).startsWith("the route verifier rejected the repaired "
                + "tables of first-port: ").contains("routing loop");
    }

    @Test
    void aCreditLoopIsRefusedOnlyWhereTheEnginePromisesNone() {
        FabricChanges fabric = new FabricChanges(RING, 0, 2);
        RoutingEngine minhop = RepairChecks.engine("minhop", EngineOptions.defaults());
        RoutingInput before = fabric.input();
        LftTables tables = RepairChecks.route(minhop, before);
        fabric.caDown();
        RoutingInput after = fabric.input();
        RepairPolicy honest = RepairPolicy.of(minhop);

        RepairOutcome kept = RouteRepair.repair(before, tables, after, honest, 1);
        RepairOutcome refused = RouteRepair.repair(before, tables, after, new Promising(honest), 1);

        assertThat(kept).isInstanceOf(RepairOutcome.Repaired.class);
        assertThat(((RepairOutcome.NeedsRecompute) refused).reason()).contains("credit loops: CYCLE");
    }

    @Test
    void smallFabricsAreVerifiedWholeLargeOnesByChangedColumns() {
        RoutingInput small = new FabricChanges("fat3:k=8", 0, 1).input();
        RoutingInput large = new FabricChanges("fat3:k=36,pods=6", 0, 1).input();

        assertThat(RepairGate.checksAll(small, 0)).isTrue();
        assertThat(RepairGate.checksAll(large, 0)).isFalse();
        assertThat(RepairGate.checksAll(large, 1)).as("a new switch's row touches every column").isTrue();
    }

    /** A broken engine: every entry it re-chooses leaves on the switch's first cable, toward any destination. */
    private static final class FirstPortPolicy implements RepairPolicy {
        @Override
        public String engine() {
            return "first-port";
        }

        @Override
        public boolean promisesDeadlockFreedom() {
            return false;
        }

        @Override
        public RepairRules rules(RoutingInput in, int threads) {
            return new RepairRules.Candidates(() -> new FirstPort(in), false, false, null);
        }
    }

    /** Candidates: the first switch link of each switch, whatever the destination; no entry is ever kept. */
    private record FirstPort(RoutingInput in) implements EgressCandidates {
        @Override
        public void build(int sw) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int from(int d) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int to(int d) {
            throw new UnsupportedOperationException();
        }

        @Override
        public byte[] ports() {
            throw new UnsupportedOperationException();
        }

        @Override
        public int neighbour(int port) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean allows(int sw, int d, int port) {
            return false;
        }

        @Override
        public boolean reaches(int sw, int d) {
            return in.linkStart()[sw] < in.linkStart()[sw + 1];
        }

        @Override
        public int toward(int sw, int d, byte[] out) {
            out[0] = in.localPort()[in.linkStart()[sw]];
            return 1;
        }
    }

    /** Another engine's rules, claiming freedom from credit loops. */
    private record Promising(RepairPolicy rules) implements RepairPolicy {
        @Override
        public String engine() {
            return rules.engine();
        }

        @Override
        public boolean promisesDeadlockFreedom() {
            return true;
        }

        @Override
        public RepairRules rules(RoutingInput in, int threads) {
            return rules.rules(in, threads);
        }
    }
}
