package dev.jsm.routing.repair;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Randomized fault sequences on generated fabrics: cables and switches down and up, CA cables down and up, hosts
 * moved to other switches, LIDs changed. After every step the old tables are repaired for the new fabric with the
 * rules of the engine that routed them (or, where the repair says so, routed by a full pass, as the daemon would: the
 * configured engine, minhop if that declines), and the result is checked by the full route
 * verifier: every connected pair delivered (for updn and dnup, exactly the pairs their own full pass delivers), no
 * credit loop where the engine promises none, and only entries that had to change changed.
 */
class RandomFaultSequenceTest {

    private static final int STEPS = 40;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} on {1}, seed {2} {3} lmc {4}")
    @CsvSource({
        "minhop, fat3:k=8, 1, '', 0",
        "minhop, 'torus:dims=4x4x3,hosts=2', 2, '', 0",
        "minhop, 'random:switches=30,radix=12,degree=4,hosts=2,seed=3', 3, '', 0",
        "sssp, fat3:k=8, 4, '', 0",
        "sssp, 'torus:dims=5x4,links=2', 5, '', 0",
        "dor, 'mesh:dims=5x5,hosts=2', 6, '', 0",
        "dor, 'hypercube:dim=5', 7, '', 0",
        "updn, fat3:k=8, 8, '', 0",
        "updn, fat3:k=8, 14, cores, 0",
        "updn, 'fat2:k=8,leaves=4,spines=2,hosts=4', 9, '', 0",
        "dnup, fat3:k=8, 10, '', 0",
        "dnup, 'fat2:k=12,leaves=6,spines=3,hosts=4', 11, '', 0",
        "ftree, 'fat2:k=8,leaves=4,spines=2,hosts=4', 12, '', 0",
        "ftree, fat3:k=8, 13, '', 0",
        "minhop, fat3:k=8, 15, '', 2",
        "updn, 'fat2:k=8,leaves=4,spines=2,hosts=4', 16, '', 1",
    })
    void everyStepLeavesTheFabricRoutedAndChangesOnlyWhatItMust(String name, String shape, long seed, String roots,
                                                                  int lmc) {
        FabricChanges fabric = new FabricChanges(shape, lmc, seed);
        EngineOptions options = roots.equals("cores") ? RepairChecks.rootFile(dir, fabric.subnet(), "core")
                : EngineOptions.defaults();
        RoutingEngine configured = RepairChecks.engine(name, options);
        RoutingEngine fallback = RepairChecks.engine("minhop", options);
        RoutingInput before = fabric.input();
        LftTables tables = RepairChecks.route(configured, before);
        assertThat(tables).as("%s routes %s", name, shape).isNotNull();
        RoutingEngine routedBy = configured;
        List<String> recomputed = new ArrayList<>();
        int repaired = 0;
        for (int step = 0; step < STEPS; step++) {
            String change = fabric.randomStep();
            RoutingInput after = fabric.input();
            RepairPolicy policy = RepairPolicy.of(routedBy);
            RepairOutcome outcome = RouteRepair.repair(before, tables, after, policy, 2);
            if (outcome instanceof RepairOutcome.Repaired r) {
                String engine = routedBy.name();
                LftTables full = RepairChecks.route(RepairChecks.engine(engine, options), after);
                String what = "step " + step + " (" + change + ") by " + engine + ": " + r.stats();
                boolean upDown = engine.equals("updn") || engine.equals("dnup");
                assertThat(full != null || engine.equals("ftree")).as(what + ": a full pass routes too").isTrue();
                RepairChecks.assertSound(after, r.tables(), upDown ? full : null, policy.promisesDeadlockFreedom());
                long changed = RepairChecks.assertOnlyForcedChanges(before, tables, after, r.tables(),
                        policy.rules(after, 2));
                assertThat(changed).as(what).isEqualTo(r.stats().entriesChanged());
                tables = r.tables();
                repaired++;
            } else {
                recomputed.add("step " + step + " (" + change + "): " + ((RepairOutcome.NeedsRecompute) outcome)
                        .reason());
                routedBy = configured;
                tables = RepairChecks.route(configured, after);
                if (tables == null) {
                    routedBy = fallback;
                    tables = RepairChecks.route(fallback, after);
                }
            }
            before = after;
        }
        if (name.equals("minhop") || name.equals("sssp") || name.equals("dor")) {
            assertThat(recomputed).as("shortest-path engines repair every change").isEmpty();
        }
        assertThat(repaired).as("repaired steps; recomputed: %s", recomputed).isGreaterThan(0);
    }
}
