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
 * moved to other switches, LIDs changed. After every step the old tables are repaired for the new fabric (or, where
 * the repair says so, routed by a full pass, as the daemon would), and the result is checked by the full route
 * verifier: every connected pair delivered (for updn and dnup, exactly the pairs their own full pass delivers), no
 * credit loop where the engine promises none, and only entries that had to change changed.
 */
class RandomFaultSequenceTest {

    private static final int STEPS = 40;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} on {1}, seed {2} {3}")
    @CsvSource({
        "minhop, fat3:k=8, 1, ''",
        "minhop, 'torus:dims=4x4x3,hosts=2', 2, ''",
        "minhop, 'random:switches=30,radix=12,degree=4,hosts=2,seed=3', 3, ''",
        "sssp, fat3:k=8, 4, ''",
        "sssp, 'torus:dims=5x4,links=2', 5, ''",
        "dor, 'mesh:dims=5x5,hosts=2', 6, ''",
        "dor, 'hypercube:dim=5', 7, ''",
        "updn, fat3:k=8, 8, ''",
        "updn, fat3:k=8, 14, cores",
        "updn, 'fat2:k=8,leaves=4,spines=2,hosts=4', 9, ''",
        "dnup, fat3:k=8, 10, ''",
        "dnup, 'fat2:k=12,leaves=6,spines=3,hosts=4', 11, ''",
        "ftree, 'fat2:k=8,leaves=4,spines=2,hosts=4', 12, ''",
        "ftree, fat3:k=8, 13, ''",
    })
    void everyStepLeavesTheFabricRoutedAndChangesOnlyWhatItMust(String name, String shape, long seed, String roots) {
        String original = name;
        FabricChanges fabric = new FabricChanges(shape, 0, seed);
        EngineOptions options = roots.equals("cores") ? RepairChecks.rootFile(dir, fabric.subnet(), "core")
                : EngineOptions.defaults();
        RoutingEngine engine = RepairChecks.engine(name, options);
        RoutingInput before = fabric.input();
        LftTables tables = RepairChecks.route(engine, before);
        assertThat(tables).as("%s routes %s", name, shape).isNotNull();
        List<String> recomputed = new ArrayList<>();
        int repaired = 0;
        for (int step = 0; step < STEPS; step++) {
            String change = fabric.randomStep();
            RoutingInput after = fabric.input();
            RepairPolicy policy = RepairPolicy.of(engine);
            RepairOutcome outcome = RouteRepair.repair(before, tables, after, policy, 2);
            if (outcome instanceof RepairOutcome.Repaired r) {
                LftTables full = RepairChecks.route(RepairChecks.engine(name, options), after);
                String what = "step " + step + " (" + change + "): " + r.stats();
                boolean upDown = name.equals("updn") || name.equals("dnup");
                assertThat(full != null || name.equals("ftree")).as(what + ": a full pass routes too").isTrue();
                RepairChecks.assertSound(after, r.tables(), upDown ? full : null,
                        policy.promisesDeadlockFreedom());
                long changed = RepairChecks.assertOnlyForcedChanges(before, tables, after, r.tables(),
                        policy.rules(after, 2));
                assertThat(changed).as(what).isEqualTo(r.stats().entriesChanged());
                tables = r.tables();
                repaired++;
            } else {
                recomputed.add("step " + step + " (" + change + "): " + ((RepairOutcome.NeedsRecompute) outcome)
                        .reason());
                tables = RepairChecks.route(engine, after);
                if (tables == null) {
                    name = "minhop";
                    engine = RepairChecks.engine(name, options);
                    tables = RepairChecks.route(engine, after);
                }
            }
            before = after;
        }
        System.out.println("DIAG " + original + " " + shape + ": repaired " + repaired + ", recomputed " + recomputed.size()
                + (recomputed.isEmpty() ? "" : " e.g. " + recomputed.get(0)));
        if (original.equals("minhop") || original.equals("sssp") || original.equals("dor")) {
            assertThat(recomputed).as("shortest-path engines repair every change").isEmpty();
        }
        assertThat(repaired).as("repaired steps; recomputed: %s", recomputed).isGreaterThan(0);
    }
}
