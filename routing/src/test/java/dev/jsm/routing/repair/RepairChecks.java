package dev.jsm.routing.repair;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.UnreachableReason;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.Subnet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the repair tests check after every step, independently of the repair's own gate. */
final class RepairChecks {

    static final RouteVerifier VERIFIER = new RouteVerifier();

    private RepairChecks() {
    }

    /** A new engine by name. */
    static RoutingEngine engine(String name, EngineOptions options) {
        return RoutingEngines.load().factory(name).create(options.with(EngineOptions.ROUTING_THREADS, "2"));
    }

    /** Options with a {@code root_guid_file} in {@code dir} naming the switches whose description starts so. */
    static EngineOptions rootFile(Path dir, Subnet subnet, String descriptionPrefix) {
        StringBuilder b = new StringBuilder();
        for (Node n : subnet.nodes()) {
            if (n.isSwitch() && n.description().startsWith(descriptionPrefix)) {
                b.append(Guid.toString(n.nodeGuid())).append('\n');
            }
        }
        try {
            Path file = Files.writeString(dir.resolve("roots-" + descriptionPrefix), b);
            return EngineOptions.defaults().with(EngineOptions.ROOT_GUID_FILE, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A full pass of {@code engine} on {@code in}, or {@code null} if it does not route. */
    static LftTables route(RoutingEngine engine, RoutingInput in) {
        LftTables out = LftTables.forInput(in);
        RouteOutcome o = engine.route(in, out);
        return o.isRouted() ? out : null;
    }

    /**
     * The full verifier on the repaired tables: every pair of the fabric delivered except the ones the engine's own
     * full pass leaves undelivered too ({@code fullPass}, or none), and those only for want of an entry; no credit loop
     * where the engine promises none.
     */
    static VerifierReport assertSound(RoutingInput in, LftTables repaired, LftTables fullPass, boolean deadlockFree) {
        VerifierReport r = VERIFIER.verify(in, repaired);
        long expected = fullPass == null ? 0 : VERIFIER.verify(in, fullPass).unreachablePairs();
        assertThat(r.unreachablePairs()).as(r.format()).isEqualTo(expected);
        assertThat(r.unreachableByReason().get(UnreachableReason.NO_ENTRY)).as(r.format()).isEqualTo(expected);
        assertThat(r.pairs() + r.disconnectedPairs()).isEqualTo((long) in.switchCount() * r.lids());
        if (deadlockFree) {
            assertThat(r.creditLoops().hasCycle()).as(r.format()).isFalse();
        }
        return r;
    }

    /**
     * Counts the entries the repair changed in switches present before and after, and checks that each had to change:
     * its column is new, changed or moved, or its old port is no longer an allowed candidate in {@code after} (or,
     * without candidates, its old port's cable failed). Entries of LIDs without a reachable owner must not change.
     *
     * @return the number of changed entries
     */
    static long assertOnlyForcedChanges(RoutingInput before, LftTables old, RoutingInput after, LftTables repaired,
                                        RepairRules rules) {
        FabricDiff diff = new FabricDiff(before, after);
        EgressCandidates candidates = rules instanceof RepairRules.Candidates c ? c.candidates().get() : null;
        long changed = 0;
        for (int ax = 0; ax < after.switchCount(); ax++) {
            int bx = diff.beforeOf[ax];
            if (bx < 0) {
                continue;
            }
            if (candidates != null) {
                candidates.build(ax);
            }
            int common = Math.min(before.maxLid(), after.maxLid());
            for (int lid = common + 1; lid <= after.maxLid(); lid++) {
                changed += repaired.port(ax, lid) != LftTables.NO_PATH ? 1 : 0;
            }
            for (int lid = 1; lid <= common; lid++) {
                int was = old.port(bx, lid);
                int now = repaired.port(ax, lid);
                if (was == now) {
                    continue;
                }
                changed++;
                assertThat(diff.column[lid]).as("LID %d at %s without an owner changed", lid,
                        after.describeSwitch(ax)).isNotEqualTo(FabricDiff.LEAVE);
                if (diff.column[lid] == FabricDiff.ROUTE || after.lidOwnerSwitch()[lid] == ax) {
                    continue;
                }
                if (candidates != null) {
                    assertThat(allowed(candidates, after.lidOwnerSwitch()[lid], was)).as("LID %d at %s: port %d "
                            + "was still allowed, now %d", lid, after.describeSwitch(ax), was, now).isFalse();
                } else {
                    assertThat(diff.formerNeighbour(ax, was)).as("LID %d at %s: port %d did not fail", lid,
                            after.describeSwitch(ax), was).isGreaterThanOrEqualTo(0);
                }
            }
        }
        return changed;
    }

    private static boolean allowed(EgressCandidates candidates, int d, int port) {
        for (int k = candidates.from(d); k < candidates.to(d); k++) {
            if ((candidates.ports()[k] & 0xFF) == port) {
                return true;
            }
        }
        return false;
    }
}
