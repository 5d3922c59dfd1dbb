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
        Repair x = oneCableDown();
        ChangeCount changes = new ChangeCount(x.diff, old, x.tables);

        ChangedPaths.Result r = ChangedPaths.check(x.diff, x.tables, changes);

        assertThat(changes.changedEntries).isPositive();
        assertThat(r.failure()).isNull();
        assertThat(r.paths()).isGreaterThan(changes.changedEntries);
    }

    @Test
    void aChangedEntryThatLoopsIsFound() {
        Repair x = oneCableDown();
        ChangeCount changes = new ChangeCount(x.diff, old, x.tables);
        int sw = changes.entrySwitch[0];
        int lid = changes.entryLid[0];
        RoutingInput after = x.diff.after;
        int next = after.peerSwitch()[after.edgeOfPort(sw, x.tables.port(sw, lid))];
        x.tables.lft(next)[lid] = (byte) backPort(after, next, sw);

        ChangedPaths.Result r = ChangedPaths.check(x.diff, x.tables, new ChangeCount(x.diff, old, x.tables));

        assertThat(r.failure()).contains("to LID " + lid).contains("a loop");
    }

    @Test
    void anEntryLeftOnAGoneCableIsFoundThoughTheRepairDidNotChangeIt() {
        Repair x = oneCableDown();
        FabricDiff diff = x.diff;
        ChangeCount changes = new ChangeCount(diff, old, x.tables);
        int i = 0;
        while (diff.after.edgeOfPort(changes.entrySwitch[i], old.port(diff.beforeOf[changes.entrySwitch[i]],
                changes.entryLid[i])) >= 0) {
            i++;
        }
        int sw = changes.entrySwitch[i];
        int lid = changes.entryLid[i];
        x.tables.lft(sw)[lid] = (byte) old.port(diff.beforeOf[sw], lid);

        ChangedPaths.Result r = ChangedPaths.check(diff, x.tables, new ChangeCount(diff, old, x.tables));

        assertThat(r.failure()).contains("to LID " + lid).contains("leads to no switch");
    }

    /** A minhop repair's tables and the fabric's changes. */
    private record Repair(FabricDiff diff, LftTables tables) {
    }

    /** Fails one switch-to-switch cable and repairs the tables for it. */
    private Repair oneCableDown() {
        fabric.cableDown();
        RoutingInput after = fabric.input();
        RepairOutcome o = RouteRepair.repair(before, old, after, RepairPolicy.of(minhop), 1);
        assertThat(o).isInstanceOf(RepairOutcome.Repaired.class);
        return new Repair(new FabricDiff(before, after), ((RepairOutcome.Repaired) o).tables());
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
