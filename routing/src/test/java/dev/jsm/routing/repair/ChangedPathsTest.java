package dev.jsm.routing.repair;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import org.junit.jupiter.api.Test;

/**
 * The large-fabric gate's walk of the changed paths: it passes a sound minhop repair, and it finds an entry the repair
 * changed into a loop, and an entry a repair forgot on a switch whose cable went, though that entry is unchanged.
 */
class ChangedPathsTest {

    private final FabricChanges fabric = new FabricChanges("fat3:k=8", 0, 3);
    private final RoutingEngine minhop = RepairChecks.engine("minhop", EngineOptions.defaults());
    private final RoutingInput before = fabric.input();
    private final LftTables old = RepairChecks.route(minhop, before);

    @Test
    void aSoundRepairPassesAndEveryChangedEntryIsFollowed() {
        fabric.cableDown();
        RoutingInput after = fabric.input();
        LftTables repaired = repaired(after);
        FabricDiff diff = new FabricDiff(before, after);
        ChangeCount changes = new ChangeCount(diff, old, repaired);

        ChangedPaths.Result r = ChangedPaths.check(diff, repaired, changes);

        assertThat(changes.changedEntries).isPositive();
        assertThat(r.failure()).isNull();
        assertThat(r.paths()).isGreaterThan(changes.changedEntries);
    }

    @Test
    void aChangedEntryThatLoopsIsFound() {
        fabric.cableDown();
        RoutingInput after = fabric.input();
        LftTables repaired = repaired(after);
        FabricDiff diff = new FabricDiff(before, after);
        int sw = new ChangeCount(diff, old, repaired).entrySwitch[0];
        int lid = new ChangeCount(diff, old, repaired).entryLid[0];
        int next = after.peerSwitch()[after.edgeOfPort(sw, repaired.port(sw, lid))];
        int back = backPort(after, next, sw);
        repaired.lft(next)[lid] = (byte) back;

        ChangedPaths.Result r = ChangedPaths.check(diff, repaired, new ChangeCount(diff, old, repaired));

        assertThat(r.failure()).contains("to LID " + lid).contains("a loop");
    }

    @Test
    void anEntryLeftOnAGoneCableIsFoundThoughTheRepairDidNotChangeIt() {
        fabric.cableDown();
        RoutingInput after = fabric.input();
        LftTables repaired = repaired(after);
        FabricDiff diff = new FabricDiff(before, after);
        ChangeCount changes = new ChangeCount(diff, old, repaired);
        int i = 0;
        while (after.edgeOfPort(changes.entrySwitch[i], old.port(diff.beforeOf[changes.entrySwitch[i]],
                changes.entryLid[i])) >= 0) {
            i++;
        }
        int sw = changes.entrySwitch[i];
        int lid = changes.entryLid[i];
        repaired.lft(sw)[lid] = (byte) old.port(diff.beforeOf[sw], lid);

        ChangedPaths.Result r = ChangedPaths.check(diff, repaired, new ChangeCount(diff, old, repaired));

        assertThat(r.failure()).contains("to LID " + lid).contains("leads to no switch");
    }

    private LftTables repaired(RoutingInput after) {
        RepairOutcome o = RouteRepair.repair(before, old, after, RepairPolicy.of(minhop), 1);
        assertThat(o).isInstanceOf(RepairOutcome.Repaired.class);
        return ((RepairOutcome.Repaired) o).tables();
    }

    /** The port of switch {@code from} cabled to switch {@code to}. */
    private static int backPort(RoutingInput in, int from, int to) {
        for (int e = in.linkStart()[from]; e < in.linkStart()[from + 1]; e++) {
            if (in.peerSwitch()[e] == to) {
                return in.localPort()[e] & 0xFF;
            }
        }
        throw new AssertionError("no cable back");
    }
}
